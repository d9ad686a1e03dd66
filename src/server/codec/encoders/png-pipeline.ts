// PNG encoding: libimagequant palette quantisation when it is both smaller and good enough,
// otherwise lossless optimisation with oxipng, always from 8-bit sRGB pixels.
import { losslessCompressPng, PngRowFilter } from '@napi-rs/image';
import type { Sharp } from '#server/codec/sharp-setup';
import { sharp } from '#server/codec/sharp-setup';
import { FEW_COLOURS_MIN_SAVING, LOSSLESS_WORTH_TRYING, PALETTE_LIMIT, paletteFloor, paletteOptions, paletteRungs } from '#codec-core/formats/png';
import { flatColourError, similarity, type RawImage } from '#codec-core/metrics/similarity';
import type { Deadline } from '#server/codec/deadline';
import { stripPngMetadata } from '#server/codec/metadata/metadata-strip';
import type { EncodedImage } from './descriptor';





/**
 * Row filters oxipng tries on palette output. Indexed rows rarely gain from the predictive
 * filters; on the corpus None+Sub gave 0.7% smaller files than oxipng's default set in 55% of the time.
 */
const PALETTE_FILTERS = [PngRowFilter.None, PngRowFilter.Sub];


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
