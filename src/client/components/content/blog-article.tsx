// One blog article: meta line, title, excerpt, full body and tags. The article id is the in-page anchor.
import { Link } from 'wouter';
import { Calendar, Clock } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { CategoryBadge } from './category-badge';
import { Heading } from './heading';
import { HtmlContent } from './html-content';
import { cn } from '#client/lib/cn.ts';
import type { BlogArticle, BlogArticleSummary } from '#client/content/types.ts';
import { formatPublishDate, readTimeText } from '#client/content/blog/summaries.ts';

function ArticleMeta({ article }: { article: BlogArticleSummary }) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
      <CategoryBadge category={article.category} />
      <span className="inline-flex items-center gap-1">
        <Calendar className="h-4 w-4" aria-hidden="true" />
        <time dateTime={article.publishDate}>{formatPublishDate(article.publishDate)}</time>
      </span>
      <span className="inline-flex items-center gap-1">
        <Clock className="h-4 w-4" aria-hidden="true" />
        {readTimeText(article.readTime)}
      </span>
    </div>
  );
}

export function BlogArticleView({ article, featured = false }: { article: BlogArticle; featured?: boolean }) {
  // Bodies are written with h3 sections under an h2 title; a list article's title is an h3, so its sections move down one.
  const titleLevel = featured ? 2 : 3;
  const titleId = `${article.id}-title`;
  return (
    <Card className={cn('p-6 sm:p-8', featured && 'border-blue-200 ring-1 ring-blue-100')}>
      <article id={article.id} aria-labelledby={titleId} className="scroll-mt-6" data-featured={featured || undefined}>
        {featured && <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-blue-700">Featured Article</p>}
        <ArticleMeta article={article} />
        <Heading
          level={titleLevel}
          id={titleId}
          className={cn('mt-4 font-bold tracking-tight text-slate-900', featured ? 'text-3xl' : 'text-2xl')}
        >
          {article.title}
        </Heading>
        <p className="mt-3 text-lg text-slate-700">{article.excerpt}</p>
        <HtmlContent html={article.content} headingOffset={titleLevel - 2} className="mt-6" />
        <ul className="mt-6 flex flex-wrap gap-2" aria-label="Tags">
          {article.tags.map((tag) => (
            <li key={tag}>
              <Badge className="bg-slate-100 text-slate-700">{tag}</Badge>
            </li>
          ))}
        </ul>
      </article>
    </Card>
  );
}

/** Compact card that links to an article on the blog page (used outside the blog, e.g. featured posts). */
export function ArticleSummaryCard({ article }: { article: BlogArticleSummary }) {
  return (
    <Card className="flex h-full flex-col p-5">
      <ArticleMeta article={article} />
      <h3 className="mt-3 text-lg font-semibold text-slate-900">
        <Link href={`/blog#${article.id}`} className="hover:text-blue-700 hover:underline">
          {article.title}
        </Link>
      </h3>
      <p className="mt-2 flex-1 text-sm text-slate-700">{article.excerpt}</p>
    </Card>
  );
}
