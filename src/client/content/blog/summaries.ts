// Blog article metadata in publication-list order (the first is the featured article). Bodies live in ./articles.
import type { BlogArticleSummary, BlogCategory } from '#client/content/types.ts';

export const BLOG_ARTICLE_SUMMARIES: BlogArticleSummary[] = [
  {
    id: 'ultimate-jpeg-optimization-guide',
    title: 'The Ultimate Guide to JPEG Optimization',
    excerpt:
      'What the quality slider really changes, why MozJPEG files are smaller, when progressive encoding helps, and a checklist for photos that load fast and still look right.',
    category: 'Tutorial',
    readTime: 8,
    publishDate: '2025-01-21',
    tags: ['JPEG', 'Optimization', 'Web Performance'],
  },
  {
    id: 'png-vs-jpeg-complete-comparison',
    title: 'PNG vs JPEG: The Complete Comparison',
    excerpt:
      'Two formats, two very different ideas of compression. Learn which one suits photos, screenshots, logos and transparent graphics, and when a conversion is worth it.',
    category: 'Comparison',
    readTime: 6,
    publishDate: '2025-01-20',
    tags: ['PNG', 'JPEG', 'Optimization'],
  },
  {
    id: 'batch-image-processing-workflow',
    title: 'Building a Batch Image Processing Workflow',
    excerpt:
      'A repeatable routine for compressing hundreds of images: preparing folders, choosing one setting per group, using the queue, checking results and keeping originals safe.',
    category: 'Workflow',
    readTime: 10,
    publishDate: '2025-01-19',
    tags: ['Batch Processing', 'Workflow', 'Automation'],
  },
  {
    id: 'image-seo-optimization-guide',
    title: 'Image SEO: How Optimized Images Help You Rank',
    excerpt:
      'File names, alt text, dimensions, lazy loading and file size all shape how search engines see your images and how Core Web Vitals judge your pages.',
    category: 'SEO',
    readTime: 12,
    publishDate: '2025-01-18',
    tags: ['SEO', 'Web Performance', 'Optimization'],
  },
  {
    id: 'beginner-guide-image-compression',
    title: "A Beginner's Guide to Image Compression",
    excerpt:
      'New to image compression? Start here: what it is, lossy versus lossless, how to pick a quality level and how to compress your first images in a minute.',
    category: 'Tutorial',
    readTime: 5,
    publishDate: '2025-01-22',
    tags: ['Beginner', 'JPEG', 'PNG'],
  },
  {
    id: 'ecommerce-image-optimization',
    title: 'E-commerce Image Optimization That Sells',
    excerpt:
      'Product photos are the heaviest part of most shops. How to keep zoom-worthy detail, consistent catalogues and fast category pages without blowing the page weight budget.',
    category: 'Business',
    readTime: 9,
    publishDate: '2025-01-17',
    tags: ['E-commerce', 'Business', 'Optimization'],
  },
  {
    id: 'mobile-image-optimization-guide',
    title: 'Mobile Image Optimization: A Technical Guide',
    excerpt:
      'Responsive images, pixel density, network-aware quality and lazy loading: the techniques that keep image-heavy pages fast on phones and slow connections.',
    category: 'Technical',
    readTime: 11,
    publishDate: '2025-01-16',
    tags: ['Mobile', 'Performance', 'Responsive Design'],
  },
];

/** How many posts other pages (About) feature. */
export const FEATURED_POSTS_LIMIT = 3;

/** Sidebar order and plural labels of the categories. */
export const CATEGORY_LABELS: Record<BlogCategory, string> = {
  Tutorial: 'Tutorials',
  Comparison: 'Comparisons',
  Business: 'Business',
  Technical: 'Technical',
  Workflow: 'Workflow',
  SEO: 'SEO',
};

export const POPULAR_TAGS = [
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
] as const;

export interface CategoryCount {
  category: BlogCategory;
  label: string;
  count: number;
}

/** Counts per category, in sidebar order, derived from the articles (never typed by hand). */
export function categoryCounts(articles: Pick<BlogArticleSummary, 'category'>[]): CategoryCount[] {
  return (Object.keys(CATEGORY_LABELS) as BlogCategory[]).map((category) => ({
    category,
    label: CATEGORY_LABELS[category],
    count: articles.filter((a) => a.category === category).length,
  }));
}

/** "January 21, 2025", independent of the reader's time zone. */
export function formatPublishDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export const readTimeText = (minutes: number) => `${minutes} min read`;
