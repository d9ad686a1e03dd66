// Recognises an SVG from its first bytes: XML whose first element is <svg>. Only a prolog (BOM, whitespace, XML
// declaration, comments, processing instructions, a DOCTYPE) may come before it; a DOCTYPE declaring entities (an
// internal subset) is noticed so the upload can be refused at once (docs/decisions/0403-svg-input.md, 0405).
import { tooManyPixelsError } from '#codec-core/index';
import { canvasPixels, cssSize, rootSizing, rootTag } from './svg-size';

/** How far into an upload its root element is looked for (Illustrator and Inkscape write long prologs). */
export const SVG_SNIFF_BYTES = 1024;

export const SVG_DOCTYPE_MESSAGE = 'SVG files declaring entities (a DOCTYPE with an internal subset) are not accepted';

const PROLOG_ITEM = /^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)/;
const DOCTYPE = /^<!DOCTYPE\s[^>]*?(?:\[[\s\S]*?\]\s*)?>/i;

export interface SvgSniff {
  /**
   * True when the file's DOCTYPE has an internal subset, where entities are declared (refused: entities are how XML
   * bombs work). A plain DOCTYPE naming the SVG DTD (Graphviz, Illustrator) declares nothing and is taken.
   */
  doctype: boolean;
  /**
   * The pixels it is drawn at, when its root start tag is within the head and sizes it: its size as a browser shows
   * it, rounded up, as the codec renders it (svg-size.ts, svg-canvas.ts).
   */
  size?: { width: number; height: number };
}

/** What is known of an SVG from its head, or null when the head is not the start of an SVG. */
export function sniffSvg(head: Uint8Array): SvgSniff | null {
  let text = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, SVG_SNIFF_BYTES)).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let doctype = false;
  for (;;) {
    const item = PROLOG_ITEM.exec(text) ?? DOCTYPE.exec(text);
    if (!item) break;
    if (/^<!DOCTYPE/i.test(item[0]) && item[0].includes('[')) doctype = true;
    text = text.slice(item[0].length);
  }
  // A DOCTYPE too long for the head (an internal subset of entities) is still one.
  if (/^<!DOCTYPE/i.test(text)) return { doctype: true };
  if (!/^<svg[\s>/]/.test(text)) return null;
  const tag = rootTag(text);
  const size = tag && cssSize(rootSizing(tag));
  return size ? { doctype, size: canvasPixels(size) } : { doctype };
}

/**
 * The upload-time refusal of an SVG declaring a canvas over the pixel limit (a few bytes can declare gigapixels); a
 * root tag longer than the head, or one that does not size the drawing, is checked by the codec before rendering
 * (engine/open-svg.ts).
 */
export function svgOverLimit(sniff: SvgSniff | null, maxPixels: number): string | null {
  if (!sniff?.size || sniff.size.width * sniff.size.height <= maxPixels) return null;
  return tooManyPixelsError(sniff.size.width, sniff.size.height, maxPixels).message;
}
