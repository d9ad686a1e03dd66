// Animated PNG (APNG): libvips's PNG loader shows only the default image, so the frames are read here. The chunk
// walker finds acTL (frame and loop counts, read before anything is decoded: the frame bomb check), each fcTL (a
// frame's rectangle, delay, dispose and blend ops) and its data (IDAT or fdAT). Each frame's data becomes a PNG of
// its own (the upload's IHDR at the frame's size, with the palette, transparency and colour chunks) that libvips
// decodes; the frames are then composited onto the canvas as the APNG specification says, one full RGBA picture
// per frame. docs/decisions/0408-animated-png.md.
import { animationOverLimit } from '#server/codec/input/animation-header';
import { apngHeader, PNG_SIGNATURE, pngChunk, walkPng, type ApngHeader, type PngChunk } from '#codec-core/index';

export interface ApngFrame {
  width: number;
  height: number;
  x: number;
  y: number;
  /** In milliseconds. */
  delay: number;
  /** 0 none, 1 clear to transparent, 2 restore what was there before. */
  dispose: number;
  /** 0 replace the rectangle, 1 draw over it. */
  blend: number;
  /** The compressed pixel data of the frame (IDAT data, or fdAT data without its sequence number). */
  data: Buffer[];
}

export class ApngError extends Error {}

/** Chunks before the image data that decide how its bytes decode to colours: copied into each frame's PNG. */
const SHARED_CHUNKS = new Set(['PLTE', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'cICP']);

const dataOf = (buf: Buffer, c: PngChunk) => buf.subarray(c.data, c.data + c.length);

/** Every frame's control and data; throws ApngError on anything the specification does not allow. */
export function apngFrames(buf: Buffer, header: ApngHeader): { frames: ApngFrame[]; shared: Uint8Array[]; ihdr: Buffer } {
  const chunks = walkPng(buf);
  if (!chunks) throw new ApngError('the file ends before its last chunk');
  const ihdr = chunks[0]?.type === 'IHDR' && chunks[0].length === 13 ? dataOf(buf, chunks[0]) : null;
  if (!ihdr) throw new ApngError('no image header');
  const shared: Uint8Array[] = [];
  const frames: ApngFrame[] = [];
  let current: ApngFrame | null = null;
  let sequence = 0;
  let seenIdat = false;
  for (const c of chunks) {
    const data = dataOf(buf, c);
    if (c.type === 'fcTL') {
      if (c.length !== 26 || data.readUInt32BE(0) !== sequence++) throw new ApngError('a frame control out of sequence');
      const [width, height, x, y] = [4, 8, 12, 16].map((o) => data.readUInt32BE(o)) as [number, number, number, number];
      if (!width || !height || x + width > header.width || y + height > header.height) throw new ApngError('a frame outside the canvas');
      // The first frame, when it is the default image, must fill the canvas.
      if (!seenIdat && frames.length === 0 && (x || y || width !== header.width || height !== header.height)) throw new ApngError('a first frame smaller than the canvas');
      const den = data.readUInt16BE(22) || 100;
      const dispose = data[24]!;
      const blend = data[25]!;
      if (dispose > 2 || blend > 1) throw new ApngError('an unknown dispose or blend operation');
      current = { width, height, x, y, delay: Math.round((data.readUInt16BE(20) * 1000) / den), dispose, blend, data: [] };
      frames.push(current);
      if (frames.length > header.frames) throw new ApngError('more frames than acTL says');
    } else if (c.type === 'IDAT') {
      seenIdat = true;
      // IDAT belongs to the animation only when a frame control came before it.
      if (current && frames.length === 1) current.data.push(data);
    } else if (c.type === 'fdAT') {
      if (!current || c.length < 4 || data.readUInt32BE(0) !== sequence++) throw new ApngError('frame data out of sequence');
      current.data.push(data.subarray(4));
    } else if (!seenIdat && SHARED_CHUNKS.has(c.type)) shared.push(pngChunk(c.type, data));
  }
  if (frames.length !== header.frames) throw new ApngError(`acTL says ${header.frames} frames, the file holds ${frames.length}`);
  if (frames.some((f) => f.data.length === 0)) throw new ApngError('a frame without image data');
  return { frames, shared, ihdr };
}

/** One frame's data as a PNG of its own: the upload's header at the frame's size, its colour chunks, the data. */
export function framePng(frame: ApngFrame, ihdr: Buffer, shared: Uint8Array[]): Buffer {
  const header = Buffer.from(ihdr);
  header.writeUInt32BE(frame.width, 0);
  header.writeUInt32BE(frame.height, 4);
  return Buffer.concat([Uint8Array.from(PNG_SIGNATURE), pngChunk('IHDR', header), ...shared, pngChunk('IDAT', Buffer.concat(frame.data)), pngChunk('IEND', Buffer.alloc(0))]);
}

/**
 * Composites decoded frames (each RGBA at its own rectangle) onto the canvas in order, applying blend and dispose
 * ops, and hands each full canvas to `emit` (into one buffer of all frames, say). The canvas starts transparent.
 */
export function composite(width: number, height: number, frames: readonly ApngFrame[], pixelsOf: (index: number) => Buffer, emit: (index: number, canvas: Buffer) => void): void {
  const canvas = Buffer.alloc(width * height * 4);
  frames.forEach((frame, index) => {
    const rows = (f: ApngFrame) => Array.from({ length: f.height }, (_, r) => ((f.y + r) * width + f.x) * 4);
    // Dispose "previous" on the first frame means "background" (the specification).
    const dispose = index === 0 && frame.dispose === 2 ? 1 : frame.dispose;
    const saved = dispose === 2 ? rows(frame).map((o) => Buffer.from(canvas.subarray(o, o + frame.width * 4))) : null;
    const pixels = pixelsOf(index);
    if (pixels.length !== frame.width * frame.height * 4) throw new ApngError('a frame decoded to the wrong size');
    rows(frame).forEach((o, r) => {
      const src = pixels.subarray(r * frame.width * 4, (r + 1) * frame.width * 4);
      if (frame.blend === 0) return void src.copy(canvas, o);
      for (let i = 0; i < src.length; i += 4) blendOver(canvas, o + i, src, i);
    });
    emit(index, canvas);
    if (dispose === 1) for (const o of rows(frame)) canvas.fill(0, o, o + frame.width * 4);
    if (saved) rows(frame).forEach((o, r) => saved[r]!.copy(canvas, o));
  });
}

/** Source over destination, straight (not premultiplied) alpha, rounded to 8 bits. */
function blendOver(dst: Buffer, d: number, src: Buffer, s: number): void {
  const sa = src[s + 3]!;
  if (sa === 255) return void src.copy(dst, d, s, s + 4);
  if (sa === 0) return;
  const da = dst[d + 3]!;
  const outA = sa * 255 + da * (255 - sa); // alpha × 255²
  if (outA === 0) return void dst.fill(0, d, d + 4);
  for (let c = 0; c < 3; c++) dst[d + c] = Math.round((src[s + c]! * sa * 255 + dst[d + c]! * da * (255 - sa)) / outA);
  dst[d + 3] = Math.round(outA / 255);
}

/**
 * The refusal for an APNG whose acTL frames decode to more than `maxPixels` in all, or null: read from the first
 * bytes of an upload (acTL sits right after IHDR in the files encoders write), nothing decoded.
 */
export function apngOverLimit(head: Buffer, maxPixels: number): string | null {
  return animationOverLimit(apngHeader(head), maxPixels);
}
