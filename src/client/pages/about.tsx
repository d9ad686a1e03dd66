// About the company: figures, mission, values, technology and benchmarks, milestones, customers, featured posts.
import { Link } from 'wouter';
import { Lightbulb, LifeBuoy, ShieldCheck } from 'lucide-react';
import { ContentPage } from '#client/components/content/content-page.tsx';
import { ContentSection } from '#client/components/content/content-section.tsx';
import { TwoColumnPage } from '#client/components/content/two-column-page.tsx';
import { CardGrid } from '#client/components/content/card-grid.tsx';
import { FeatureGrid } from '#client/components/content/feature-grid.tsx';
import { FactList } from '#client/components/content/fact-list.tsx';
import { CheckList, StatCard } from '#client/components/content/cards.tsx';
import { MilestoneTimeline } from '#client/components/content/milestone-timeline.tsx';
import { Benchmarks } from '#client/components/content/benchmarks.tsx';
import { ArticleSummaryCard } from '#client/components/content/blog-article.tsx';
import { SidebarCard } from '#client/components/content/sidebar-card.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { AdSlot } from '#client/components/ads/ad-slot.tsx';
import {
  aboutStatistics,
  COMPANY,
  companyOverview,
  CORE_VALUES,
  JPEG_FEATURES,
  MILESTONES,
  MISSION,
  PNG_FEATURES,
  recognition,
  SECURITY_PRACTICES,
  STORY,
} from '#client/content/company.ts';
import { benchmarkFigures } from '#client/content/benchmark-figures.ts';
import { useSiteFacts } from '#client/api/site-facts.ts';
import { CustomerWords } from '#client/components/tool/testimonials.tsx';
import { BLOG_ARTICLE_SUMMARIES, FEATURED_POSTS_LIMIT } from '#client/content/blog/summaries.ts';
import { mailto } from '#client/content/help.ts';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '#contract/brand';
import type { SiteFacts } from '#contract/site-facts';

const META = {
  title: `About ${PRODUCT_NAME}`,
  description: `${PRODUCT_NAME} shrinks images by a measured median of ${benchmarkFigures.medianReductionPercent}% with ${COMPANY.qualityRetention} visual quality retained: our mission, our benchmarks and this site's own figures.`,
  path: '/about',
};

export default function AboutPage() {
  const { data: facts } = useSiteFacts();
  return (
    <ContentPage meta={META} title={`About ${PRODUCT_NAME}`} lead={MISSION} ads={{ header: 'about-header', footer: 'about-footer' }}>
      <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="key-figures" aria-busy={!facts || undefined}>
        {aboutStatistics(facts).map((stat) => (
          <StatCard key={stat.label} stat={stat} />
        ))}
      </section>

      <TwoColumnPage aside={<AboutSidebar facts={facts} />} asideLabel="About sidebar" className="mt-12" mainClassName="space-y-14">
        <ContentSection id="mission" title="Our Mission and Story">
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
        </ContentSection>

        <ContentSection id="values" title="Core Values">
          <FeatureGrid items={CORE_VALUES} columns={2} />
        </ContentSection>

        <ContentSection
          id="technical"
          title="Technical Excellence"
          subtitle={`Measured, not claimed: ${COMPANY.sizeReduction} median size reduction across our presets, with ${COMPANY.qualityRetention} visual quality retention.`}
        >
          <CardGrid>
            <Card className="p-6">
              <h3 className="text-lg font-semibold text-slate-900">JPEG optimisation</h3>
              <CheckList items={JPEG_FEATURES} className="mt-4 text-sm" />
            </Card>
            <Card className="p-6">
              <h3 className="text-lg font-semibold text-slate-900">PNG optimisation</h3>
              <CheckList items={PNG_FEATURES} className="mt-4 text-sm" />
            </Card>
          </CardGrid>
          <Benchmarks />
        </ContentSection>

        <ContentSection id="milestones" title="Milestones" subtitle="What the tool learned to do, 2024-2025.">
          <MilestoneTimeline milestones={MILESTONES} />
        </ContentSection>

        <ContentSection id="customers" title="Customer Success" subtitle="In the words of people who use this site, published with their permission.">
          <CustomerWords testimonials={facts?.operator.testimonials ?? []} />
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
        </ContentSection>

        <ContentSection id="featured-posts" title="From the Blog">
          <CardGrid columns={3} data-testid="featured-posts">
            {BLOG_ARTICLE_SUMMARIES.slice(0, FEATURED_POSTS_LIMIT).map((article) => (
              <ArticleSummaryCard key={article.id} article={article} />
            ))}
          </CardGrid>
          <Link href="/blog" className="mt-4 inline-block text-sm font-medium text-blue-700 underline">
            View all articles
          </Link>
        </ContentSection>
      </TwoColumnPage>
    </ContentPage>
  );
}

function AboutSidebar({ facts }: { facts: SiteFacts | undefined }) {
  const compliance = facts?.operator.compliance ?? [];
  return (
    <>
      <SidebarCard title="Company Overview">
        <FactList layout="inline" facts={companyOverview(facts).map((row) => ({ term: row.label, detail: row.value }))} />
      </SidebarCard>
      <SidebarCard title="Security & Compliance">
        <ul className="space-y-2 text-sm" data-testid="security-practices">
          {SECURITY_PRACTICES.map((item) => (
            <li key={item} className="flex items-start gap-2 text-slate-700">
              <ShieldCheck className="mt-0.5 h-4 w-4 flex-none text-green-700" aria-hidden="true" />
              {item}
            </li>
          ))}
        </ul>
        {compliance.length > 0 ? (
          <div className="mt-3 border-t border-slate-200 pt-3 text-sm" data-testid="operator-compliance">
            <p className="font-medium text-slate-900">Stated by the operator of this site</p>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
              {compliance.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="mt-3 text-xs text-slate-600">No certification or audit is claimed for this site.</p>
        )}
      </SidebarCard>
      <SidebarCard title="Recognition">
        <p className="mb-2 text-xs text-slate-600">What our benchmark measured, not awards.</p>
        <ul className="space-y-3 text-sm">
          {recognition().map(({ icon: Icon, title, description }) => (
            <li key={title} className="flex gap-2">
              <Icon className="mt-0.5 h-4 w-4 flex-none text-amber-600" aria-hidden="true" />
              <span>
                <span className="block font-medium text-slate-900">{title}</span>
                <span className="text-slate-700">{description}</span>
              </span>
            </li>
          ))}
        </ul>
      </SidebarCard>
      <AdSlot size="medium" slot="about-sidebar" />
    </>
  );
}
