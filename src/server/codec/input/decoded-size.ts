// The pixels an upload decodes to, for the formats the codec decodes before anything else (JPEG XL, HEIC), checked at
// upload like a PNG or an animated GIF/WebP over the limit: a JPEG XL counts every frame (jxl-frames.ts), a HEIC its
// primary picture's declared size (for a grid, the whole grid's `ispe`). docs/decisions/0533.
import fsp from 'node:fs/promises';
import { jxlFrameCount } from '#server/codec/jxl/jxl-frames';
import { animationOverLimit } from './animation-header';
import { heicDimensions } from './heic-header';
import { jxlDimensions } from './jxl-header';

/** A HEIC's `meta` box (with a grid's tiles listed) or a JPEG XL container's boxes before its codestream fit in this. */
export const DECODED_HEADER_BYTES = 256 * 1024;

export interface DecodedSize {
  width: number;
  height: number;
  /** Every frame the decoder delivers; null when they could not be counted (the codec decides, inside its limits). */
  frames: number | null;
}

/** The first `bytes` of a file (all of it when shorter). */
export async function fileHead(file: string, bytes: number = DECODED_HEADER_BYTES): Promise<Buffer> {
  const handle = await fsp.open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The picture size and frames of the JPEG XL or HEIC upload at `file`, or null when its header cannot be read.
 * `start` is the file's first bytes when the caller has already read them (at least DECODED_HEADER_BYTES, or all).
 */
export async function decodedSize(format: 'jxl' | 'heic', file: string, start?: Uint8Array): Promise<DecodedSize | null> {
  const bytes = start ?? (await fileHead(file));
  if (format === 'heic') {
    const size = heicDimensions(bytes);
    return size && { ...size, frames: 1 };
  }
  const size = jxlDimensions(bytes);
  return size && { ...size, frames: await jxlFrameCount(file) };
}

/** The refusal, with the numbers, for a JPEG XL or HEIC upload that decodes to more than `maxPixels`; else null. */
export function decodedOverLimit(size: DecodedSize | null, maxPixels: number): string | null {
  return size && animationOverLimit({ ...size, frames: size.frames ?? 1 }, maxPixels);
}
