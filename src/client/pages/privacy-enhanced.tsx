// Full privacy policy: data categories, security measures, legal bases, cookies, rights and contacts.
import { Link } from 'wouter';
import { ContentPage } from '#client/components/content/content-page.tsx';
import { ContentSection } from '#client/components/content/content-section.tsx';
import { TwoColumnPage } from '#client/components/content/two-column-page.tsx';
import { CardGrid } from '#client/components/content/card-grid.tsx';
import { DataTable, type DataColumn } from '#client/components/content/data-table.tsx';
import { FactList } from '#client/components/content/fact-list.tsx';
import { ContactCard, DataCategoryCard, LastUpdated, LegalSections, RightsList } from '#client/components/content/legal.tsx';
import { SidebarCard, SidebarLinks, inPageLinks } from '#client/components/content/sidebar-card.tsx';
import { CheckList } from '#client/components/content/cards.tsx';
import { Card } from '#client/components/ui/card.tsx';
import {
  PRIVACY_CONTACTS,
  PRIVACY_COOKIES,
  PRIVACY_DATA_CATEGORIES,
  PRIVACY_DETAILED_SECTIONS,
  PRIVACY_LAST_UPDATED,
  PRIVACY_RIGHTS,
  PRIVACY_SECTIONS,
  PRIVACY_SECURITY_MEASURES,
  RETENTION_PERIODS,
} from '#client/content/legal/privacy.ts';
import { RETENTION_TEXT } from '#client/content/limits-text.ts';
import { PRODUCT_NAME } from '#contract/brand';

const META = {
  title: 'Privacy Policy (Detailed)',
  description: `The full ${PRODUCT_NAME} privacy policy: what we collect, why, how long we keep it, how we protect it and how to exercise your GDPR and CCPA rights.`,
  path: '/privacy-enhanced',
};

// Legal bases and sharing come before the cookies; the remaining prose sections after the rights.
const BASES_AND_SHARING = PRIVACY_DETAILED_SECTIONS.slice(0, 2);
const LATER_SECTIONS = PRIVACY_DETAILED_SECTIONS.slice(2);

type Cookie = (typeof PRIVACY_COOKIES)[number];
const COOKIE_COLUMNS: DataColumn<Cookie>[] = [
  { header: 'Name', cell: (c) => c.name },
  { header: 'Type', cell: (c) => c.type },
  { header: 'Purpose', cell: (c) => c.description },
];

const RETENTION_FACTS = [
  { term: 'Images', detail: RETENTION_PERIODS.files },
  { term: 'Security logs', detail: RETENTION_PERIODS.securityLogs },
  { term: 'Account data', detail: `${RETENTION_PERIODS.accountData}; erased ${RETENTION_PERIODS.accountDeletion}` },
  { term: 'Aggregated usage', detail: RETENTION_PERIODS.aggregatedUsage },
];

export default function PrivacyEnhancedPage() {
  return (
    <ContentPage
      meta={META}
      title="Privacy Policy"
      lead={`This policy explains in detail how ${PRODUCT_NAME} collects, uses and protects personal data. Uploaded images are deleted automatically ${RETENTION_TEXT}.`}
      introExtra={<LastUpdated date={PRIVACY_LAST_UPDATED} />}
    >
      <TwoColumnPage aside={<PrivacySidebar />} asideLabel="Privacy policy sidebar" asideWidth={280} mainClassName="space-y-12">
        <ContentSection id="data-we-collect" title="Data we collect" subtitle="Each category, why we need it and how long we keep it.">
          <CardGrid>{PRIVACY_DATA_CATEGORIES.map((item) => <DataCategoryCard key={item.category} item={item} />)}</CardGrid>
        </ContentSection>

        <ContentSection id="security-measures" title="Security measures">
          <Card className="p-6">
            <CheckList items={PRIVACY_SECURITY_MEASURES} />
          </Card>
        </ContentSection>

        <LegalSections sections={BASES_AND_SHARING} />

        <ContentSection id="cookies" title="Cookies">
          <DataTable caption="Cookies and similar technologies we use" columns={COOKIE_COLUMNS} rows={PRIVACY_COOKIES} rowKey={(c) => c.name} />
        </ContentSection>

        <ContentSection
          id="your-rights"
          title="Your rights"
          subtitle={`We respond to GDPR and CCPA requests ${RETENTION_PERIODS.gdprResponse}. We may ask you to confirm your identity first.`}
        >
          <RightsList rights={PRIVACY_RIGHTS} />
        </ContentSection>

        <LegalSections sections={LATER_SECTIONS} />

        <ContentSection id="contact" title="Contact">
          <ContactCard contacts={PRIVACY_CONTACTS} />
        </ContentSection>
      </TwoColumnPage>
    </ContentPage>
  );
}

function PrivacySidebar() {
  return (
    <>
      <SidebarLinks title="On this page" navLabel="Privacy policy sections" links={inPageLinks(PRIVACY_SECTIONS)} />
      <SidebarCard title="Retention at a glance">
        <FactList facts={RETENTION_FACTS} />
      </SidebarCard>
      <p className="text-sm text-slate-700">
        Prefer a summary? Read the{' '}
        <Link href="/privacy" className="text-blue-700 underline">
          short privacy policy
        </Link>
        .
      </p>
    </>
  );
}
