// Short privacy policy; the full one is /privacy-enhanced.
import { Link } from 'wouter';
import { LegalSummaryPage } from '#client/components/content/legal-summary-page.tsx';
import { PRIVACY_LAST_UPDATED, PRIVACY_SUMMARY_SECTIONS } from '#client/content/legal/privacy.ts';
import { RETENTION_TEXT } from '#client/content/limits-text.ts';
import { PRODUCT_NAME } from '#contract/brand';

const META = {
  title: 'Privacy Policy',
  description: `How ${PRODUCT_NAME} handles your images and data: minimal collection, no selling, and automatic deletion of files ${RETENTION_TEXT}.`,
  path: '/privacy',
};

const QUICK_LINKS = [
  { href: '/', label: 'Compress Images' },
  { href: '/about', label: 'About Us' },
  { href: '/terms', label: 'Terms of Service' },
  { href: '/auth', label: 'Create Account' },
] as const;

export default function PrivacyPage() {
  return (
    <LegalSummaryPage
      meta={META}
      title="Privacy Policy"
      lead="Your images are yours. Here is, in plain words, what we do with them and with your data."
      lastUpdated={PRIVACY_LAST_UPDATED}
      sections={PRIVACY_SUMMARY_SECTIONS}
      fullVersion={
        <>
          Want every detail? Read the{' '}
          <Link href="/privacy-enhanced" className="font-medium text-blue-700 underline">
            full privacy policy
          </Link>
          .
        </>
      }
      sidebar={{ title: 'Quick Links', links: QUICK_LINKS }}
    />
  );
}
