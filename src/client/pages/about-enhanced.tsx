// About our technology: encoders, quality assurance, use cases, key features, privacy and security.
import { Link } from 'wouter';
import { ArrowRight, Lock } from 'lucide-react';
import { StaticPage } from '../components/content/static-page';
import { PageIntro } from '../components/content/page-intro';
import { SectionHeading } from '../components/content/section-heading';
import { CheckList, FeatureCard } from '../components/content/cards';
import { Card } from '../components/ui/card';
import { buttonClasses } from '../components/ui/button';
import { OUTLINE_ON_BLUE } from '../components/content/button-styles';
import { AdBanner } from '../components/ads/ad-banner';
import { KEY_FEATURES, PRIVACY_AND_SECURITY, QUALITY_ASSURANCE, TECHNOLOGY, USE_CASES } from '../content/features';
import { COMPANY } from '../content/company-facts';
import { RETENTION_TEXT } from '../content/limits-text';
import { PRODUCT_NAME } from '../../contract/brand';

const META = {
  title: `${PRODUCT_NAME} Technology`,
  description: 'How we compress images: MozJPEG, progressive JPEGs, PNG palette and lossless optimisation, metadata removal and benchmark-driven quality assurance.',
  path: '/about-enhanced',
};

export default function AboutEnhancedPage() {
  return (
    <StaticPage meta={META}>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <PageIntro
          title={`The Technology Behind ${PRODUCT_NAME}`}
          lead={`Proven encoders, careful defaults and a privacy-first pipeline: how we make images ${COMPANY.sizeReduction} smaller while they keep looking the same.`}
        />
        <AdBanner slot="about-tech-header" className="mb-8" />

        <div className="space-y-14">
          <section aria-labelledby="technology">
            <SectionHeading id="technology" title="Our Compression Technology" />
            <div className="grid gap-4 md:grid-cols-2">
              {TECHNOLOGY.map((t) => (
                <FeatureCard key={t.title} feature={t} />
              ))}
            </div>
          </section>

          <section aria-labelledby="quality-assurance">
            <SectionHeading id="quality-assurance" title="Quality Assurance" subtitle={`${COMPANY.qualityRetention} visual quality retention, verified rather than assumed.`} />
            <Card className="p-6">
              <CheckList items={QUALITY_ASSURANCE} />
            </Card>
          </section>

          <section aria-labelledby="use-cases">
            <SectionHeading id="use-cases" title="Use Cases" subtitle="Who relies on us, and what for." />
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {USE_CASES.map((u) => (
                <FeatureCard key={u.title} feature={u} />
              ))}
            </div>
          </section>

          <section aria-labelledby="key-features">
            <SectionHeading id="key-features" title="Key Features" />
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {KEY_FEATURES.map((f) => (
                <FeatureCard key={f.title} feature={f} />
              ))}
            </div>
          </section>

          <section aria-labelledby="privacy-security">
            <SectionHeading id="privacy-security" title="Privacy and Security" />
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
          </section>

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

        <AdBanner wide="billboard" slot="about-tech-footer" className="mt-12" />
      </div>
    </StaticPage>
  );
}
