// Site-wide footer: links to every public page, the support address and the retention promise.
import { Link } from 'wouter';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '#contract/brand';
import { RETENTION_TEXT } from '#client/content/limits-text.ts';

const COLUMNS = [
  {
    title: 'Product',
    links: [
      { href: '/', label: 'Image Compressor' },
      { href: '/landing', label: 'Features' },
      { href: '/auth', label: 'Sign In' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { href: '/developers', label: 'API' },
      { href: '/blog', label: 'Blog' },
      { href: '/help', label: 'Help Center' },
    ],
  },
  {
    title: 'Company',
    links: [
      { href: '/about', label: 'About' },
      { href: '/about-enhanced', label: 'Our Technology' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { href: '/privacy', label: 'Privacy' },
      { href: '/privacy-enhanced', label: 'Privacy Policy (detailed)' },
      { href: '/terms', label: 'Terms' },
      { href: '/terms-enhanced', label: 'Terms of Service (detailed)' },
    ],
  },
] as const;

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <p className="font-semibold text-slate-900">{PRODUCT_NAME}</p>
          <p className="mt-2 text-sm text-slate-600">
            Online JPEG, PNG, WebP and AVIF compression that keeps your images looking the same. Uploaded files are deleted automatically {RETENTION_TEXT}.
          </p>
        </div>
        <nav aria-label="Footer" className="grid gap-8 sm:grid-cols-2 lg:col-span-4 lg:grid-cols-4">
          {COLUMNS.map((column) => (
            <div key={column.title}>
              <p className="text-sm font-semibold text-slate-900">{column.title}</p>
              <ul className="mt-3 space-y-2 text-sm">
                {column.links.map((link) => (
                  <li key={link.href}>
                    <Link href={link.href} className="text-slate-600 hover:text-blue-700 hover:underline">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-4 text-sm text-slate-600 sm:flex-row sm:justify-between">
          <p>
            © {new Date().getFullYear()} {PRODUCT_NAME}. Core compression is free.
          </p>
          <p>
            Support:{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="text-blue-700 hover:underline">
              {SUPPORT_EMAIL}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
