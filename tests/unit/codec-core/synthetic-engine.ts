// A small deterministic engine for the codec core's own tests: a test double of the Engine port (never of the core).
// Its "encodings" are bytes whose length follows a fixed rule of format, quality and size, and its "decoding" gives
// back the pixels with noise that grows as the quality falls, so every search of the core has something real to
// find, in milliseconds and without sharp.
import { boundsOf, type CodecSettings, type EncodeParams, type Engine, type ImageFormat, type ImageTraits, type OpenImage, type Pixels, type Size } from '#codec-core/index';
import { DEFAULT_COMPRESS_SETTINGS } from '#contract/settings-schema';
import { IMAGE_FORMATS } from '#contract/settings';

export const FORMAT_INDEX: Record<ImageFormat, number> = { jpeg: 1, png: 2, webp: 3, avif: 4, jxl: 5 };
const FORMAT_OF = Object.fromEntries(Object.entries(FORMAT_INDEX).map(([f, i]) => [i, f])) as Record<number, ImageFormat>;

/** Bytes per pixel at quality 100 for each format: AVIF smallest, PNG largest, as on photographs. */
export const BYTES_PER_PIXEL: Record<ImageFormat, number> = { avif: 0.6, jxl: 0.7, webp: 0.8, jpeg: 1, png: 2.5 };
/** Header bytes every encoding carries (the first two hold quality and format). */
export const HEADER = 16;

/** The synthetic encoder's size rule: grows with quality (squared) and with the pixel count; lossless costs most. */
export function encodedSize(format: ImageFormat, quality: number, lossless: boolean, size: Size): number {
  const share = lossless ? 1.2 : 0.05 + (quality / 100) ** 2;
  return HEADER + Math.ceil(size.width * size.height * BYTES_PER_PIXEL[format] * share);
}

export interface SyntheticOptions {
  format?: ImageFormat;
  size?: Size;
  hasAlpha?: boolean;
  traits?: ImageTraits;
  /** What passOn gives: a length (bytes of that size), or null (the upload cannot be passed on). */
  passOn?: number | null;
  /** The upload was decoded from this (a HEIC read as pixels, say): its format and size in bytes. */
  decodedFrom?: OpenImage['decodedFrom'];
  /** The decoding ignores the quality: an image every setting shows perfectly (smart mode's easiest case). */
  easy?: boolean;
  /** The opened image's own stop (an engine's deadline). */
  stop?: AbortSignal;
  /** The formats the engine makes (all by default). */
  encodes?: readonly ImageFormat[];
  /** What opening it left out, said in the job's note (the frames of an image sequence). */
  notes?: string[];
  /** An animation: its frame count and how many frames `pixels` stacks top to bottom. */
  frames?: OpenImage['frames'];
  /** The one format the engine writes this image in (an animation's WebP). */
  writtenAs?: ImageFormat;
  /** Another size rule than encodedSize (searches over sizes that do not follow the model, formats in another order). */
  bytes?: (format: ImageFormat, quality: number, lossless: boolean, size: Size) => number;
}

export interface EncodeCall extends EncodeParams {
  format: ImageFormat;
}

export interface SyntheticEngine extends Engine {
  /** Every encode of the upload the core asked for, in order. */
  encodeCalls: EncodeCall[];
  /** Every encode of bare pixels (smart mode's probes, the estimate's sample and preview). */
  probes: { format: ImageFormat; quality: number }[];
  /** The same encodes of bare pixels with their parameters and the pixels' size. */
  pixelEncodes: (EncodeCall & Size)[];
  /** How many times the decoded pixels were asked for. */
  pixelsCalls: number;
  closed: number;
}

/** A textured test picture: smooth gradients with a fine pattern, so a metric has structure to compare. */
export function picture({ width, height }: Size): Pixels {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 3;
      data[p] = (x * 4 + ((x * y) % 17)) & 0xff;
      data[p + 1] = (y * 4 + ((x + 3 * y) % 23)) & 0xff;
      data[p + 2] = ((x + y) * 2 + ((x ^ y) % 11)) & 0xff;
    }
  }
  return { data, width, height };
}

function degraded(pixels: Pixels, quality: number): Pixels {
  const amplitude = (100 - quality) / 12;
  const data = new Uint8Array(pixels.data.length);
  for (let i = 0; i < data.length; i++) {
    const noise = ((((i * 2654435761) >>> 0) % 1000) / 1000 - 0.5) * 2 * amplitude;
    data[i] = Math.max(0, Math.min(255, Math.round(pixels.data[i]! + noise)));
  }
  return { ...pixels, data };
}

function encoding(format: ImageFormat, quality: number, length: number): Uint8Array {
  const data = new Uint8Array(length);
  data[0] = quality;
  data[1] = FORMAT_INDEX[format];
  return data;
}

export function syntheticEngine(options: SyntheticOptions = {}): SyntheticEngine {
  const format = options.format ?? 'jpeg';
  const size = options.size ?? { width: 64, height: 48 };
  const traits = options.traits ?? { transparent: false, photographic: true };
  const sizeRule = options.bytes ?? encodedSize;
  const engine: SyntheticEngine = {
    encodes: options.encodes ?? IMAGE_FORMATS,
    cannotEncode: (to) => `${to} is not made by this engine`,
    encodeCalls: [],
    probes: [],
    pixelEncodes: [],
    pixelsCalls: 0,
    closed: 0,
    async open(input, settings) {
      return { input, format, upright: size, hasAlpha: options.hasAlpha ?? false, bounded: boundsOf(size, settings), settings, ...(options.decodedFrom && { decodedFrom: options.decodedFrom }), ...(options.stop && { stop: options.stop }), ...(options.notes && { notes: options.notes }), ...(options.frames && { frames: options.frames }), ...(options.writtenAs && { writtenAs: options.writtenAs }) };
    },
    close() {
      engine.closed += 1;
    },
    async traits() {
      return traits;
    },
    async encode(image, source, to, params) {
      if (source !== 'upload') {
        engine.probes.push({ format: to, quality: params.quality });
        const { width, height } = source;
        engine.pixelEncodes.push({ format: to, ...params, width, height });
        return { data: encoding(to, params.quality, sizeRule(to, params.quality, params.lossless, source)), width, height };
      }
      engine.encodeCalls.push({ format: to, ...params });
      const out = params.size ?? image.upright;
      return { data: encoding(to, params.quality, sizeRule(to, params.quality, params.lossless, out)), ...out };
    },
    passOn: () => (options.passOn === undefined || options.passOn === null ? null : new Uint8Array(options.passOn)),
    async pixels(image: OpenImage) {
      engine.pixelsCalls += 1;
      const { width, height } = image.bounded ?? image.upright;
      return picture({ width, height: height * (options.frames?.inPixels ?? 1) });
    },
    async decodePixels(image, data) {
      const original = picture(image.bounded ?? image.upright);
      if (options.easy) return original;
      if (!FORMAT_OF[data[1]!]) throw new Error('not a synthetic encoding');
      return degraded(original, data[0]!);
    },
  };
  return engine;
}

/** The contract's defaults with `changes`. */
export const settingsWith = (changes: Partial<CodecSettings>): CodecSettings => ({ ...DEFAULT_COMPRESS_SETTINGS, ...changes });

export const LIMITS = { maxPixels: 10_000_000, timeoutSeconds: 30 };
export const UPLOAD = new Uint8Array(5000);
