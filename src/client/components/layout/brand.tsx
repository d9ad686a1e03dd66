// The brand mark every header starts with, and the skip link that comes before it.
import { Link } from 'wouter';
import { Minimize2 } from 'lucide-react';
import { PRODUCT_NAME } from '#contract/brand';

export function BrandLink() {
  return (
    <Link href="/" className="flex shrink-0 items-center gap-2 font-bold text-slate-900" aria-label={`${PRODUCT_NAME} home`}>
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-blue-600 text-white">
        <Minimize2 className="h-4 w-4" aria-hidden="true" />
      </span>
      <span className="hidden text-lg sm:inline">{PRODUCT_NAME}</span>
    </Link>
  );
}

/** First focusable element on the page: lets keyboard users jump past the header to the one <main>. */
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
