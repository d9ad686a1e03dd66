// The blog: every article in full on one page (anchors are the article ids), the first one featured.
import { StaticPage } from '../components/content/static-page';
import { PageIntro } from '../components/content/page-intro';
import { BlogArticleView } from '../components/content/blog-article';
import { SidebarCard } from '../components/content/sidebar-card';
import { Badge } from '../components/ui/badge';
import { AdSlot } from '../components/ads/ad-slot';
import { AdBanner } from '../components/ads/ad-banner';
import { BLOG_ARTICLES } from '../content/blog/articles';
import { categoryCounts, POPULAR_TAGS } from '../content/blog/summaries';
import { BLOG_QUICK_TIPS } from '../content/tips';

const META = {
  title: 'Image Compression Blog',
  description: 'Guides to JPEG and PNG optimisation, image SEO, mobile performance, e-commerce photography and batch workflows.',
  path: '/blog',
};

const [FEATURED, ...MORE] = BLOG_ARTICLES;
const CATEGORY_COUNTS = categoryCounts(BLOG_ARTICLES);

export default function BlogPage() {
  return (
    <StaticPage meta={META}>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <PageIntro
          title="Image Compression Blog"
          lead="Practical guides to smaller, faster, better-looking images: formats, quality settings, SEO and workflows."
        />
        <AdBanner slot="blog-header" className="mb-8" />

        <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_320px]">
          <div className="space-y-8">
            {FEATURED && <BlogArticleView article={FEATURED} featured />}

            <AdSlot size="large-rectangle" slot="blog-inline" />

            <section aria-labelledby="more-articles" className="space-y-8">
              <h2 id="more-articles" className="text-2xl font-bold tracking-tight text-slate-900">
                More Articles
              </h2>
              {MORE.map((article) => (
                <BlogArticleView key={article.id} article={article} />
              ))}
            </section>
          </div>

          <aside aria-label="Blog sidebar" className="space-y-6">
            <SidebarCard title="Articles">
              <nav aria-label="Articles on this page">
                <ul className="space-y-2 text-sm">
                  {BLOG_ARTICLES.map((a) => (
                    <li key={a.id}>
                      <a href={`#${a.id}`} className="text-blue-700 hover:underline">
                        {a.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            </SidebarCard>
            <SidebarCard title="Categories">
              <ul className="space-y-2 text-sm" data-testid="blog-categories">
                {CATEGORY_COUNTS.map((c) => (
                  <li key={c.category} className="flex items-center justify-between" data-category={c.label} data-count={c.count}>
                    <span className="text-slate-700">{c.label}</span>
                    <Badge className="bg-slate-100 text-slate-700">
                      {c.count}
                      <span className="sr-only"> {c.count === 1 ? 'article' : 'articles'}</span>
                    </Badge>
                  </li>
                ))}
              </ul>
            </SidebarCard>
            <AdSlot size="medium" slot="blog-sidebar-1" />
            <SidebarCard title="Popular Tags">
              <ul className="flex flex-wrap gap-2" data-testid="popular-tags">
                {POPULAR_TAGS.map((tag) => (
                  <li key={tag}>
                    <Badge className="bg-blue-50 text-blue-800">{tag}</Badge>
                  </li>
                ))}
              </ul>
            </SidebarCard>
            <SidebarCard title="Quick Tips">
              <ul className="space-y-3 text-sm">
                {BLOG_QUICK_TIPS.map((tip) => (
                  <li key={tip.title}>
                    <p className="font-medium text-slate-900">{tip.title}</p>
                    <p className="text-slate-700">{tip.tip}</p>
                  </li>
                ))}
              </ul>
            </SidebarCard>
            <AdSlot size="skyscraper" slot="blog-sidebar-2" />
          </aside>
        </div>

        <AdBanner wide="billboard" slot="blog-footer" className="mt-12" />
      </div>
    </StaticPage>
  );
}
