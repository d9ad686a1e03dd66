// Full terms of service: limits, obligations, acceptable use, IP and DMCA, liability, termination, disputes.
import { Link } from 'wouter';
import { StaticPage } from '../components/content/static-page';
import { PageIntro } from '../components/content/page-intro';
import { ContactList, LastUpdated, LegalSectionView } from '../components/content/legal';
import { SectionHeading } from '../components/content/section-heading';
import { SidebarCard } from '../components/content/sidebar-card';
import { Card } from '../components/ui/card';
import { AdSlot } from '../components/ads/ad-slot';
import { FEATURE_LIMITS, TERMS_CONTACTS, TERMS_DETAILED_SECTIONS, TERMS_LAST_UPDATED } from '../content/legal/terms';
import { PRODUCT_NAME } from '../../contract/brand';

const META = {
  title: 'Terms of Service (Detailed)',
  description: `The full ${PRODUCT_NAME} terms: feature limits, user obligations, acceptable use, intellectual property and DMCA, liability, termination and disputes.`,
  path: '/terms-enhanced',
};

export default function TermsEnhancedPage() {
  return (
    <StaticPage meta={META}>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <PageIntro title="Terms of Service" lead={`The complete terms that apply when you use ${PRODUCT_NAME}.`}>
          <LastUpdated date={TERMS_LAST_UPDATED} />
        </PageIntro>

        <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_280px]">
          <div className="space-y-10">
            <section aria-labelledby="feature-limits" className="scroll-mt-6">
              <SectionHeading id="feature-limits" title="Feature limits" subtitle="What guests and signed-in users can do." />
              <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Limits for guests and signed-in users</caption>
                  <thead className="bg-slate-50 text-slate-900">
                    <tr>
                      <th scope="col" className="px-4 py-2 font-semibold">Feature</th>
                      <th scope="col" className="px-4 py-2 font-semibold">Guest</th>
                      <th scope="col" className="px-4 py-2 font-semibold">Signed-in user</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200 text-slate-700">
                    {FEATURE_LIMITS.map((row) => (
                      <tr key={row.feature}>
                        <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                          {row.feature}
                        </th>
                        <td className="px-4 py-2">{row.guest}</td>
                        <td className="px-4 py-2">{row.user}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>

            <Card className="space-y-8 p-6 sm:p-8">
              {TERMS_DETAILED_SECTIONS.map((section) => (
                <LegalSectionView key={section.id} section={section} />
              ))}
            </Card>

            <section aria-labelledby="legal-contact" className="scroll-mt-6">
              <SectionHeading id="legal-contact" title="Contact" />
              <Card className="p-6">
                <ContactList contacts={TERMS_CONTACTS} />
              </Card>
            </section>
          </div>

          <aside aria-label="Terms sidebar" className="space-y-6">
            <SidebarCard title="Sections">
              <nav aria-label="Terms sections">
                <ul className="space-y-2 text-sm">
                  <li>
                    <a href="#feature-limits" className="text-blue-700 hover:underline">
                      Feature limits
                    </a>
                  </li>
                  {TERMS_DETAILED_SECTIONS.map((s) => (
                    <li key={s.id}>
                      <a href={`#${s.id}`} className="text-blue-700 hover:underline">
                        {s.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            </SidebarCard>
            <SidebarCard title="Legal Pages">
              <ul className="space-y-2 text-sm">
                <li>
                  <Link href="/terms" className="text-blue-700 hover:underline">
                    Terms summary
                  </Link>
                </li>
                <li>
                  <Link href="/privacy-enhanced" className="text-blue-700 hover:underline">
                    Privacy Policy
                  </Link>
                </li>
              </ul>
            </SidebarCard>
            <AdSlot size="medium" slot="terms-detailed-sidebar" />
          </aside>
        </div>
      </div>
    </StaticPage>
  );
}
