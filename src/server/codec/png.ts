// PNG encoding: libimagequant palette quantisation when it is both smaller and good enough,
// otherwise lossless optimisation with oxipng, always from 8-bit sRGB pixels.
import { losslessCompressPng, PngRowFilter } from '@napi-rs/image';
import type { Sharp } from 'sharp';
import { sharp } from './sharp-setup';
import { flatColourError, similarity, type RawImage } from './similarity';
import type { Deadline } from './deadline';
import { stripPngMetadata } from './metadata-strip';
import type { EncodedImage } from './encoders/descriptor';

/** Palette sizes at or below this are kept exactly: oxipng turns them into a palette losslessly. */
const PALETTE_LIMIT = 256;

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
const FEW_COLOURS_MIN_SAVING = 0.2;

/**
 * Row filters oxipng tries on palette output. Indexed rows rarely gain from the predictive
 * filters; on the corpus None+Sub gave 0.7% smaller files than oxipng's default set in 55% of the time.
 */
const PALETTE_FILTERS = [PngRowFilter.None, PngRowFilter.Sub];

/** Lossless is still tried when the palette file is larger than this share of the fast-deflate PNG. */
const LOSSLESS_WORTH_TRYING = 0.5;

function countColoursUpTo(img: RawImage, limit: number): number {
  const { data, channels } = img;
  const seen = new Set<number>();
  for (let p = 0; p < data.length; p += channels) {
    let key = 0;
    for (let c = 0; c < channels; c++) key = key * 256 + data[p + c]!;
    seen.add(key);
    if (seen.size > limit) break;
  }
  return seen.size;
}

/**
 * libimagequant settings for a requested quality (1-100). The file is only an intermediate: it is decoded
 * for the quality check and oxipng re-deflates it from its pixels, so deflating it here would be wasted work.
 */
export function paletteOptions(quality: number) {
  return { palette: true, quality, effort: 7, dither: 1, compressionLevel: 0 } as const;
}

function fromRaw(img: RawImage): Sharp {
  const channels = img.channels as 1 | 2 | 3 | 4;
  return sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength), {
    raw: { width: img.width, height: img.height, channels },
  });
}

async function decodeLike(png: Buffer, reference: RawImage): Promise<RawImage> {
  let pipeline = sharp(png).toColourspace(reference.channels <= 2 ? 'b-w' : 'srgb');
  pipeline = reference.channels % 2 === 0 ? pipeline.ensureAlpha(1) : pipeline.removeAlpha();
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

export interface PngSource {
  /** The uploaded bytes. */
  input: Buffer;
  /** Already a palette image (colour type 3). */
  isPalette: boolean;
  /**
   * The stored pixels already are what every viewer shows: 8-bit, no ICC profile, upright.
   * oxipng can then work on the original itself, which keeps its palette order and filters
   * instead of rebuilding them from decoded pixels.
   */
  optimiseOriginal: boolean;
}

/** A palette at libimagequant quality `rung`, or undefined when it fails the floor (null: taken as it comes). */
async function quantise(pixels: RawImage, rung: number, floor: ReturnType<typeof paletteFloor> | null, deadline: Deadline): Promise<Buffer | undefined> {
  const quantised = await fromRaw(pixels).timeout({ seconds: deadline.remainingSeconds() })
    .png(paletteOptions(rung)).toBuffer();
  if (!floor) return quantised;
  const decoded = await decodeLike(quantised, pixels);
  const score = await similarity(pixels, decoded);
  if (score.mean < floor.mean || score.worst < floor.worst) return undefined;
  const flat = await flatColourError(pixels, decoded);
  return flat.shift <= floor.flatShift && flat.noise <= floor.flatNoise ? quantised : undefined;
}

export interface PngEncodeOptions {
  /**
   * Hold quantised palettes to the quality floor, climbing the rungs until one passes (the default). Off in `size`
   * mode, which searches the quality itself: the palette is quantised at exactly `quality` and taken as it comes.
   */
  floor?: boolean;
}

export async function encodePng(
  decoded: Sharp,
  quality: number,
  source: PngSource,
  deadline: Deadline,
  { floor = true }: PngEncodeOptions = {},
): Promise<EncodedImage> {
  const { data, info } = await decoded.raw().toBuffer({ resolveWithObject: true });
  const pixels: RawImage = { data, width: info.width, height: info.height, channels: info.channels };
  const oxipng = (png: Buffer, filter?: PngRowFilter[]) =>
    deadline.race(losslessCompressPng(png, { force: true, ...(filter ? { filter } : {}) }, deadline.signal));

  // A cheap PNG (fast deflate) carries the pixels to oxipng, which recompresses them anyway.
  const plain = await fromRaw(pixels).timeout({ seconds: deadline.remainingSeconds() })
    .png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer();

  // Quantisation climbs the rungs from the requested quality up until a palette passes the floor:
  // a larger palette file still beats a truecolour one. Images that already fit in a palette are
  // converted losslessly by oxipng, and quantised further only when that saves a lot (see
  // FEW_COLOURS_MIN_SAVING). At quality 100 the user asked for every pixel as it is.
  const fewColours = source.isPalette || countColoursUpTo(pixels, PALETTE_LIMIT) <= PALETTE_LIMIT;
  let palette: Buffer | undefined;
  if (quality < 100) {
    const bounds = floor ? paletteFloor(quality) : null;
    for (const rung of floor ? paletteRungs(quality) : [quality]) {
      const quantised = await quantise(pixels, rung, bounds, deadline);
      if (quantised) {
        palette = await oxipng(quantised, PALETTE_FILTERS);
        break;
      }
    }
  }

  // oxipng on truecolour is the slowest step; it cannot win when the palette file is far below
  // what fast deflate already achieves (oxipng rarely saves more than a third of that).
  let lossless: Buffer | undefined;
  if (!palette || fewColours || palette.length > plain.length * LOSSLESS_WORTH_TRYING) {
    const stripped = source.optimiseOriginal ? stripPngMetadata(source.input, undefined) : null;
    lossless = await oxipng(stripped ? stripped.data : plain);
  }

  let best = lossless ?? palette!;
  if (palette && lossless) {
    const required = fewColours ? 1 - FEW_COLOURS_MIN_SAVING : 1;
    if (palette.length < lossless.length * required) best = palette;
  }
  return { data: best, width: pixels.width, height: pixels.height };
}
