import { describe, expect, it } from 'vitest';
import { buildMetaTags, fullTitle } from '#client/lib/page-meta.ts';
import { PRODUCT_NAME } from '#contract/brand';

describe('page meta', () => {
  it('adds the product name to titles that lack it', () => {
    expect(fullTitle('Help Center')).toBe(`Help Center | ${PRODUCT_NAME}`);
    expect(fullTitle(`About ${PRODUCT_NAME}`)).toBe(`About ${PRODUCT_NAME}`);
  });

  it('builds the canonical URL from the route path and mirrors title and description into Open Graph and Twitter', () => {
    const { title, canonical, tags } = buildMetaTags(
      { title: 'Blog', description: 'Guides.', path: '/blog' },
      'https://example.test',
    );
    expect(title).toBe(`Blog | ${PRODUCT_NAME}`);
    expect(canonical).toBe('https://example.test/blog');
    const byKey = Object.fromEntries(tags.map((t) => [t.key, t.content]));
    expect(byKey).toMatchObject({
      description: 'Guides.',
      'og:title': title,
      'og:description': 'Guides.',
      'og:url': canonical,
      'og:type': 'website',
      'og:site_name': PRODUCT_NAME,
      'twitter:card': 'summary',
      'twitter:title': title,
      'twitter:description': 'Guides.',
    });
  });
});
