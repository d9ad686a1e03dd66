// Marketing landing page: hero, the six feature cards and a call to action.
import { Link } from 'wouter';
import { ArrowRight, BookOpen } from 'lucide-react';
import { StaticPage } from '#client/components/content/static-page.tsx';
import { FeatureGrid } from '#client/components/content/feature-grid.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { OUTLINE_ON_BLUE } from '#client/components/content/button-styles.ts';
import { AdBanner } from '#client/components/ads/ad-banner.tsx';
import { LANDING_FEATURES } from '#client/content/landing-features.ts';
import { COMPANY } from '#client/content/company-facts.ts';
import { GUEST_MAX_SIZE_TEXT, RETENTION_TEXT } from '#client/content/limits-text.ts';
import { PRODUCT_NAME } from '#contract/brand';

const META = {
  title: `${PRODUCT_NAME} - Free JPEG and PNG Image Compression`,
  description: `Compress JPEG and PNG images by ${COMPANY.savingsClaim} without visible quality loss. Free, private, batch processing, files deleted ${RETENTION_TEXT}.`,
  path: '/landing',
};

export default function LandingPage() {
  const scrollToFeatures = () => {
    const features = document.getElementById('features');
    features?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    features?.focus({ preventScroll: true });
  };

  return (
    <StaticPage meta={META}>
      <section className="bg-gradient-to-b from-blue-50 to-slate-50" aria-labelledby="hero-title">
        <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:py-28">
          <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Smaller images. Same quality. Faster pages.
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700">
            Compress JPEG and PNG images by {COMPANY.savingsClaim} in seconds. No installation, no sign-up needed, and every file
            is deleted automatically {RETENTION_TEXT}.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Link href="/" className={buttonClasses('primary', 'lg')}>
              Start Compressing
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </Link>
            <button type="button" onClick={scrollToFeatures} className={buttonClasses('secondary', 'lg')}>
              View Features
            </button>
          </div>
          <p className="mt-8 text-sm text-slate-700">
            <BookOpen className="mr-2 inline h-4 w-4 align-[-2px] text-blue-700" aria-hidden="true" />
            New to image compression? Read our guides on the{' '}
            <Link href="/blog" className="font-medium text-blue-700 underline">
              blog
            </Link>
            .
          </p>
        </div>
      </section>

      <section id="features" tabIndex={-1} aria-labelledby="features-title" className="scroll-mt-4 focus:outline-none">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="features-title" className="text-3xl font-bold tracking-tight text-slate-900">
              Everything you need to optimise images
            </h2>
            <p className="mt-3 text-slate-700">
              Built for photographers, online shops, developers and marketers who want light pages without visible compromise.
            </p>
          </div>
          <FeatureGrid items={LANDING_FEATURES} className="mt-12" />
          <AdBanner slot="landing-banner" className="mt-12" />
        </div>
      </section>

      <section aria-labelledby="cta-title" className="bg-blue-700">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white">
            Ready to compress your images?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-blue-50">
            Start right away as a guest with files up to {GUEST_MAX_SIZE_TEXT}, or sign in for unlimited file sizes, bigger batches
            and your compression history.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link href="/" className={buttonClasses('secondary', 'lg')}>
              Try for Free
            </Link>
            <Link href="/auth" className={OUTLINE_ON_BLUE}>
              Sign In for Unlimited
            </Link>
          </div>
        </div>
      </section>
    </StaticPage>
  );
}
