// The frame of every page but the 404: skip link, one header with the same navigation everywhere (Compress, API,
// Features, Help, Blog, About; "API" stays visible on a phone) that knows whether the visitor is signed in, the
// page's single <main> (the skip link's target) and the footer. The variants differ only at the header's end:
// - tool (/): greeting, Dashboard link, avatar and Sign out, or "Guest Mode" and Sign In; the header stays in view.
// - site (marketing, legal, blog, help, developers): Sign In, or the account without a greeting.
// - focused (/auth): no Sign In (it is the page itself), no Dashboard link; signing out leaves for /.
// - dashboard: as focused, plus "Back to Compressor" (a link to /), the way back our product description names.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { useAuth } from '#client/api/account.ts';
import { cn } from '#client/lib/cn.ts';
import { AccountNav, GuestNav } from './account-nav';
import { BrandLink, SkipLink } from './brand';
import { SiteFooter } from './site-footer';

export type PageShellVariant = 'tool' | 'site' | 'focused' | 'dashboard';

interface VariantLayout {
  sticky: boolean;
  greet: boolean;
  dashboardLink: boolean;
  /** What a guest sees at the end of the header. */
  guest: 'badge-and-sign-in' | 'sign-in' | null;
  signOutTo?: string;
  /** A "Back to Compressor" link (to /) at the header's end. */
  backToTool?: boolean;
}

const VARIANTS: Record<PageShellVariant, VariantLayout> = {
  tool: { sticky: true, greet: true, dashboardLink: true, guest: 'badge-and-sign-in' },
  site: { sticky: false, greet: false, dashboardLink: true, guest: 'sign-in' },
  // Only /dashboard shows a signed-in header here (/auth sends a signed-in visitor away), and after signing out
  // there is nothing left on it for a guest.
  focused: { sticky: false, greet: false, dashboardLink: false, guest: null, signOutTo: '/' },
  dashboard: { sticky: false, greet: false, dashboardLink: false, guest: null, signOutTo: '/', backToTool: true },
};

/** `phone`: also shown below the md breakpoint, where the header has room for one link. */
export const SITE_NAV = [
  { href: '/', label: 'Compress', phone: false },
  { href: '/developers', label: 'API', phone: true },
  { href: '/landing', label: 'Features', phone: false },
  { href: '/help', label: 'Help', phone: false },
  { href: '/blog', label: 'Blog', phone: false },
  { href: '/about', label: 'About', phone: false },
] as const;

function SiteNav() {
  return (
    <nav aria-label="Main" className="flex min-w-0 items-center gap-4 text-sm font-medium text-slate-700 lg:gap-6">
      {SITE_NAV.map((item) => (
        <Link key={item.href} href={item.href} className={cn('hover:text-blue-700', !item.phone && 'hidden md:inline')}>
          {item.label}
        </Link>
      ))}
    </nav>
  );
}

function HeaderEnd({ layout }: { layout: VariantLayout }) {
  const { user, isLoading } = useAuth();
  // Only without the page's session bootstrap (the dev server): hold the space so nothing shifts when it arrives.
  if (isLoading) return <span className="h-9 w-24" aria-hidden="true" data-testid="session-pending" />;
  if (user) return <AccountNav user={user} greet={layout.greet} dashboardLink={layout.dashboardLink} signOutTo={layout.signOutTo} />;
  return layout.guest ? <GuestNav guestBadge={layout.guest === 'badge-and-sign-in'} /> : null;
}

function PageHeader({ variant }: { variant: PageShellVariant }) {
  const layout = VARIANTS[variant];
  return (
    <header className={cn('border-b border-slate-200', layout.sticky ? 'sticky top-0 z-30 bg-white/95 backdrop-blur' : 'bg-white')}>
      <SkipLink />
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <div className="flex min-w-0 items-center gap-4 sm:gap-6">
          <BrandLink />
          <SiteNav />
        </div>
        <div className="flex flex-none items-center gap-3">
          {layout.backToTool && (
            <Link href="/" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-blue-700 hover:underline" data-testid="back-to-compressor">
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Back to Compressor</span>
            </Link>
          )}
          <HeaderEnd layout={layout} />
        </div>
      </div>
    </header>
  );
}

export function PageShell({ variant, className, children }: { variant: PageShellVariant; className?: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <PageHeader variant={variant} />
      <main id="main" tabIndex={-1} className={cn('w-full flex-1 focus:outline-none', className)}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
