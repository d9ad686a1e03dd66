// The blog: every article in full on one page (anchors are the article ids), the first one featured.
import { ContentPage } from '#client/components/content/content-page.tsx';
import { ContentSection } from '#client/components/content/content-section.tsx';
import { TwoColumnPage } from '#client/components/content/two-column-page.tsx';
import { BlogArticleView } from '#client/components/content/blog-article.tsx';
import { SidebarCard, SidebarLinks, inPageLinks } from '#client/components/content/sidebar-card.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { AdSlot } from '#client/components/ads/ad-slot.tsx';
import { SidebarSkyscraper } from '#client/components/ads/sidebar-skyscraper.tsx';
import { BLOG_ARTICLES } from '#client/content/blog/articles.ts';
import { categoryCounts, POPULAR_TAGS } from '#client/content/blog/summaries.ts';
import { BLOG_QUICK_TIPS } from '#client/content/tips.ts';

const META = {
  title: 'Image Compression Blog',
  description: 'Guides to JPEG and PNG optimisation, image SEO, mobile performance, e-commerce photography and batch workflows.',
  path: '/blog',
};

const [FEATURED, ...MORE] = BLOG_ARTICLES;
const CATEGORY_COUNTS = categoryCounts(BLOG_ARTICLES);
const ARTICLE_LINKS = inPageLinks(BLOG_ARTICLES.map((a) => ({ id: a.id, label: a.title })));

const LEAD = 'Practical guides to smaller, faster, better-looking images: formats, quality settings, SEO and workflows.';

export default function BlogPage() {
  return (
    <ContentPage meta={META} title="Image Compression Blog" lead={LEAD} ads={{ header: 'blog-header', footer: 'blog-footer' }}>
      <TwoColumnPage aside={<BlogSidebar />} asideLabel="Blog sidebar" mainClassName="space-y-8">
        {FEATURED && <BlogArticleView article={FEATURED} featured />}

        <AdSlot size="large-rectangle" slot="blog-inline" />

        <ContentSection id="more-articles" title="More Articles" className="space-y-8">
          {MORE.map((article) => (
            <BlogArticleView key={article.id} article={article} />
          ))}
        </ContentSection>
      </TwoColumnPage>
    </ContentPage>
  );
}

function BlogSidebar() {
  return (
    <>
      <SidebarLinks title="Articles" navLabel="Articles on this page" links={ARTICLE_LINKS} />
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
      <SidebarSkyscraper slot="blog-sidebar-2" />
    </>
  );
}
