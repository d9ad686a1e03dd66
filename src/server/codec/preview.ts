// The small preview a job card shows: the compressed result scaled to fit 400 px, as WebP. A page of thirty cards
// then costs about a megabyte less than thirty full results; the full result is loaded only in the comparison.
import { djxlToPng, isJxl } from '#server/codec/jxl/libjxl-tools';
import { sharp } from '#server/codec/sharp-setup';

/** Fits inside this box; about twice a card's CSS width, so it stays sharp on high-density screens. */
export const PREVIEW_MAX_EDGE = 400;

export async function makePreview(result: Buffer, maxPixels: number): Promise<Buffer> {
  // A JPEG XL result is decoded by libjxl first (libvips has no JPEG XL); the card shows WebP either way.
  const image = isJxl(result) ? await djxlToPng(result) : result;
  return sharp(image, { limitInputPixels: maxPixels, failOn: 'none' })
    .rotate()
    .resize({ width: PREVIEW_MAX_EDGE, height: PREVIEW_MAX_EDGE, fit: 'inside', withoutEnlargement: true, kernel: 'lanczos3' })
    .webp({ quality: 70, effort: 2 })
    .toBuffer();
}
