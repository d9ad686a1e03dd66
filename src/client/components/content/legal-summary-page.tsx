// The short legal pages (/privacy, /terms): sections, a pointer to the detailed version, and a sidebar of links.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { StaticPage } from './static-page';
import { PageIntro } from './page-intro';
import { LastUpdated, LegalSectionView } from './legal';
import { SidebarCard } from './sidebar-card';
import { Card } from '../ui/card';
import { AdSlot } from '../ads/ad-slot';
import type { LegalSection } from '../../content/types';
import type { PageMeta } from '../../lib/page-meta';

export interface LegalSummaryPageProps {
  meta: PageMeta;
  title: string;
  lead: string;
  lastUpdated: string;
  sections: LegalSection[];
  /** The closing paragraph that points to the detailed version. */
  fullVersion: ReactNode;
  sidebar: { title: string; links: readonly { href: string; label: string }[] };
  adSlot: string;
}

export function LegalSummaryPage({ meta, title, lead, lastUpdated, sections, fullVersion, sidebar, adSlot }: LegalSummaryPageProps) {
  return (
    <StaticPage meta={meta}>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <PageIntro title={title} lead={lead}>
          <LastUpdated date={lastUpdated} />
        </PageIntro>
        <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_300px]">
          <Card className="space-y-8 p-6 sm:p-8">
            {sections.map((section) => (
              <LegalSectionView key={section.id} section={section} />
            ))}
            <p className="border-t border-slate-200 pt-6 text-slate-700">{fullVersion}</p>
          </Card>
          <aside aria-label={`${title} sidebar`} className="space-y-6">
            <SidebarCard title={sidebar.title}>
              <nav aria-label={sidebar.title}>
                <ul className="space-y-2 text-sm">
                  {sidebar.links.map((link) => (
                    <li key={link.href}>
                      <Link href={link.href} className="text-blue-700 hover:underline">
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            </SidebarCard>
            <AdSlot size="medium" slot={adSlot} />
          </aside>
        </div>
      </div>
    </StaticPage>
  );
}
