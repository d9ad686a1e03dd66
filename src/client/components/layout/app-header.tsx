// Header of the tool page: guest mode with a Sign In link, or a greeting, Dashboard link, avatar and Sign out.
import { Link } from 'wouter';
import { LayoutDashboard, LogIn, LogOut, Minimize2 } from 'lucide-react';
import { PRODUCT_NAME } from '../../../contract/brand';
import { displayName, useAuth, useLogout, userInitial } from '../../lib/use-auth';
import { Avatar } from '../ui/avatar';
import { Button, buttonClasses } from '../ui/button';
import { cn } from '../../lib/cn';

export function BrandLink() {
  return (
    <Link href="/" className="flex items-center gap-2 font-bold text-slate-900" aria-label={`${PRODUCT_NAME} home`}>
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-blue-600 text-white">
        <Minimize2 className="h-4 w-4" aria-hidden="true" />
      </span>
      <span className="hidden text-lg sm:inline">{PRODUCT_NAME}</span>
    </Link>
  );
}

/** First focusable element on the page: lets keyboard users jump past the header. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-blue-700 focus:shadow"
    >
      Skip to content
    </a>
  );
}

export function AppHeader() {
  const { user, isLoading } = useAuth();
  const logout = useLogout();

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <SkipLink />
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <BrandLink />
        {isLoading ? (
          <span className="h-9 w-24" aria-hidden="true" />
        ) : user ? (
          <nav aria-label="Account" className="flex min-w-0 items-center gap-2 sm:gap-3">
            <span className="min-w-0 truncate text-sm text-slate-700" data-testid="welcome">
              Welcome, <span className="font-semibold text-slate-900">{displayName(user)}</span>
            </span>
            <Link href="/dashboard" className={cn(buttonClasses('ghost', 'sm'), 'shrink-0 px-2 sm:px-3')}>
              <LayoutDashboard className="h-4 w-4" aria-hidden="true" />
              <span className="hidden sm:inline">Dashboard</span>
              <span className="sr-only sm:hidden">Dashboard</span>
            </Link>
            <Avatar src={user.profileImageUrl} initial={userInitial(user)} />
            <Button
              variant="secondary"
              size="sm"
              className="shrink-0 px-2 sm:px-3"
              disabled={logout.isPending}
              onClick={() => logout.mutate()}
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />
              <span className={logout.isPending ? undefined : 'sr-only sm:not-sr-only'}>{logout.isPending ? 'Signing out...' : 'Sign out'}</span>
            </Button>
          </nav>
        ) : (
          <div className="flex items-center gap-3">
            <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700" data-testid="guest-mode">
              Guest Mode
            </span>
            <Link href="/auth" className={buttonClasses('primary', 'sm')}>
              <LogIn className="h-4 w-4" aria-hidden="true" />
              Sign In
            </Link>
          </div>
        )}
      </div>
    </header>
  );
}
