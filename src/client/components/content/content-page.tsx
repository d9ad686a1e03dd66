// The skeleton of a content page: the static frame, one centred column, the intro (back link, the page's h1, lead),
// and the page's header and footer ad banners around whatever the page puts between them.
import type { ReactNode } from 'react';
import { AdBanner } from '#client/components/ads/ad-banner.tsx';
import type { PageMeta } from '#client/lib/page-meta.ts';
import { cn } from '#client/lib/cn.ts';
import { PageIntro } from './page-intro';
import { StaticPage } from './static-page';

export interface ContentPageProps {
  meta: PageMeta;
  title: string;
  lead?: ReactNode;
  /** Below the lead, e.g. a legal page's "Last updated". */
  introExtra?: ReactNode;
  /** Ad slot names of the banners above and below the content. */
  ads?: { header?: string; footer?: string };
  /** A reference reads better in a narrower column. */
  width?: 'wide' | 'narrow';
  children: ReactNode;
}

export function ContentPage({ meta, title, lead, introExtra, ads, width = 'wide', children }: ContentPageProps) {
  return (
    <StaticPage meta={meta}>
      <div className={cn('mx-auto px-4 py-8', width === 'wide' ? 'max-w-6xl' : 'max-w-5xl')}>
        <PageIntro title={title} lead={lead}>
          {introExtra}
        </PageIntro>
        {ads?.header && <AdBanner slot={ads.header} className="mb-8" />}
        {children}
        {ads?.footer && <AdBanner wide="billboard" slot={ads.footer} className="mt-12" />}
      </div>
    </StaticPage>
  );
}
