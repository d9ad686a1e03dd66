// Shapes of the static content (spec section 3). Pages render these; they never hold copy themselves.
import type { LucideIcon } from 'lucide-react';

export const BLOG_CATEGORIES = ['Tutorial', 'Comparison', 'Business', 'Technical', 'Workflow', 'SEO'] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** Everything about an article except its body, so other pages can list articles without shipping the text. */
export interface BlogArticleSummary {
  id: string;
  title: string;
  excerpt: string;
  category: BlogCategory;
  /** Minutes. */
  readTime: number;
  /** ISO date, YYYY-MM-DD. */
  publishDate: string;
  tags: string[];
}

export interface BlogArticle extends BlogArticleSummary {
  /** Trusted HTML written by us (never user input). */
  content: string;
}

export const FAQ_CATEGORIES = [
  'formats',
  'limits',
  'settings',
  'features',
  'download',
  'security',
  'technical',
  'mobile',
  'compression',
  'web-optimization',
  'pricing',
  'how-to',
] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export interface FaqItem {
  id: string;
  question: string;
  /** Trusted HTML. */
  answer: string;
  category: FaqCategory;
}

export interface Tip {
  title: string;
  tip: string;
  icon?: LucideIcon;
}

export interface TroubleshootingGuide {
  id: string;
  title: string;
  icon: LucideIcon;
  steps: string[];
}

/** A customer's words as the operator published them (SITE_TESTIMONIALS); the software vouches for none of them. */
export interface Testimonial {
  name: string;
  role: string;
  company: string;
  content: string;
  /** 1 to 5. */
  rating: number;
  /** A short result the customer reported, e.g. "68% smaller catalogue". */
  stats?: string;
}

export interface Milestone {
  year: string;
  title: string;
  description: string;
}

export interface Statistic {
  label: string;
  value: string;
  subtitle: string;
  icon?: LucideIcon;
}

export interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
  points?: string[];
}

export interface PrivacyDataCategory {
  category: string;
  description: string;
  retention: string;
  purpose: string;
}

export interface PrivacyRight {
  right: string;
  description: string;
  howToExercise: string;
}

/** A titled block of legal text: paragraphs and an optional bullet list. */
export interface LegalSection {
  id: string;
  title: string;
  paragraphs: string[];
  items?: string[];
}

export interface ContactPoint {
  purpose: string;
  email: string;
  responseTime: string;
}
