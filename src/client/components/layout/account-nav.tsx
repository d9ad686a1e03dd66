// The end of the header: the signed-in visitor's account, or what a guest can do.
import { Link, useLocation } from 'wouter';
import { LayoutDashboard, LogIn, LogOut } from 'lucide-react';
import type { User } from '#contract/api';
import { useLogout } from '#client/api/account.ts';
import { displayName, userInitial } from '#client/lib/format.ts';
import { cn } from '#client/lib/cn.ts';
import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';

export interface AccountNavProps {
  user: User;
  /** "Welcome, Ann" beside the avatar. */
  greet: boolean;
  dashboardLink: boolean;
  /** Where signing out lands; without it the page stays where it is. */
  signOutTo?: string;
}

export function AccountNav({ user, greet, dashboardLink, signOutTo }: AccountNavProps) {
  const [, navigate] = useLocation();
  const logout = useLogout(signOutTo === undefined ? undefined : () => navigate(signOutTo));
  return (
    <nav aria-label="Account" className="flex min-w-0 items-center gap-2 sm:gap-3">
      {greet && (
        <span className="min-w-0 truncate text-sm text-slate-700" data-testid="welcome">
          Welcome, <span className="font-semibold text-slate-900">{displayName(user)}</span>
        </span>
      )}
      {dashboardLink && (
        <Link href="/dashboard" className={cn(buttonClasses('ghost', 'sm'), 'shrink-0 px-2 sm:px-3')}>
          <LayoutDashboard className="h-4 w-4" aria-hidden="true" />
          <span className="hidden sm:inline">Dashboard</span>
          <span className="sr-only sm:hidden">Dashboard</span>
        </Link>
      )}
      <Avatar src={user.profileImageUrl} initial={userInitial(user)} />
      <Button variant="secondary" size="sm" className="shrink-0 px-2 sm:px-3" disabled={logout.isPending} onClick={() => logout.mutate()}>
        <LogOut className="h-4 w-4" aria-hidden="true" />
        <span className={logout.isPending ? undefined : 'sr-only sm:not-sr-only'}>{logout.isPending ? 'Signing out...' : 'Sign out'}</span>
      </Button>
    </nav>
  );
}

export function GuestNav({ guestBadge }: { guestBadge: boolean }) {
  return (
    <div className="flex shrink-0 items-center gap-3">
      {guestBadge && (
        <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700" data-testid="guest-mode">
          Guest Mode
        </span>
      )}
      <Link href="/auth" className={buttonClasses('primary', 'sm')}>
        <LogIn className="h-4 w-4" aria-hidden="true" />
        Sign In
      </Link>
    </div>
  );
}
