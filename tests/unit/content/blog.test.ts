import { describe, expect, it } from 'vitest';
import { BLOG_ARTICLES } from '#client/content/blog/articles.ts';
import {
  BLOG_ARTICLE_SUMMARIES,
  categoryCounts,
  formatPublishDate,
  POPULAR_TAGS,
  readTimeText,
} from '#client/content/blog/summaries.ts';
import { stripHtml } from '#client/content/structured-data.ts';

const SPEC_ARTICLES = [
  ['ultimate-jpeg-optimization-guide', 'Tutorial', 8, '2025-01-21'],
  ['png-vs-jpeg-complete-comparison', 'Comparison', 6, '2025-01-20'],
  ['batch-image-processing-workflow', 'Workflow', 10, '2025-01-19'],
  ['image-seo-optimization-guide', 'SEO', 12, '2025-01-18'],
  ['beginner-guide-image-compression', 'Tutorial', 5, '2025-01-22'],
  ['ecommerce-image-optimization', 'Business', 9, '2025-01-17'],
  ['mobile-image-optimization-guide', 'Technical', 11, '2025-01-16'],
] as const;

const words = (html: string) => stripHtml(html).split(' ').filter(Boolean).length;

describe('blog articles', () => {
  it('has the seven articles of the spec, in order, with their categories, read times and dates', () => {
    expect(BLOG_ARTICLES.map((a) => [a.id, a.category, a.readTime, a.publishDate])).toEqual(SPEC_ARTICLES);
  });

  it('features the first article of the list (the JPEG guide)', () => {
    expect(BLOG_ARTICLES[0]?.id).toBe('ultimate-jpeg-optimization-guide');
  });

  it('keeps summaries and full articles in step (other pages list summaries without the bodies)', () => {
    expect(BLOG_ARTICLES.map(({ content: _content, ...summary }) => summary)).toEqual(BLOG_ARTICLE_SUMMARIES);
  });

  it('gives every article a real body of at least 600 words, a title, an excerpt and tags', () => {
    for (const a of BLOG_ARTICLES) {
      expect(words(a.content), a.id).toBeGreaterThanOrEqual(600);
      expect(a.title.length, a.id).toBeGreaterThan(10);
      expect(a.excerpt.length, a.id).toBeGreaterThan(40);
      expect(a.tags.length, a.id).toBeGreaterThan(0);
    }
  });

  it('uses ids that work as HTML anchors', () => {
    const ids = BLOG_ARTICLES.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it('tags the mobile guide Mobile, Performance, Responsive Design', () => {
    expect(BLOG_ARTICLES.find((a) => a.id === 'mobile-image-optimization-guide')?.tags).toEqual([
      'Mobile',
      'Performance',
      'Responsive Design',
    ]);
  });

  it('writes article sections as h3 (the title is the h2) so headings can be shifted under list titles', () => {
    for (const a of BLOG_ARTICLES) {
      expect(a.content, a.id).not.toMatch(/<h[12]\b/);
      expect(a.content, a.id).toMatch(/<h3\b/);
    }
  });
});

describe('blog sidebar', () => {
  it('counts categories from the data: Tutorials 2, Comparisons 1, Business 1, Technical 1, Workflow 1, SEO 1', () => {
    expect(categoryCounts(BLOG_ARTICLES).map((c) => [c.label, c.count])).toEqual([
      ['Tutorials', 2],
      ['Comparisons', 1],
      ['Business', 1],
      ['Technical', 1],
      ['Workflow', 1],
      ['SEO', 1],
    ]);
  });

  it('recounts when the data changes', () => {
    expect(categoryCounts([{ category: 'SEO' }, { category: 'SEO' }]).find((c) => c.category === 'SEO')?.count).toBe(2);
  });

  it('lists the popular tags of the spec', () => {
    expect(POPULAR_TAGS).toEqual([
      'JPEG',
      'PNG',
      'Optimization',
      'Web Performance',
      'SEO',
      'Batch Processing',
      'Workflow',
      'Automation',
      'Beginner',
      'E-commerce',
      'Mobile',
      'Business',
    ]);
  });

  it('formats read times and dates', () => {
    expect(readTimeText(8)).toBe('8 min read');
    expect(formatPublishDate('2025-01-21')).toBe('January 21, 2025');
  });
});
