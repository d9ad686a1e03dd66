// The short legal pages (/privacy, /terms): sections, a pointer to the detailed version, and a sidebar of links.
// No ads: a legal text is read to decide whether to trust us, not to be sold to (docs/decisions/0554-tool-first-ads-after.md).
import type { ReactNode } from 'react';
import { ContentPage } from './content-page';
import { LastUpdated, LegalSections } from './legal';
import { SidebarLinks, type SidebarLink } from './sidebar-card';
import { TwoColumnPage } from './two-column-page';
import type { LegalSection } from '#client/content/types.ts';
import type { PageMeta } from '#client/lib/page-meta.ts';

export interface LegalSummaryPageProps {
  meta: PageMeta;
  title: string;
  lead: string;
  lastUpdated: string;
  sections: LegalSection[];
  /** The closing paragraph that points to the detailed version. */
  fullVersion: ReactNode;
  sidebar: { title: string; links: readonly SidebarLink[] };
}

export function LegalSummaryPage({ meta, title, lead, lastUpdated, sections, fullVersion, sidebar }: LegalSummaryPageProps) {
  const aside = <SidebarLinks title={sidebar.title} links={sidebar.links} />;
  return (
    <ContentPage meta={meta} title={title} lead={lead} introExtra={<LastUpdated date={lastUpdated} />}>
      <TwoColumnPage aside={aside} asideLabel={`${title} sidebar`} asideWidth={300}>
        <LegalSections sections={sections}>
          <p className="border-t border-slate-200 pt-6 text-slate-700">{fullVersion}</p>
        </LegalSections>
      </TwoColumnPage>
    </ContentPage>
  );
}
