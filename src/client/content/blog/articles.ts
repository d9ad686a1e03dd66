// The full blog: summaries joined with their HTML bodies. Only the blog page imports this module.
import type { BlogArticle } from '#client/content/types.ts';
import { BLOG_ARTICLE_SUMMARIES } from './summaries';
import ultimateJpeg from './articles/ultimate-jpeg-optimization-guide';
import pngVsJpeg from './articles/png-vs-jpeg-complete-comparison';
import batchWorkflow from './articles/batch-image-processing-workflow';
import imageSeo from './articles/image-seo-optimization-guide';
import beginnerGuide from './articles/beginner-guide-image-compression';
import ecommerce from './articles/ecommerce-image-optimization';
import mobile from './articles/mobile-image-optimization-guide';

const BODIES: Record<string, string> = {
  'ultimate-jpeg-optimization-guide': ultimateJpeg,
  'png-vs-jpeg-complete-comparison': pngVsJpeg,
  'batch-image-processing-workflow': batchWorkflow,
  'image-seo-optimization-guide': imageSeo,
  'beginner-guide-image-compression': beginnerGuide,
  'ecommerce-image-optimization': ecommerce,
  'mobile-image-optimization-guide': mobile,
};

export const BLOG_ARTICLES: BlogArticle[] = BLOG_ARTICLE_SUMMARIES.map((summary) => {
  const content = BODIES[summary.id];
  if (content === undefined) throw new Error(`Blog article ${summary.id} has no body`);
  return { ...summary, content: content.trim() };
});
