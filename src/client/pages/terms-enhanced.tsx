// Full terms of service: limits, obligations, acceptable use, IP and DMCA, liability, termination, disputes.
import { ContentPage } from '#client/components/content/content-page.tsx';
import { ContentSection } from '#client/components/content/content-section.tsx';
import { TwoColumnPage } from '#client/components/content/two-column-page.tsx';
import { DataTable, type DataColumn } from '#client/components/content/data-table.tsx';
import { ContactCard, LastUpdated, LegalSections } from '#client/components/content/legal.tsx';
import { SidebarLinks, inPageLinks } from '#client/components/content/sidebar-card.tsx';
import { FEATURE_LIMITS, TERMS_CONTACTS, TERMS_DETAILED_SECTIONS, TERMS_LAST_UPDATED } from '#client/content/legal/terms.ts';
import { PRODUCT_NAME } from '#contract/brand';

const META = {
  title: 'Terms of Service (Detailed)',
  description: `The full ${PRODUCT_NAME} terms: feature limits, user obligations, acceptable use, intellectual property and DMCA, liability, termination and disputes.`,
  path: '/terms-enhanced',
};

type FeatureLimit = (typeof FEATURE_LIMITS)[number];
const LIMIT_COLUMNS: DataColumn<FeatureLimit>[] = [
  { header: 'Feature', cell: (row) => row.feature },
  { header: 'Guest', cell: (row) => row.guest },
  { header: 'Signed-in user', cell: (row) => row.user },
];

const SECTION_LINKS = inPageLinks([{ id: 'feature-limits', label: 'Feature limits' }, ...TERMS_DETAILED_SECTIONS.map((s) => ({ id: s.id, label: s.title }))]);

const LEGAL_PAGES = [
  { href: '/terms', label: 'Terms summary' },
  { href: '/privacy-enhanced', label: 'Privacy Policy' },
];

export default function TermsEnhancedPage() {
  return (
    <ContentPage
      meta={META}
      title="Terms of Service"
      lead={`The complete terms that apply when you use ${PRODUCT_NAME}.`}
      introExtra={<LastUpdated date={TERMS_LAST_UPDATED} />}
    >
      <TwoColumnPage aside={<TermsSidebar />} asideLabel="Terms sidebar" asideWidth={280} mainClassName="space-y-10">
        <ContentSection id="feature-limits" title="Feature limits" subtitle="What guests and signed-in users can do.">
          <DataTable caption="Limits for guests and signed-in users" columns={LIMIT_COLUMNS} rows={FEATURE_LIMITS} rowKey={(row) => row.feature} />
        </ContentSection>

        <LegalSections sections={TERMS_DETAILED_SECTIONS} />

        <ContentSection id="legal-contact" title="Contact">
          <ContactCard contacts={TERMS_CONTACTS} />
        </ContentSection>
      </TwoColumnPage>
    </ContentPage>
  );
}

function TermsSidebar() {
  return (
    <>
      <SidebarLinks title="Sections" navLabel="Terms sections" links={SECTION_LINKS} />
      <SidebarLinks title="Legal Pages" links={LEGAL_PAGES} />
    </>
  );
}
