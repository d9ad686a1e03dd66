// How a sanitised SVG is handed to libvips so that it draws what a browser shows (docs/decisions/0590): at its size
// in CSS pixels (svg-size.ts), with a `mm`, `pt` or `in` inside the drawing as long as a browser draws it, pixel for
// pixel as rsvg-convert draws it at its default 96 dpi.
//
// libvips's SVG loader takes one number, its density, for two things: librsvg's dpi (how absolute units resolve) and
// a scale of density/72 over the whole rendering; and it rounds the canvas to the nearest pixel, drawing the document
// fitted into that canvas. At its default 72 dpi a drawing sized in mm or pt comes out at 72/96 of a browser's size;
// at 96 everything comes out 4/3 too large. So the document is drawn inside an outer <svg> of our own: 3/4 of the
// canvas wide and high at density 96 (the loader's 4/3 makes it the canvas exactly, and librsvg's dpi is 96), with
// a viewBox of the canvas's own shape (one CSS pixel a pixel, times `scale`). The document sits in it at (0, 0), sized
// to its CSS size in pixels: its own viewBox and preserveAspectRatio apply inside, as on a page. The canvas is that
// size rounded up, as rsvg-convert makes it, so a fractional size is neither cut nor stretched.
import { sharp, type Sharp } from '#server/codec/sharp-setup';
import { attributesOf, canvasPixels, cssSize, rootSizing, rootTag } from './svg-size';
import { SVG_NS } from './svg-allow-list';

/** What browsers and rsvg-convert take an inch to be, in pixels; libvips's own default density is 72. */
const CSS_DPI = 96;
const LIBVIPS_DPI = 72;

/** What libvips is given for a drawing: the text and its density. */
interface SvgSource {
  input: Buffer;
  density: number;
}

/** The root's own position and size: replaced by ours (x and y do nothing on a root, but would move a nested <svg>). */
const ROOT_PLACEMENT = new Set(['x', 'y', 'width', 'height']);

/**
 * The sanitised SVG `svg` (its root starts the text) as libvips must be given it to draw it at its CSS size times
 * `scale`. A drawing with neither a size nor a viewBox is left to libvips, which measures what is drawn (at its
 * 72 dpi, one CSS pixel a pixel).
 */
function svgSource(svg: string, scale: number): SvgSource {
  const tag = rootTag(svg);
  const size = tag && cssSize(rootSizing(tag));
  if (!size || !tag) return { input: Buffer.from(svg, 'utf8'), density: LIBVIPS_DPI * scale };
  const canvas = canvasPixels({ width: size.width * scale, height: size.height * scale });
  const kept = attributesOf(tag).filter((a) => !ROOT_PLACEMENT.has(a.name));
  const root = `<svg width="${size.width}" height="${size.height}"${kept.map((a) => a.text).join('')}${tag.endsWith('/>') ? '/>' : '>'}`;
  const shrink = LIBVIPS_DPI / CSS_DPI;
  const outer = `<svg xmlns="${SVG_NS}" width="${canvas.width * shrink}" height="${canvas.height * shrink}" viewBox="0 0 ${canvas.width / scale} ${canvas.height / scale}">`;
  return { input: Buffer.from(`${outer}${root}${svg.slice(tag.length)}</svg>`, 'utf8'), density: CSS_DPI };
}

/** The drawing opened by libvips at its CSS size (times `scale`); `limitInputPixels` as sharp takes it. */
export function openSvg(svg: string, { scale = 1, limitInputPixels }: { scale?: number; limitInputPixels: number | false }): Sharp {
  const { input, density } = svgSource(svg, scale);
  return sharp(input, { density, limitInputPixels });
}
