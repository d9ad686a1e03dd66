// Full privacy policy: data categories, security measures, legal bases, cookies, rights and contacts.
import { Link } from 'wouter';
import { StaticPage } from '../components/content/static-page';
import { PageIntro } from '../components/content/page-intro';
import { ContactList, DataCategoryCard, LastUpdated, LegalSectionView, RightsList } from '../components/content/legal';
import { SectionHeading } from '../components/content/section-heading';
import { SidebarCard } from '../components/content/sidebar-card';
import { CheckList } from '../components/content/cards';
import { Card } from '../components/ui/card';
import { AdSlot } from '../components/ads/ad-slot';
import {
  PRIVACY_CONTACTS,
  PRIVACY_COOKIES,
  PRIVACY_DATA_CATEGORIES,
  PRIVACY_DETAILED_SECTIONS,
  PRIVACY_LAST_UPDATED,
  PRIVACY_RIGHTS,
  PRIVACY_SECURITY_MEASURES,
  RETENTION_PERIODS,
} from '../content/legal/privacy';
import { RETENTION_TEXT } from '../content/limits-text';
import { PRODUCT_NAME } from '../../contract/brand';

const META = {
  title: 'Privacy Policy (Detailed)',
  description: `The full ${PRODUCT_NAME} privacy policy: what we collect, why, how long we keep it, how we protect it and how to exercise your GDPR and CCPA rights.`,
  path: '/privacy-enhanced',
};

const TOC = [
  { id: 'data-we-collect', label: 'Data we collect' },
  { id: 'security-measures', label: 'Security measures' },
  { id: 'legal-bases', label: 'Legal bases' },
  { id: 'sharing', label: 'Sharing' },
  { id: 'cookies', label: 'Cookies' },
  { id: 'your-rights', label: 'Your rights' },
  { id: 'contact', label: 'Contact' },
] as const;

export default function PrivacyEnhancedPage() {
  const [legalBases, sharing, ...rest] = PRIVACY_DETAILED_SECTIONS;
  return (
    <StaticPage meta={META}>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <PageIntro
          title="Privacy Policy"
          lead={`This policy explains in detail how ${PRODUCT_NAME} collects, uses and protects personal data. Uploaded images are deleted automatically ${RETENTION_TEXT}.`}
        >
          <LastUpdated date={PRIVACY_LAST_UPDATED} />
        </PageIntro>

        <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_280px]">
          <div className="space-y-12">
            <section aria-labelledby="data-we-collect" className="scroll-mt-6">
              <SectionHeading id="data-we-collect" title="Data we collect" subtitle="Each category, why we need it and how long we keep it." />
              <div className="grid gap-4 md:grid-cols-2">
                {PRIVACY_DATA_CATEGORIES.map((item) => (
                  <DataCategoryCard key={item.category} item={item} />
                ))}
              </div>
            </section>

            <section aria-labelledby="security-measures" className="scroll-mt-6">
              <SectionHeading id="security-measures" title="Security measures" />
              <Card className="p-6">
                <CheckList items={PRIVACY_SECURITY_MEASURES} />
              </Card>
            </section>

            <Card className="space-y-8 p-6 sm:p-8">
              {legalBases && <LegalSectionView section={legalBases} />}
              {sharing && <LegalSectionView section={sharing} />}
            </Card>

            <section aria-labelledby="cookies" className="scroll-mt-6">
              <SectionHeading id="cookies" title="Cookies" />
              <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Cookies and similar technologies we use</caption>
                  <thead className="bg-slate-50 text-slate-900">
                    <tr>
                      <th scope="col" className="px-4 py-2 font-semibold">Name</th>
                      <th scope="col" className="px-4 py-2 font-semibold">Type</th>
                      <th scope="col" className="px-4 py-2 font-semibold">Purpose</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200 text-slate-700">
                    {PRIVACY_COOKIES.map((c) => (
                      <tr key={c.name}>
                        <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                          {c.name}
                        </th>
                        <td className="px-4 py-2">{c.type}</td>
                        <td className="px-4 py-2">{c.description}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>

            <section aria-labelledby="your-rights" className="scroll-mt-6">
              <SectionHeading
                id="your-rights"
                title="Your rights"
                subtitle={`We respond to GDPR and CCPA requests ${RETENTION_PERIODS.gdprResponse}. We may ask you to confirm your identity first.`}
              />
              <RightsList rights={PRIVACY_RIGHTS} />
            </section>

            <Card className="space-y-8 p-6 sm:p-8">
              {rest.map((section) => (
                <LegalSectionView key={section.id} section={section} />
              ))}
            </Card>

            <section aria-labelledby="contact" className="scroll-mt-6">
              <SectionHeading id="contact" title="Contact" />
              <Card className="p-6">
                <ContactList contacts={PRIVACY_CONTACTS} />
              </Card>
            </section>
          </div>

          <aside aria-label="Privacy policy sidebar" className="space-y-6">
            <SidebarCard title="On this page">
              <nav aria-label="Privacy policy sections">
                <ul className="space-y-2 text-sm">
                  {TOC.map((t) => (
                    <li key={t.id}>
                      <a href={`#${t.id}`} className="text-blue-700 hover:underline">
                        {t.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            </SidebarCard>
            <SidebarCard title="Retention at a glance">
              <dl className="space-y-2 text-sm">
                <div>
                  <dt className="font-medium text-slate-900">Images</dt>
                  <dd className="text-slate-700">{RETENTION_PERIODS.files}</dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-900">Security logs</dt>
                  <dd className="text-slate-700">{RETENTION_PERIODS.securityLogs}</dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-900">Account data</dt>
                  <dd className="text-slate-700">
                    {RETENTION_PERIODS.accountData}; erased {RETENTION_PERIODS.accountDeletion}
                  </dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-900">Aggregated usage</dt>
                  <dd className="text-slate-700">{RETENTION_PERIODS.aggregatedUsage}</dd>
                </div>
              </dl>
            </SidebarCard>
            <p className="text-sm text-slate-700">
              Prefer a summary? Read the{' '}
              <Link href="/privacy" className="text-blue-700 underline">
                short privacy policy
              </Link>
              .
            </p>
            <AdSlot size="medium" slot="privacy-detailed-sidebar" />
          </aside>
        </div>
      </div>
    </StaticPage>
  );
}
