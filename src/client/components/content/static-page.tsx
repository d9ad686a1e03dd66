// Frame of every static page: the site variant of the page shell, plus its head tags and in-page anchors.
import { useEffect, type ReactNode } from 'react';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { usePageMeta, type PageMeta } from '#client/lib/page-meta.ts';

export function StaticPage({ meta, children }: { meta: PageMeta; children: ReactNode }) {
  usePageMeta(meta);
  useScrollToHash();
  return (
    <PageShell variant="site">
      {children}
    </PageShell>
  );
}

/** Pages are loaded lazily, so the browser's own jump to "#id" happens before the target exists; repeat it once rendered. */
function useScrollToHash() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
}
