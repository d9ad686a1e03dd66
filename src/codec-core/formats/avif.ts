// AVIF (AV1 still image, libaom). Quality is calibrated against our JPEG (see the table below).
import { calibrated, describeFormat, type EncoderSettings } from './descriptor';

export interface AvifSettings extends EncoderSettings {
  chromaSubsampling?: '4:4:4' | '4:2:0';
  bitdepth: 8;
}

/**
 * Our scale -> libaom quality giving the same median butteraugli as our JPEG at that setting, measured on the
 * corpus photos by `npm run bench -- formats-calibration`.
 */
export const AVIF_QUALITY = calibrated([
  [70, 52],
  [80, 61],
  // 2026-11-23, codec-efficiency on the first 4 JPEG photos (512 px samples): 90 -> 74 scored 1.20x JPEG's
  // median butteraugli (JPEG at 90 is now 4:2:0 on photos); raised along the measured slope (about -0.06 BA per step).
  [90, 77],
]);

/**
 * libaom speed through sharp's effort 0-9. sharp's default 4 took 19 s for a 12 MP photo on one core, effort 3
 * 5.1 s for about 2% more bytes: 4 would not fit the codec time limit with three jobs sharing two cores.
 */
export const AVIF_EFFORT = 3;

/**
 * Full-resolution chroma: libaom spends few bits on flat chroma anyway, and 4:2:0 smears saturated edges
 * (red on blue text, product colours) that butteraugli and people both notice. Measured choice, see docs/decisions.
 */
export const AVIF_CHROMA = '4:4:4';

export function avifOptions(quality: number): AvifSettings {
  return { quality: AVIF_QUALITY(quality), effort: AVIF_EFFORT, chromaSubsampling: AVIF_CHROMA, bitdepth: 8 };
}

/** Lossless AV1 (RGB coded as it is, 4:4:4 without a YUV matrix): pixel-identical, slow and large. */
export function avifLosslessOptions(): AvifSettings {
  return { lossless: true, effort: AVIF_EFFORT, bitdepth: 8 };
}

export const avifFormat = describeFormat<AvifSettings>('avif', {
  supportsAlpha: true,
  supportsLossless: true,
  options: avifOptions,
});
