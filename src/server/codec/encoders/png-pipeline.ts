// PNG encoding: libimagequant palette quantisation when it is both smaller and good enough,
// otherwise lossless optimisation with oxipng, always from 8-bit sRGB pixels.
import { losslessCompressPng, PngRowFilter } from '@napi-rs/image';
import type { Sharp } from '#server/codec/sharp-setup';
import { sharp } from '#server/codec/sharp-setup';
import { encodePalettePng, paletteOptions, stripPng, type RawImage } from '#codec-core/index';
import type { Deadline } from '#server/codec/deadline';
import type { EncodedImage } from './descriptor';

/**
 * Row filters oxipng tries on palette output. Indexed rows rarely gain from the predictive
 * filters; on the corpus None+Sub gave 0.7% smaller files than oxipng's default set in 55% of the time.
 */
const PALETTE_FILTERS = [PngRowFilter.None, PngRowFilter.Sub];

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

export interface PngEncodeOptions {
  /**
   * Hold quantised palettes to the quality floor, climbing the rungs until one passes (the default). Off in `size`
   * mode, which searches the quality itself: the palette is quantised at exactly `quality` and taken as it comes.
   */
  floor?: boolean;
}

/** PNG by the core's palette climb (codec-core/formats/png-palette.ts), with libimagequant, libvips and oxipng. */
export async function encodePng(
  decoded: Sharp,
  quality: number,
  source: PngSource,
  deadline: Deadline,
  { floor = true }: PngEncodeOptions = {},
): Promise<EncodedImage> {
  const { data, info } = await decoded.raw().toBuffer({ resolveWithObject: true });
  const pixels: RawImage = { data, width: info.width, height: info.height, channels: info.channels };
  const oxipng = (png: Uint8Array, filter?: PngRowFilter[]) =>
    deadline.race(losslessCompressPng(Buffer.from(png.buffer, png.byteOffset, png.byteLength), { force: true, ...(filter ? { filter } : {}) }, deadline.signal));
  // A cheap PNG (fast deflate) carries the pixels to oxipng, which recompresses them anyway.
  let plain: Promise<Buffer> | undefined;
  const plainPng = () => (plain ??= fromRaw(pixels).timeout({ seconds: deadline.remainingSeconds() }).png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer());
  const best = await encodePalettePng<Buffer>(pixels, { quality, floor, knownPalette: source.isPalette }, {
    quantise: (rung) => fromRaw(pixels).timeout({ seconds: deadline.remainingSeconds() }).png(paletteOptions(rung)).toBuffer(),
    decode: (quantised) => decodeLike(quantised, pixels),
    optimisePalette: (quantised) => oxipng(quantised, PALETTE_FILTERS),
    plainSize: async () => (await plainPng()).length,
    optimiseLossless: async () => oxipng((source.optimiseOriginal ? stripPng(source.input) : null) ?? (await plainPng())),
  });
  return { data: Buffer.from(best.buffer, best.byteOffset, best.byteLength), width: pixels.width, height: pixels.height };
}
