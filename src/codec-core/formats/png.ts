// PNG: palette quantisation (libimagequant) when it is small and good enough, else lossless (oxipng). Our scale is
// libimagequant's quality floor, with a structural-similarity floor on top; the rules are here, the engines run them.
import { describeFormat } from './descriptor';

/** Palette sizes at or below this are kept exactly: oxipng turns them into a palette losslessly. */
export const PALETTE_LIMIT = 256;

/**
 * Quality floor for quantised output at a requested quality: block SSIM of luma (see similarity.ts),
 * mean and 1st percentile, plus a bound on flat areas. Measured on the corpus: below 0.95/0.80,
 * banding on gradients and smeared text become visible at 1:1. The floor rises with the quality asked
 * for, so a higher setting can only accept a more faithful palette.
 */
export function paletteFloor(quality: number) {
  const t = Math.min(1, Math.max(0, (quality - 70) / 20));
  return {
    mean: 0.95 + 0.01 * t,
    worst: 0.8 + 0.05 * t,
    /**
     * Flat areas (buttons, logos, brand colours) keep their colour: a flat 4×4 block's mean may move by at
     * most this many 8-bit levels in any channel. SSIM of luma hardly sees a button turning a few levels
     * bluer; on the corpus UI screenshots palettes that passed the SSIM floor shifted flat areas by up to 33.
     */
    flatShift: 2,
    /** ...and a single pixel inside one by at most this much (dithering noise on what was a clean surface). */
    flatNoise: Math.round(24 - 12 * t),
  };
}

/**
 * libimagequant quality targets tried, in order, from the requested quality up: the first palette that
 * passes the floor is used. Every request climbs the same rungs, so a higher setting starts no lower
 * and, against a floor that only rises, can only end on the same or a higher rung (or lossless).
 */
export function paletteRungs(quality: number): number[] {
  const rungs = [quality];
  for (let r = Math.floor(quality / 10) * 10 + 10; r < 100; r += 10) rungs.push(r);
  if (quality < 100) rungs.push(100);
  return rungs;
}

/**
 * Re-quantising an image that already fits in 256 colours costs visible accuracy (butteraugli
 * 4–12 on the corpus screenshots and logos) and usually saves little; it is only worth it when
 * the file gets at least this much smaller than the lossless palette version.
 */
export const FEW_COLOURS_MIN_SAVING = 0.2;

/** Lossless is still tried when the palette file is larger than this share of the fast-deflate PNG. */
export const LOSSLESS_WORTH_TRYING = 0.5;

/**
 * libimagequant settings for a requested quality (1-100). The file is only an intermediate: it is decoded
 * for the quality check and oxipng re-deflates it from its pixels, so deflating it here would be wasted work.
 */
export function paletteOptions(quality: number) {
  return { palette: true, quality, effort: 7, dither: 1, compressionLevel: 0 } as const;
}

export type PaletteSettings = ReturnType<typeof paletteOptions>;

export const pngFormat = describeFormat<PaletteSettings>('png', {
  supportsAlpha: true,
  supportsLossless: true,
  options: paletteOptions,
});
