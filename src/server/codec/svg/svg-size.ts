// An SVG's size as a browser shows it: the root's width and height in CSS pixels, 96 to the inch (a `mm`, `pt` or `in`
// is as long as a browser draws it, and as rsvg-convert draws it at its default 96 dpi), completed from the viewBox
// where they are missing or percentages, as libvips's SVG loader does (docs/decisions/0590-svg-rasters-at-css-pixels.md).
// Pure text: read at upload from the file's first bytes (sniff-svg.ts) and by the codec before rendering
// (svg-canvas.ts), so the pixel limit and the rendering count the same pixels.
import type { Size } from '#codec-core/index';

/**
 * CSS pixels per unit, for the units libvips's SVG loader reads a root size in (any other it takes as no size).
 * `em` and `ex` are taken at librsvg's (and libvips's) default font size of 12 pixels.
 */
const CSS_PIXELS: Record<string, number> = { '': 1, px: 1, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, pt: 96 / 72, pc: 16, em: 12, ex: 6 };

const LENGTH = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i;
const NUMBER_LIST = /[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/gi;

/** A length in CSS pixels; undefined for a percentage (of a viewport the file does not have), an unknown unit or none. */
function cssPixels(value: string | undefined): number | undefined {
  const match = value === undefined ? null : LENGTH.exec(value);
  const perUnit = match ? CSS_PIXELS[match[2]!.toLowerCase()] : undefined;
  return perUnit === undefined ? undefined : Number(match![1]) * perUnit;
}

interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A viewBox of four numbers with a positive width and height (librsvg ignores any other). */
function parseViewBox(value: string | undefined): ViewBox | undefined {
  const numbers = value?.match(NUMBER_LIST)?.map(Number);
  if (numbers?.length !== 4) return undefined;
  const [x, y, width, height] = numbers as [number, number, number, number];
  return width > 0 && height > 0 ? { x, y, width, height } : undefined;
}

/** The root's attributes that size it, as written. */
export interface RootSizing {
  width?: string;
  height?: string;
  viewBox?: string;
}

/**
 * The drawing's size in CSS pixels, possibly fractional: width and height when both are lengths; one of them and the
 * viewBox's shape; else the viewBox's own size. Null when none of these is there (libvips then measures what is drawn).
 */
export function cssSize(root: RootSizing): Size | null {
  const width = cssPixels(root.width);
  const height = cssPixels(root.height);
  const box = parseViewBox(root.viewBox);
  if (width && width > 0 && height && height > 0) return { width, height };
  if (width && width > 0 && box) return { width, height: (width * box.height) / box.width };
  if (height && height > 0 && box) return { width: (height * box.width) / box.height, height };
  return box ? { width: box.width, height: box.height } : null;
}

/**
 * The whole pixels a size covers: rounded up, as rsvg-convert does, so a partly covered last column or row is kept.
 * (A size a hair over a whole number from floating-point arithmetic alone does not add a pixel.)
 */
export function canvasPixels(size: Size): Size {
  const whole = (n: number) => Math.max(1, Math.ceil(n - 1e-9));
  return { width: whole(size.width), height: whole(size.height) };
}

const ATTRIBUTE = /\s([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The root's start tag when `text` (a sniffed head after its prolog, or a sanitised document) starts with it whole. */
export const rootTag = (text: string): string | null => /^<svg\b[^>]*>/.exec(text)?.[0] ?? null;

export interface Attribute {
  name: string;
  value: string;
  /** As written in the tag, with the space before it. */
  text: string;
}

/** A start tag's attributes in order, each read whole (a value is never searched for attributes). */
export function attributesOf(tag: string): Attribute[] {
  return [...tag.matchAll(ATTRIBUTE)].map(([text, name, double, single]) => ({ name: name!, value: double ?? single ?? '', text }));
}

/** The sizing attributes of a root start tag. */
export function rootSizing(tag: string): RootSizing {
  const sizing: RootSizing = {};
  for (const { name, value } of attributesOf(tag)) if (name === 'width' || name === 'height' || name === 'viewBox') sizing[name] = value;
  return sizing;
}
