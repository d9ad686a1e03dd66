import { describe, expect, it } from 'vitest';
import { FAQ_CATEGORY_LABELS, FAQ_ITEMS } from '#client/content/faq.ts';
import { FAQ_CATEGORIES } from '#client/content/types.ts';
import { buildFaqPageJsonLd, serializeJsonLd, stripHtml } from '#client/content/structured-data.ts';

describe('FAQ content', () => {
  it('has 13 questions with unique ids and categories from the spec', () => {
    expect(FAQ_ITEMS).toHaveLength(13);
    expect(new Set(FAQ_ITEMS.map((f) => f.id)).size).toBe(13);
    for (const item of FAQ_ITEMS) expect(FAQ_CATEGORIES).toContain(item.category);
  });

  it('covers every spec category at least once and labels each one', () => {
    const used = new Set(FAQ_ITEMS.map((f) => f.category));
    for (const c of FAQ_CATEGORIES) {
      expect(used.has(c), c).toBe(true);
      expect(FAQ_CATEGORY_LABELS[c]).toBeTruthy();
    }
  });

  it('states the enforced limits from the contract', () => {
    const text = FAQ_ITEMS.map((f) => stripHtml(f.answer)).join(' ');
    expect(text).toContain('10 MB');
    expect(text).toContain('50 files');
    expect(text).toContain('within 24 hours');
  });
});

describe('FAQ structured data', () => {
  it('strips tags, decodes entities and collapses whitespace', () => {
    expect(stripHtml('<p>Use <strong>JPEG</strong> &amp; <a href="/x">PNG</a>.</p>\n<ul><li>one</li><li>two</li></ul>')).toBe(
      'Use JPEG & PNG. one two',
    );
    expect(stripHtml('(.jpg and .jpeg)')).toBe('(.jpg and .jpeg)');
  });

  it('builds a schema.org FAQPage with one Question per item and no HTML left', () => {
    const ld = buildFaqPageJsonLd(FAQ_ITEMS);
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('FAQPage');
    expect(ld.mainEntity).toHaveLength(13);
    for (const [i, q] of ld.mainEntity.entries()) {
      expect(q['@type']).toBe('Question');
      expect(q.name).toBe(FAQ_ITEMS[i]!.question);
      expect(q.acceptedAnswer['@type']).toBe('Answer');
      expect(q.acceptedAnswer.text).not.toMatch(/<[^>]+>/);
      expect(q.acceptedAnswer.text.length).toBeGreaterThan(20);
    }
  });

  it('serializes so that content cannot close the script element', () => {
    const json = serializeJsonLd({ text: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('</script');
    expect(JSON.parse(json)).toEqual({ text: '</script><script>alert(1)</script>' });
  });
});
