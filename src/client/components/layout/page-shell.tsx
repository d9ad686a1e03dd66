// The frame of every page but the 404: skip link, one header that knows whether the visitor is signed in, the page's
// single <main> (the skip link's target) and, where the page has one, the footer. The variants follow the spec's
// differences between the pages:
// - tool (/): greeting, Dashboard link, avatar and Sign out, or "Guest Mode" and Sign In; the header stays in view.
// - site (marketing, legal, blog, help, developers): site navigation, then Sign In, or the account without a greeting.
// - focused (/auth, /dashboard): "Back to Compressor" instead of navigation, no footer; signing out leaves for /.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useAuth } from '#client/api/account.ts';
import { cn } from '#client/lib/cn.ts';
import { BackLink } from '#client/components/content/back-link.tsx';
import { AccountNav, GuestNav } from './account-nav';
import { BrandLink, SkipLink } from './brand';
import { SiteFooter } from './site-footer';

export type PageShellVariant = 'tool' | 'site' | 'focused';

interface VariantLayout {
  sticky: boolean;
  nav: 'site' | 'back' | null;
  greet: boolean;
  dashboardLink: boolean;
  /** What a guest sees at the end of the header. */
  guest: 'badge-and-sign-in' | 'sign-in' | null;
  footer: boolean;
  signOutTo?: string;
}

const VARIANTS: Record<PageShellVariant, VariantLayout> = {
  tool: { sticky: true, nav: null, greet: true, dashboardLink: true, guest: 'badge-and-sign-in', footer: true },
  site: { sticky: false, nav: 'site', greet: false, dashboardLink: true, guest: 'sign-in', footer: true },
  // Only /dashboard shows a signed-in header here (/auth sends a signed-in visitor away), and after signing out
  // there is nothing left on it for a guest.
  focused: { sticky: false, nav: 'back', greet: false, dashboardLink: false, guest: null, footer: false, signOutTo: '/' },
};

const SITE_NAV = [
  { href: '/landing', label: 'Features' },
  { href: '/blog', label: 'Blog' },
  { href: '/help', label: 'Help' },
  { href: '/about', label: 'About' },
] as const;

function SiteNav() {
  return (
    <nav aria-label="Main" className="hidden items-center gap-6 text-sm font-medium text-slate-700 md:flex">
      {SITE_NAV.map((item) => (
        <Link key={item.href} href={item.href} className="hover:text-blue-700">
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
        <div className="flex min-w-0 items-center gap-3 sm:gap-4">
          <BrandLink />
          {layout.nav === 'back' && <BackLink label="Back to Compressor" className="shrink-0" />}
        </div>
        {layout.nav === 'site' && <SiteNav />}
        <HeaderEnd layout={layout} />
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
      {VARIANTS[variant].footer && <SiteFooter />}
    </div>
  );
}
