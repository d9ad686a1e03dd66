// About the company: figures, mission, values, technology and benchmarks, milestones, customers, featured posts.
import { Link } from 'wouter';
import { Lightbulb, LifeBuoy, ShieldCheck } from 'lucide-react';
import { StaticPage } from '../components/content/static-page';
import { PageIntro } from '../components/content/page-intro';
import { SectionHeading } from '../components/content/section-heading';
import { CheckList, FeatureCard, StatCard, TestimonialCard } from '../components/content/cards';
import { MilestoneTimeline } from '../components/content/milestone-timeline';
import { ArticleSummaryCard } from '../components/content/blog-article';
import { SidebarCard } from '../components/content/sidebar-card';
import { Card } from '../components/ui/card';
import { buttonClasses } from '../components/ui/button';
import { AdSlot } from '../components/ads/ad-slot';
import { AdBanner } from '../components/ads/ad-banner';
import {
  ABOUT_STATISTICS,
  COMPANY,
  COMPANY_OVERVIEW,
  COMPLIANCE,
  CORE_VALUES,
  JPEG_FEATURES,
  MILESTONES,
  MISSION,
  PNG_FEATURES,
  RECOGNITION,
  STORY,
} from '../content/company';
import { TESTIMONIALS } from '../content/testimonials';
import { BLOG_ARTICLE_SUMMARIES, FEATURED_POSTS_LIMIT } from '../content/blog/summaries';
import { BENCHMARK_PRESET_LABELS, benchmarkDate, benchmarkFigures, ratioText, type BenchmarkPresetId } from '../content/benchmark-figures';
import { mailto } from '../content/help';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../contract/brand';

const META = {
  title: `About ${PRODUCT_NAME}`,
  description: `Founded in ${COMPANY.founded}, ${PRODUCT_NAME} helps ${COMPANY.monthlyUsers} monthly users in ${COMPANY.countries} countries shrink images by ${COMPANY.sizeReduction} with ${COMPANY.qualityRetention} visual quality retained.`,
  path: '/about',
};

const PRESET_ORDER: BenchmarkPresetId[] = ['high', 'web', 'maximum'];

function Benchmarks() {
  const f = benchmarkFigures;
  const date = benchmarkDate(f);
  return (
    <div className="mt-6" data-testid="benchmarks">
      <h3 className="text-lg font-semibold text-slate-900">Benchmarks</h3>
      <p className="mt-2 text-slate-700">
        Across {f.corpus.photos} test photos and {f.corpus.png} PNG images, our default settings cut file size by a median of{' '}
        <strong className="text-slate-900">{f.medianReductionPercent}%</strong> while retaining{' '}
        <strong className="text-slate-900">{f.qualityRetainedPercent}%</strong> of visual quality (median SSIM).
      </p>
      <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Median results per compression preset</caption>
          <thead className="bg-slate-50 text-slate-900">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">Preset</th>
              <th scope="col" className="px-4 py-2 font-semibold">Quality</th>
              <th scope="col" className="px-4 py-2 font-semibold">Median size reduction</th>
              <th scope="col" className="px-4 py-2 font-semibold">Median SSIM</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 text-slate-700">
            {PRESET_ORDER.map((id) => (
              <tr key={id}>
                <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                  {BENCHMARK_PRESET_LABELS[id]}
                </th>
                <td className="px-4 py-2">{f.presets[id].quality}</td>
                <td className="px-4 py-2">{f.presets[id].medianReductionPercent}%</td>
                <td className="px-4 py-2">{f.presets[id].medianSsim.toFixed(4)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {f.equalQuality ? (
        <p className="mt-4 text-slate-700" data-testid="benchmarks-equal-quality">
          At the same perceptual quality (butteraugli), our Web Optimized JPEGs are a median{' '}
          {ratioText(f.equalQuality.jpegVsCjpeg.web.median)} libjpeg-turbo&apos;s (cjpeg, progressive and optimised), our AVIF files{' '}
          {ratioText(f.equalQuality.avifVsCjpeg.median)} those JPEGs and our WebP files {ratioText(f.equalQuality.webpVsCjpeg.median)} them;
          lossy PNGs are {ratioText(f.equalQuality.pngVsPngquant.median)} pngquant&apos;s.
        </p>
      ) : null}
      <p className="mt-2 text-xs text-slate-600">
        {date ? `Measured by our codec benchmark on ${date}.` : 'Provisional figures; they are replaced by the next benchmark run.'}
      </p>
    </div>
  );
}

export default function AboutPage() {
  return (
    <StaticPage meta={META}>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <PageIntro title={`About ${PRODUCT_NAME}`} lead={MISSION} />
        <AdBanner slot="about-header" className="mb-8" />

        <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {ABOUT_STATISTICS.map((stat) => (
            <StatCard key={stat.label} stat={stat} />
          ))}
        </section>

        <div className="mt-12 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_320px]">
          <div className="space-y-14">
            <section aria-labelledby="mission">
              <SectionHeading id="mission" title="Our Mission and Story" />
              <Card className="p-6">
                <h3 className="text-lg font-semibold text-slate-900">Mission</h3>
                <p className="mt-2 text-slate-700">{MISSION}</p>
                <h3 className="mt-6 text-lg font-semibold text-slate-900">Story</h3>
                {STORY.map((p) => (
                  <p key={p} className="mt-2 text-slate-700">
                    {p}
                  </p>
                ))}
              </Card>
            </section>

            <section aria-labelledby="values">
              <SectionHeading id="values" title="Core Values" />
              <div className="grid gap-4 sm:grid-cols-2">
                {CORE_VALUES.map((value) => (
                  <FeatureCard key={value.title} feature={value} />
                ))}
              </div>
            </section>

            <section aria-labelledby="technical">
              <SectionHeading
                id="technical"
                title="Technical Excellence"
                subtitle={`Processing takes ${COMPANY.processingTime} on average, with ${COMPANY.sizeReduction} typical size reduction and ${COMPANY.qualityRetention} visual quality retention.`}
              />
              <div className="grid gap-4 md:grid-cols-2">
                <Card className="p-6">
                  <h3 className="text-lg font-semibold text-slate-900">JPEG optimisation</h3>
                  <CheckList items={JPEG_FEATURES} className="mt-4 text-sm" />
                </Card>
                <Card className="p-6">
                  <h3 className="text-lg font-semibold text-slate-900">PNG optimisation</h3>
                  <CheckList items={PNG_FEATURES} className="mt-4 text-sm" />
                </Card>
              </div>
              <Benchmarks />
            </section>

            <section aria-labelledby="milestones">
              <SectionHeading id="milestones" title="Milestones" subtitle="From a side project to a tool used around the world, 2024-2025." />
              <MilestoneTimeline milestones={MILESTONES} />
            </section>

            <section aria-labelledby="customers">
              <SectionHeading id="customers" title="Customer Success" subtitle="What people who compress images every day say about us." />
              <div className="grid gap-4 md:grid-cols-3">
                {TESTIMONIALS.map((t) => (
                  <TestimonialCard key={t.id} testimonial={t} />
                ))}
              </div>
              <div className="mt-6 flex flex-col gap-3 sm:flex-row">
                <a href={mailto(SUPPORT_EMAIL, 'Expert support')} className={buttonClasses('primary')}>
                  <LifeBuoy className="h-4 w-4" aria-hidden="true" />
                  Get Expert Support
                </a>
                <a href={mailto(SUPPORT_EMAIL, 'Suggestion')} className={buttonClasses('secondary')}>
                  <Lightbulb className="h-4 w-4" aria-hidden="true" />
                  Submit Suggestions
                </a>
              </div>
            </section>

            <section aria-labelledby="featured-posts">
              <SectionHeading id="featured-posts" title="From the Blog" />
              <div className="grid gap-4 md:grid-cols-3" data-testid="featured-posts">
                {BLOG_ARTICLE_SUMMARIES.slice(0, FEATURED_POSTS_LIMIT).map((article) => (
                  <ArticleSummaryCard key={article.id} article={article} />
                ))}
              </div>
              <Link href="/blog" className="mt-4 inline-block text-sm font-medium text-blue-700 underline">
                View all articles
              </Link>
            </section>
          </div>

          <aside aria-label="About sidebar" className="space-y-6">
            <SidebarCard title="Company Overview">
              <dl className="space-y-2 text-sm">
                {COMPANY_OVERVIEW.map((row) => (
                  <div key={row.label} className="flex justify-between gap-2">
                    <dt className="text-slate-600">{row.label}</dt>
                    <dd className="font-medium text-slate-900">{row.value}</dd>
                  </div>
                ))}
              </dl>
            </SidebarCard>
            <SidebarCard title="Security & Compliance">
              <ul className="space-y-2 text-sm">
                {COMPLIANCE.map((item) => (
                  <li key={item} className="flex items-center gap-2 text-slate-700">
                    <ShieldCheck className="h-4 w-4 text-green-700" aria-hidden="true" />
                    {item}
                  </li>
                ))}
              </ul>
            </SidebarCard>
            <SidebarCard title="Recognition">
              <ul className="space-y-3 text-sm">
                {RECOGNITION.map((r) => {
                  const Icon = r.icon;
                  return (
                    <li key={r.title} className="flex gap-2">
                      <Icon className="mt-0.5 h-4 w-4 flex-none text-amber-600" aria-hidden="true" />
                      <span>
                        <span className="block font-medium text-slate-900">{r.title}</span>
                        <span className="text-slate-700">{r.description}</span>
                      </span>
                    </li>
                  );
                })}
              </ul>
            </SidebarCard>
            <AdSlot size="medium" slot="about-sidebar" />
          </aside>
        </div>

        <AdBanner wide="billboard" slot="about-footer" className="mt-12" />
      </div>
    </StaticPage>
  );
}
