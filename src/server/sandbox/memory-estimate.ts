// How much memory a codec request will need, known before it starts: the pool admits requests against its memory
// budget with this (codec-pool.ts). Read from the image header only (the first bytes of the stored file), so the
// server plans without decoding anything and without loading the codec.
import fsp from 'node:fs/promises';
import { imageSize } from 'image-size';
import type { ImageFormat } from '#contract/settings';
import { apngHeader, smartMetricBytes } from '#server/codec/planning';
import { workingBytesPerPixel } from '#server/codec/planning';
import type { OutputFormat } from '#contract/settings';
import type { CostControl } from '#server/codec/planning';

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

/** VP8X's animation flag. */
const isAnimatedWebp = (head: Buffer) => head.length >= 21 && head.toString('latin1', 12, 16) === 'VP8X' && (head[20]! & 0x02) !== 0;

/** The format, size and pixel count (of every frame, for an animation) from the start of an image file, or null when the header cannot be read. */
export async function readImageHeader(file: string): Promise<{ format: ImageFormat; pixels: number; width: number; height: number } | null> {
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
    const size = imageSize(head);
    const format = FORMAT_OF_TYPE[size.type ?? ''];
    if (!format || !(size.width > 0 && size.height > 0)) return null;
    // An animation is decoded with all its frames: an APNG's count is in acTL, right after IHDR; an animated WebP's
    // frames are counted only by walking the whole file, so it is planned as unknown (alone), like a GIF.
    if (format === 'webp' && isAnimatedWebp(head)) return null;
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
export async function estimateWorkingBytes(request: WorkPlan & { inputPath: string }): Promise<number> {
  const header = await readImageHeader(request.inputPath);
  if (!header) return UNKNOWN_NEED_BYTES;
  return workingBytesFor(header, request);
}

/**
 * The same from a header already read. A resize that enlarges (a Tinify cover or thumb) works on its output's
 * pixels, so the larger of input and output is planned for.
 */
export function workingBytesFor(
  header: { format: ImageFormat; pixels: number },
  request: WorkPlan,
): number {
  const pixels = Math.max(header.pixels, request.outputPixels ?? 0);
  const perPixel = pixels * workingBytesPerPixel(request.format ?? 'original', header.format, request.formats, request.control);
  return Math.ceil(perPixel + (request.control?.mode === 'smart' ? smartMetricBytes(pixels) : 0));
}
