// About our technology: encoders, quality assurance, use cases, key features, privacy and security.
import { Link } from 'wouter';
import { ArrowRight, Lock } from 'lucide-react';
import { ContentPage } from '#client/components/content/content-page.tsx';
import { ContentSection } from '#client/components/content/content-section.tsx';
import { FeatureGrid } from '#client/components/content/feature-grid.tsx';
import { CheckList } from '#client/components/content/cards.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { OUTLINE_ON_BLUE } from '#client/components/content/button-styles.ts';
import { KEY_FEATURES, PRIVACY_AND_SECURITY, QUALITY_ASSURANCE, TECHNOLOGY, USE_CASES } from '#client/content/features.ts';
import { COMPANY } from '#client/content/company-facts.ts';
import { RETENTION_TEXT } from '#client/content/limits-text.ts';
import { PRODUCT_NAME } from '#contract/brand';

const META = {
  title: `${PRODUCT_NAME} Technology`,
  description: 'How we compress images: MozJPEG, progressive JPEGs, PNG palette and lossless optimisation, metadata removal and benchmark-driven quality assurance.',
  path: '/about-enhanced',
};

export default function AboutEnhancedPage() {
  return (
    <ContentPage
      meta={META}
      title={`The Technology Behind ${PRODUCT_NAME}`}
      lead={`Proven encoders, careful defaults and a privacy-first pipeline: how we make images ${COMPANY.sizeReduction} smaller while they keep looking the same.`}
      ads={{ header: 'about-tech-header', footer: 'about-tech-footer' }}
    >
      <div className="space-y-14">
        <ContentSection id="technology" title="Our Compression Technology">
          <FeatureGrid items={TECHNOLOGY} columns={2} />
        </ContentSection>

        <ContentSection id="quality-assurance" title="Quality Assurance" subtitle={`${COMPANY.qualityRetention} visual quality retention, verified rather than assumed.`}>
          <Card className="p-6">
            <CheckList items={QUALITY_ASSURANCE} />
          </Card>
        </ContentSection>

        <ContentSection id="use-cases" title="Use Cases" subtitle="Who relies on us, and what for.">
          <FeatureGrid items={USE_CASES} />
        </ContentSection>

        <ContentSection id="key-features" title="Key Features">
          <FeatureGrid items={KEY_FEATURES} />
        </ContentSection>

        <ContentSection id="privacy-security" title="Privacy and Security">
          <Card className="flex flex-col gap-6 p-6 md:flex-row">
            <Lock className="h-10 w-10 flex-none text-blue-700" aria-hidden="true" />
            <div>
              <CheckList items={PRIVACY_AND_SECURITY} />
              <p className="mt-4 text-sm text-slate-700">
                Read the details in our{' '}
                <Link href="/privacy-enhanced" className="text-blue-700 underline">
                  privacy policy
                </Link>
                .
              </p>
            </div>
          </Card>
        </ContentSection>

        <section aria-labelledby="get-started" className="rounded-2xl bg-blue-700 px-6 py-12 text-center">
          <h2 id="get-started" className="text-3xl font-bold tracking-tight text-white">
            See the difference on your own images
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-blue-50">Free to use, no installation, and your files are deleted automatically {RETENTION_TEXT}.</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link href="/" className={buttonClasses('secondary', 'lg')}>
              Start Compressing Now
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </Link>
            <Link href="/auth" className={OUTLINE_ON_BLUE}>
              Create Free Account
            </Link>
          </div>
        </section>
      </div>
    </ContentPage>
  );
}
