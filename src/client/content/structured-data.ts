// schema.org JSON-LD for the FAQ, built from the same data the page renders.
import type { FaqItem } from './types';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

// Block-level tags separate words; inline tags (strong, a, code) must not add spaces before punctuation.
const BLOCK_TAG = /<\/?(p|div|li|ul|ol|h[1-6]|br|tr|td|th|pre|blockquote)\b[^>]*>/gi;

/** Plain text of trusted HTML: tags removed, common entities decoded, whitespace collapsed. */
export function stripHtml(html: string): string {
  return html
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (m) => ENTITIES[m] ?? m)
    .replace(/\s+/g, ' ')
    .trim();
}

export interface FaqPageJsonLd {
  '@context': 'https://schema.org';
  '@type': 'FAQPage';
  mainEntity: { '@type': 'Question'; name: string; acceptedAnswer: { '@type': 'Answer'; text: string } }[];
}

export function buildFaqPageJsonLd(items: Pick<FaqItem, 'question' | 'answer'>[]): FaqPageJsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: stripHtml(item.question),
      acceptedAnswer: { '@type': 'Answer', text: stripHtml(item.answer) },
    })),
  };
}

/** JSON safe to place inside a <script> element: "<" is escaped so no "</script>" can end it early. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
