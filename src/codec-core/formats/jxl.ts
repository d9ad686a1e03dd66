// JPEG XL (libjxl). Quality is calibrated against our JPEG (see the table below); lossless mode is modular lossless,
// and a JPEG upload kept at its size is recompressed losslessly (its JPEG can be rebuilt bit for bit).
// docs/decisions/0401-jpeg-xl.md.
import { calibrated, describeFormat, type EncoderSettings } from './descriptor';

export type JxlSettings = EncoderSettings;

/**
 * Our scale -> libjxl quality giving the same median butteraugli as our JPEG at that setting, measured on 10 corpus
 * photos (512 px centre crops) by `npm run bench -- jpeg-xl` (2026-11-27, libjxl 0.7, effort 7): matched 67.4,
 * 77.2 and 86.9 at 70, 80 and 90; JPEG XL then takes about 0.7x our JPEG's bytes (bench/BASELINE.md).
 */
export const JXL_QUALITY = calibrated([
  [70, 67],
  [80, 77],
  [90, 87],
]);

/** libjxl's default effort ("squirrel"): effort 8-9 cost several times the time for 1-2% fewer bytes. */
export const JXL_EFFORT = 7;

export function jxlOptions(quality: number): JxlSettings {
  return { quality: JXL_QUALITY(quality), effort: JXL_EFFORT };
}

export function jxlLosslessOptions(): JxlSettings {
  return { lossless: true, effort: JXL_EFFORT };
}

export const jxlFormat = describeFormat<JxlSettings>('jxl', {
  supportsAlpha: true,
  supportsLossless: true,
  options: jxlOptions,
});
