// Header of the marketing, legal, blog and help pages (the tool and dashboard have their own).
import { Link } from 'wouter';
import { ImageDown } from 'lucide-react';
import { PRODUCT_NAME } from '../../../contract/brand';
import { buttonClasses } from '../ui/button';

const NAV = [
  { href: '/landing', label: 'Features' },
  { href: '/blog', label: 'Blog' },
  { href: '/help', label: 'Help' },
  { href: '/about', label: 'About' },
] as const;

export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-blue-700 focus:shadow"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <ImageDown className="h-6 w-6 text-blue-600" aria-hidden="true" />
          {PRODUCT_NAME}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-6 text-sm font-medium text-slate-700 md:flex">
          {NAV.map((item) => (
            <Link key={item.href} href={item.href} className="hover:text-blue-700">
              {item.label}
            </Link>
          ))}
        </nav>
        <Link href="/auth" className={buttonClasses('primary', 'sm')}>
          Sign In
        </Link>
      </div>
    </header>
  );
}
