// The SVG sanitiser against published XSS vectors (DOMPurify's and the HTML5 Security Cheatsheet's SVG cases,
// tests/fixtures/svg-xss) and the review's payloads: every document is either refused as not an SVG or comes out
// with nothing that can run or fetch, judged here by reading the result with another XML parser (jsdom's) rather
// than by the sanitiser's own lists: only SVG-namespace elements, none of them script-bearing; no on* attribute; an
// href only to a #fragment or an embedded raster image; no javascript: anywhere; CSS without @import, @font-face,
// image-set() or url() to another file. The result is also stable: sanitising it again removes nothing.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { CodecError } from '#codec-core/index';
import { cleanSvg } from '#server/codec/svg/clean-svg';
import { optimisedSvg } from '#server/codec/svg/sanitise-svg';
import { REVIEW_PAYLOADS, svgXssDocuments } from '../support/svg-xss';

const SVG_NS = 'http://www.w3.org/2000/svg';
const NEVER = new Set(['script', 'foreignObject', 'iframe', 'handler', 'listener', 'animation', 'font', 'cursor', 'embed', 'object']);
const RASTER = /^data:image\/(?:png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=\s]*$/i;
const { window } = new JSDOM('');

/** What in a sanitised SVG could still run or fetch; empty when nothing. */
function activeContent(svg: string): string[] {
  const found: string[] = [];
  const doc = new window.DOMParser().parseFromString(svg, 'image/svg+xml');
  if (doc.getElementsByTagName('parsererror').length) return ['not well-formed'];
  for (const el of doc.getElementsByTagName('*')) {
    if (el.namespaceURI !== SVG_NS) found.push(`foreign element ${el.tagName}`);
    if (NEVER.has(el.localName)) found.push(`<${el.localName}>`);
    for (const attr of el.attributes) {
      if (/^on/i.test(attr.localName)) found.push(`${attr.name} handler`);
      if (attr.localName === 'href' && !attr.value.trim().startsWith('#') && !RASTER.test(attr.value.trim())) found.push(`${attr.name}="${attr.value.slice(0, 40)}"`);
      if (/^(?:set|animate\w*)$/.test(el.localName) && attr.localName === 'attributeName' && /(^|:)href$|^on/i.test(attr.value.trim())) found.push(`animated ${attr.value}`);
    }
    const css = el.localName === 'style' ? el.textContent ?? '' : el.getAttribute('style') ?? '';
    if (/@import|@font-face|@namespace/i.test(css)) found.push('CSS at-rule that loads');
    if (/image-set|image\(|cross-fade|element\(|expression|behavior|binding/i.test(css)) found.push('CSS image function');
    if ([css, ...[...el.attributes].map((a) => a.value)].some((text) => /url\(\s*(?!['"]?#)/i.test(text))) found.push('url() to another file');
    if (/\\/.test(css)) found.push('CSS escape');
  }
  if (/javascript:/i.test(svg)) found.push('javascript:');
  return found;
}

const documents = [...svgXssDocuments(), ...Object.entries(REVIEW_PAYLOADS).map(([name, svg]) => ({ name: `review ${name}`, svg: svg.replaceAll('HIT', 'http://127.0.0.1:9') }))];

describe('SVG sanitiser against published XSS vectors', () => {
  it('has the corpus: DOMPurify and cheatsheet vectors in several forms, and the review payloads', () => {
    expect(documents.filter((d) => d.name.startsWith('DOMPurify')).length).toBeGreaterThanOrEqual(100);
    expect(documents.filter((d) => d.name.startsWith('H5SC')).length).toBeGreaterThanOrEqual(50);
    expect(documents.filter((d) => d.name.startsWith('review')).length).toBe(Object.keys(REVIEW_PAYLOADS).length);
  });

  it('the checker sees active content when it is there (so a pass means something)', () => {
    for (const { svg } of documents.filter((d) => d.name.startsWith('review'))) expect(activeContent(svg).length).toBeGreaterThan(0);
  });

  it.each(documents)('$name', async ({ svg }) => {
    let result: { svg: string; removed: string[] };
    try {
      result = await optimisedSvg(Buffer.from(svg));
    } catch (err) {
      // Not an SVG document a browser would run either: refused, with the codec's own error.
      expect(err).toBeInstanceOf(CodecError);
      return;
    }
    expect(activeContent(result.svg)).toEqual([]);
    expect(cleanSvg(result.svg).removed).toEqual([]);
  });

  it('names what it removed from the review payloads', async () => {
    const removed = async (name: string) => (await optimisedSvg(Buffer.from(REVIEW_PAYLOADS[name]!.replaceAll('HIT', 'http://127.0.0.1:9')))).removed;
    expect(await removed('srcdocIframe')).toEqual(['<h:iframe>']);
    expect(await removed('setHref')).toEqual(['<set>']);
    expect(await removed('animateHref')).toEqual(['<animate>']);
    expect(await removed('cssEscapedImport')).toEqual(['CSS @import']);
    expect(await removed('aliasedXlink')).toEqual(['1 q:href attribute']);
    expect(await removed('imageSet')).toEqual(['CSS property background-image']);
    expect(await removed('onload')).toEqual(['1 onload attribute']);
    expect(await removed('fontFace')).toEqual(['CSS @font-face']);
    expect(await removed('undeclaredDefault')).toEqual(['<script>', '1 onclick attribute']);
  });
});
