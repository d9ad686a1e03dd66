// JPEG: mozjpeg, with chroma subsampling chosen per image from its colour detail. Our 1-100 scale is mozjpeg's own
// quality, which the other formats are calibrated against.
import { describeFormat } from './descriptor';

export type ChromaSubsampling = '4:2:0' | '4:4:4';

export interface JpegSettings {
  quality: number;
  /**
   * mozjpeg mode means progressive, trellis quantisation, overshoot deringing, optimised scans and quantisation
   * table 3: about 8-12% smaller than libjpeg-turbo at equal butteraugli.
   */
  mozjpeg: true;
  chromaSubsampling: ChromaSubsampling;
}

/**
 * Full-resolution chroma pays when at least this share of 2×2 blocks carries a colour difference of more than 8
 * levels (metrics/chroma.ts): screenshots, rendered text and hard-edged graphics. Measured at equal butteraugli
 * against cjpeg 4:2:0 on corpus samples at quality 90: a UI screenshot (share 0.019) costs 0.45× cjpeg in 4:4:4
 * against 0.95× in 4:2:0; photographs (share 0 to 0.009, JPEG uploads below 0.001 because they were subsampled
 * already) cost 0.84-0.93× in 4:2:0 against up to 1.16× in 4:4:4. See docs/decisions/0221-jpeg-chroma-subsampling-per-image.md.
 */
export const FULL_CHROMA_MIN_SHARE = 0.012;

export function jpegOptions(quality: number, chromaSubsampling: ChromaSubsampling = '4:2:0'): JpegSettings {
  return { quality, mozjpeg: true, chromaSubsampling };
}

export function chooseChromaSubsampling(detail: { share: number }): ChromaSubsampling {
  return detail.share >= FULL_CHROMA_MIN_SHARE ? '4:4:4' : '4:2:0';
}

export const jpegFormat = describeFormat<JpegSettings>('jpeg', {
  supportsAlpha: false,
  // A decoded JPEG re-encoded is never identical; lossless JPEG output is the upload's own scans (the pipeline).
  supportsLossless: false,
  options: (quality) => jpegOptions(quality),
});
