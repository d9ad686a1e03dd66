// Short terms of service; the full terms are /terms-enhanced.
import { Link } from 'wouter';
import { LegalSummaryPage } from '#client/components/content/legal-summary-page.tsx';
import { TERMS_LAST_UPDATED, TERMS_SUMMARY_SECTIONS } from '#client/content/legal/terms.ts';
import { PRODUCT_NAME } from '#contract/brand';

const META = {
  title: 'Terms of Service',
  description: `The rules for using ${PRODUCT_NAME}: free core compression, clear limits, your images stay yours.`,
  path: '/terms',
};

const LEGAL_PAGES = [
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/about', label: 'About Us' },
  { href: '/', label: 'Image Compressor' },
  { href: '/auth', label: 'Sign In' },
] as const;

export default function TermsPage() {
  return (
    <LegalSummaryPage
      meta={META}
      title="Terms of Service"
      lead="The short, readable version of the rules for using our service."
      lastUpdated={TERMS_LAST_UPDATED}
      sections={TERMS_SUMMARY_SECTIONS}
      fullVersion={
        <>
          The{' '}
          <Link href="/terms-enhanced" className="font-medium text-blue-700 underline">
            full terms of service
          </Link>{' '}
          cover limits, acceptable use, intellectual property, liability and disputes in detail.
        </>
      }
      sidebar={{ title: 'Legal Pages', links: LEGAL_PAGES }}
    />
  );
}
