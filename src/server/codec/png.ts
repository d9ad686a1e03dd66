// PNG encoding: libimagequant palette quantisation when it is both smaller and good enough,
// otherwise lossless optimisation with oxipng, always from 8-bit sRGB pixels.
import { losslessCompressPng, PngRowFilter } from '@napi-rs/image';
import type { Sharp } from 'sharp';
import { sharp } from './sharp-setup';
import { similarity, type RawImage } from './similarity';
import type { Deadline } from './deadline';
import { stripPngMetadata } from './metadata-strip';

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Palette sizes at or below this are kept exactly: oxipng turns them into a palette losslessly. */
const PALETTE_LIMIT = 256;

/**
 * Quality floor for quantised output, in block SSIM of luma (see similarity.ts). Measured on the
 * corpus: below these, banding on gradients and smeared text become visible at 1:1.
 */
export const PALETTE_FLOOR = { mean: 0.95, worst: 0.8 };

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

async function quantise(pixels: RawImage, quality: number, deadline: Deadline): Promise<Buffer | undefined> {
  const quantised = await fromRaw(pixels).timeout({ seconds: deadline.remainingSeconds() })
    .png(paletteOptions(quality)).toBuffer();
  const score = await similarity(pixels, await decodeLike(quantised, pixels));
  return score.mean >= PALETTE_FLOOR.mean && score.worst >= PALETTE_FLOOR.worst ? quantised : undefined;
}

export async function encodePng(decoded: Sharp, quality: number, source: PngSource, deadline: Deadline): Promise<EncodedImage> {
  const { data, info } = await decoded.raw().toBuffer({ resolveWithObject: true });
  const pixels: RawImage = { data, width: info.width, height: info.height, channels: info.channels };
  const oxipng = (png: Buffer, filter?: PngRowFilter[]) =>
    deadline.race(losslessCompressPng(png, { force: true, ...(filter ? { filter } : {}) }, deadline.signal));

  // A cheap PNG (fast deflate) carries the pixels to oxipng, which recompresses them anyway.
  const plain = await fromRaw(pixels).timeout({ seconds: deadline.remainingSeconds() })
    .png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer();

  // Quantisation is tried at the requested quality and, when that falls below the floor, once
  // more with the full palette: a slightly larger palette file still beats a truecolour one.
  // Images that already fit in a palette are converted losslessly by oxipng, and quantised
  // further only when that saves a lot (see FEW_COLOURS_MIN_SAVING).
  // At quality 100 the user asked for every pixel as it is.
  const fewColours = source.isPalette || countColoursUpTo(pixels, PALETTE_LIMIT) <= PALETTE_LIMIT;
  let palette: Buffer | undefined;
  if (quality < 100) {
    for (const q of fewColours || quality >= 95 ? [quality] : [quality, 100]) {
      const quantised = await quantise(pixels, q, deadline);
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
