// WebP (lossy, libwebp) with lossless alpha. Quality is calibrated against our JPEG (see the table below).
import { calibrated, describeFormat, type EncoderSettings } from './descriptor';

export interface WebpSettings extends EncoderSettings {
  alphaQuality?: number;
  /** Lossless: keep the colour of fully transparent pixels. */
  exact?: true;
}

/**
 * Our scale -> libwebp quality giving the same median butteraugli as our JPEG at that setting, measured on the
 * corpus photos by `npm run bench -- formats-calibration`.
 */
export const WEBP_QUALITY = calibrated([
  // 2026-11-23, codec-efficiency on the first 4 JPEG photos (512 px samples): at 70 -> 70 WebP scored 1.14x
  // JPEG's median butteraugli and at 90 -> 90 1.28x (outside the 15% band); raised along the measured slope.
  [70, 72],
  [80, 80],
  [90, 92],
]);

/** libwebp's method 0-6; see docs/decisions for the measured cost per level. */
export const WEBP_EFFORT = 4;

export function webpOptions(quality: number): WebpSettings {
  return { quality: WEBP_QUALITY(quality), effort: WEBP_EFFORT, alphaQuality: 100 };
}

/**
 * Lossless WebP. `exact` keeps the colour of fully transparent pixels, which libwebp would otherwise be free to
 * change (invisible, but not pixel-identical).
 */
export function webpLosslessOptions(): WebpSettings {
  return { lossless: true, exact: true, effort: WEBP_EFFORT };
}

export const webpFormat = describeFormat<WebpSettings>('webp', {
  supportsAlpha: true,
  supportsLossless: true,
  options: webpOptions,
});
