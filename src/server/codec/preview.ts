// The small preview a job card shows: the compressed result scaled to fit 400 px, as WebP. A page of thirty cards
// then costs about a megabyte less than thirty full results; the full result is loaded only in the comparison.
import { isJxl } from '#codec-core/index';
import { djxlToPng } from '#server/codec/jxl/libjxl-tools';
import { sniffInputFormat } from '#server/codec/input/sniff';
import { sharp, type Sharp } from '#server/codec/sharp-setup';
import { openSvg } from '#server/codec/svg/svg-canvas';

/** Fits inside this box; about twice a card's CSS width, so it stays sharp on high-density screens. */
export const PREVIEW_MAX_EDGE = 400;

/** The result opened by libvips: a JPEG XL decoded by libjxl first (libvips has none), an SVG drawn at its CSS size. */
async function opened(result: Buffer, maxPixels: number): Promise<Sharp> {
  if (sniffInputFormat(result) === 'svg') return openSvg(result.toString('utf8'), { limitInputPixels: maxPixels });
  const image = isJxl(result) ? await djxlToPng(result) : result;
  return sharp(image, { limitInputPixels: maxPixels, failOn: 'none' });
}

export async function makePreview(result: Buffer, maxPixels: number): Promise<Buffer> {
  // The card shows WebP whatever the result's format.
  return (await opened(result, maxPixels))
    .rotate()
    .resize({ width: PREVIEW_MAX_EDGE, height: PREVIEW_MAX_EDGE, fit: 'inside', withoutEnlargement: true, kernel: 'lanczos3' })
    .webp({ quality: 70, effort: 2 })
    .toBuffer();
}
