// Frame of every static page: marketing header, one <main> landmark (skip-link target), footer, and head tags.
import { useEffect, type ReactNode } from 'react';
import { SiteHeader } from '../layout/site-header';
import { SiteFooter } from '../layout/site-footer';
import { usePageMeta, type PageMeta } from '../../lib/page-meta';
import { cn } from '../../lib/cn';

export function StaticPage({ meta, children, className }: { meta: PageMeta; children: ReactNode; className?: string }) {
  usePageMeta(meta);
  useScrollToHash();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SiteHeader />
      <main id="main" tabIndex={-1} className={cn('flex-1 focus:outline-none', className)}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** Pages are loaded lazily, so the browser's own jump to "#id" happens before the target exists; repeat it once rendered. */
function useScrollToHash() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
}
