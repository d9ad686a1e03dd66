// What every output format declares: its type and name, whether it carries transparency, the mapping from our
// 1-100 quality scale to its encoder's own settings, and how it encodes. Adding a format is adding one module here
// and its time and memory cost in ../costs.ts (kept apart so the server can plan without loading the encoders).
import type { Metadata, Sharp } from 'sharp';
import type { z } from 'zod';
import type { ImageFormat } from '#contract/settings';
import type { Deadline } from '#server/codec/deadline';

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** What an encoder may know about the upload besides the decoded pixels. */
export interface EncodeSource {
  /** The uploaded bytes. */
  input: Buffer;
  /** The upload's own format. */
  format: ImageFormat;
  /** The upload's header, as read before decoding. */
  meta: Metadata;
  /**
   * The decoded pixels were resized: an encoder must not work from the uploaded bytes instead of the pixels (PNG's
   * optimisation of the original file).
   */
  resized?: boolean;
  /** The pixels are in the upload's own colour space because its ICC profile is kept (see metadata-policy.ts). */
  ownColourSpace?: boolean;
}

export interface EncodeRequest {
  /** Our scale, 1-100, the same visual quality in every format (see `calibration`). */
  quality: number;
  source: EncodeSource;
  deadline: Deadline;
  /** Pixel-identical output; `quality` is then ignored. Only for descriptors with `supportsLossless`. */
  lossless?: boolean;
  /**
   * Encode at exactly `quality`, without the format's own guard rails (PNG's palette quality floor, which would
   * otherwise climb to a higher quality): `size` mode searches the quality itself and needs sizes that follow it.
   */
  exactQuality?: boolean;
}

export interface EncoderDescriptor<Options extends object = object> {
  format: ImageFormat;
  mimeType: string;
  /** File name extension, without the dot. */
  extension: string;
  /** False when transparency must be flattened onto a background before encoding. */
  supportsAlpha: boolean;
  /** True when it can encode pixel-identically (`lossless` in the request). */
  supportsLossless: boolean;
  /** The encoder's own settings, validated (tests check every quality maps to valid options). */
  optionsSchema: z.ZodType<Options>;
  /** Our 1-100 scale -> the encoder's settings. */
  options(quality: number): Options;
  encode(decoded: Sharp, request: EncodeRequest): Promise<EncodedImage>;
}

/**
 * A quality mapping measured at a few points of our scale (the bench's formats-calibration section) and
 * interpolated linearly between them; the ends of the scale map to the ends of the encoder's.
 */
export function calibrated(points: readonly (readonly [ours: number, theirs: number])[]): (quality: number) => number {
  const table = [[1, 1] as const, ...points, [100, 100] as const].sort((a, b) => a[0] - b[0]);
  return (quality: number) => {
    const q = Math.min(100, Math.max(1, quality));
    for (let i = 1; i < table.length; i++) {
      const [x1, y1] = table[i]!;
      const [x0, y0] = table[i - 1]!;
      if (q <= x1) return Math.round(x1 === x0 ? y1 : y0 + ((q - x0) * (y1 - y0)) / (x1 - x0));
    }
    return 100;
  };
}

/** sharp's result as an EncodedImage. */
export async function toEncoded(pipeline: Sharp): Promise<EncodedImage> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
