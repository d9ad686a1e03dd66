// How much memory a codec request will need, known before it starts: the pool admits requests against its memory
// budget with this (codec-pool.ts). Read from the image header only (the first bytes of the stored file), so the
// server plans without decoding anything and without loading the codec.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { imageSize } from 'image-size';
import { ORIGINAL_OUTPUT_OF, type ImageFormat } from '#contract/settings';
import { AnimationCounter, apngHeader, decodedSize, smartMetricBytes, sniffInputFormat } from '#server/codec/planning';
import { workingBytesPerPixel } from '#server/codec/planning';
import type { OutputFormat } from '#contract/settings';
import type { CostControl } from '#server/codec/planning';
import type { ImageHeader } from './protocol';

export type { ImageHeader } from './protocol';

/**
 * Resident memory of a codec process with Node, sharp and the codec loaded, after compressing a small image:
 * 75-81 MiB measured on 2026-11-23 (Node 22, the bundled entry).
 */
export const CODEC_PROCESS_BYTES = 80 * 1024 ** 2;

/** What a request whose image header cannot be read is taken to need: more than any budget, so it runs alone. */
export const UNKNOWN_NEED_BYTES = 2 ** 40;

/** JPEG headers put the frame size after the metadata segments (EXIF, ICC, XMP), which can be tens of kilobytes. */
const HEADER_BYTES = 256 * 1024;

const FORMAT_OF_TYPE: Partial<Record<string, ImageFormat>> = { jpg: 'jpeg', png: 'png', webp: 'webp', avif: 'avif' };

/**
 * docs/decisions/0407-planner-reads-decoded-formats.md: a HEIC, JPEG XL or GIF upload is decoded in the codec process before anything else (engine/open.ts): the decoder's
 * picture (4 bytes a pixel, RGBA) and the uncompressed PNG it is handed on as (up to 4 more) are held besides what
 * the encoders need.
 */
export const DECODED_INPUT_BYTES_PER_PIXEL = 8;

/**
 * What the planner knows of an image from its header. `format` is the format `original` is planned as (for a format
 * we only read, the one it is converted to); `pixels` counts every frame of an animation; `decoded` marks an upload
 * the codec decodes first.
 */

/** An animation's canvas and frames, counted by walking its blocks (GIF) or chunks (WebP) through the whole file. */
async function countedFrames(file: string): Promise<{ width: number; height: number; frames: number } | null> {
  const counter = new AnimationCounter();
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 })) counter.push(chunk as Buffer);
  const size = counter.size;
  return size && size.width > 0 && size.height > 0 ? { ...size, frames: Math.max(1, size.frames) } : null;
}

/** A GIF, still or animated: planned as what `original` gives it (WebP), every frame counted. */
async function gifHeader(file: string): Promise<ImageHeader | null> {
  const size = await countedFrames(file);
  if (!size) return null;
  return { format: ORIGINAL_OUTPUT_OF.gif, pixels: size.width * size.height * size.frames, width: size.width, height: size.height, decoded: true };
}

/** A WebP whose VP8X chunk (right after the RIFF header) sets the animation flag. */
const isAnimatedWebp = (head: Buffer) =>
  head.length >= 21 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 16) === 'WEBPVP8X' && (head[20]! & 0x02) !== 0;

/** HEIC, JPEG XL and GIF: read by our own header readers (image-size's answers for them are not planned with). */
async function decodedInputHeader(file: string, head: Buffer, format: 'heic' | 'jxl' | 'gif'): Promise<ImageHeader | null> {
  if (format === 'gif') return gifHeader(file);
  // A JPEG XL animation is decoded with all its frames (counted by walking them, jxl-frames.ts); uncounted, the need
  // is unknown and the request runs alone.
  const size = await decodedSize(format, file, head);
  if (!size?.frames) return null;
  const planned = format === 'heic' ? ORIGINAL_OUTPUT_OF.heic : 'jxl';
  return { format: planned, pixels: size.width * size.height * size.frames, width: size.width, height: size.height, decoded: true };
}

/** The format, size and pixel count from the start of an image file, or null when the header cannot be read. */
export async function readImageHeader(file: string): Promise<ImageHeader | null> {
  let head: Buffer;
  try {
    const handle = await fsp.open(file, 'r');
    try {
      const buffer = Buffer.alloc(HEADER_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, HEADER_BYTES, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
  try {
    const sniffed = sniffInputFormat(head);
    if (sniffed === 'heic' || sniffed === 'jxl' || sniffed === 'gif') return await decodedInputHeader(file, head, sniffed);
    if (sniffed === 'webp' && isAnimatedWebp(head)) {
      const size = await countedFrames(file);
      return size && { format: 'webp', pixels: size.width * size.height * size.frames, width: size.width, height: size.height };
    }
    const size = imageSize(head);
    const format = FORMAT_OF_TYPE[size.type ?? ''];
    if (!format || !(size.width > 0 && size.height > 0)) return null;
    // An animation is decoded with all its frames: an APNG's count is in acTL, right after IHDR.
    const frames = format === 'png' ? Math.max(1, apngHeader(head)?.frames ?? 1) : 1;
    return { format, pixels: size.width * size.height * frames, width: size.width, height: size.height };
  } catch {
    // Frame types the parser does not know (arithmetic-coded JPEG, say) or a damaged header: the codec decides.
    return null;
  }
}

/** What a request will encode, for planning: its output format (Auto's candidates), its mode and policy, its output size. */
export interface WorkPlan {
  format?: OutputFormat;
  formats?: readonly ImageFormat[];
  control?: CostControl;
  /** Pixels of the largest output (a resize may enlarge). */
  outputPixels?: number;
}

/** Working memory (above the process's own) the request's image and output format are expected to need. */
export async function estimateWorkingBytes(request: WorkPlan & { inputPath: string; inputHeader?: ImageHeader | null }): Promise<number> {
  const header = request.inputHeader !== undefined ? request.inputHeader : await readImageHeader(request.inputPath);
  if (!header) return UNKNOWN_NEED_BYTES;
  return workingBytesFor(header, request);
}

/**
 * The same from a header already read. A resize that enlarges (a Tinify cover or thumb) works on its output's
 * pixels, so the larger of input and output is planned for.
 */
export function workingBytesFor(
  header: { format: ImageFormat; pixels: number; decoded?: true },
  request: WorkPlan,
): number {
  const pixels = Math.max(header.pixels, request.outputPixels ?? 0);
  const perPixel = pixels * workingBytesPerPixel(request.format ?? 'original', header.format, request.formats, request.control);
  const decoding = header.decoded ? header.pixels * DECODED_INPUT_BYTES_PER_PIXEL : 0;
  return Math.ceil(perPixel + decoding + (request.control?.mode === 'smart' ? smartMetricBytes(pixels) : 0));
}
