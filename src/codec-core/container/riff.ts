// The one walker and the one writer of a WebP's RIFF chunks: the kept blocks written into an encoding, a still WebP
// passed on without its metadata, an animated one's chunks and the browser's animation check all go through them.
import { ascii, concatBytes, latin1, u16le, u24le, u32le, writeU24le, writeU32le } from './bytes';

export const VP8X_ICC = 0x20;
export const VP8X_ALPHA = 0x10;
export const VP8X_EXIF = 0x08;
export const VP8X_XMP = 0x04;
export const VP8X_ANIMATION = 0x02;

export interface RiffChunk {
  type: string;
  data: Uint8Array;
}

/** Each chunk's type and data after the WEBP header, or null when the stream cannot be walked. */
export function walkWebp(webp: Uint8Array): RiffChunk[] | null {
  if (webp.length < 20 || ascii(webp, 0, 4) !== 'RIFF' || ascii(webp, 8, 12) !== 'WEBP') return null;
  const chunks: RiffChunk[] = [];
  let pos = 12;
  while (pos + 8 <= webp.length) {
    const size = u32le(webp, pos + 4);
    const end = pos + 8 + size;
    if (end > webp.length) return null;
    chunks.push({ type: ascii(webp, pos, pos + 4), data: webp.subarray(pos + 8, end) });
    pos = end + (size & 1);
  }
  return chunks;
}

/** One chunk: type, little-endian size, data, padded to an even length. */
export function riffChunk(type: string, data: Uint8Array): Uint8Array {
  const head = concatBytes([latin1(type), new Uint8Array(4)]);
  writeU32le(head, 4, data.length);
  return concatBytes([head, data, new Uint8Array(data.length & 1)]);
}

/** The RIFF/WEBP file holding these (whole, padded) chunks. */
export function riffWebp(chunks: readonly Uint8Array[]): Uint8Array {
  const body = concatBytes(chunks);
  const header = concatBytes([latin1('RIFF'), new Uint8Array(4), latin1('WEBP')]);
  writeU32le(header, 4, 4 + body.length);
  return concatBytes([header, body]);
}

/** A WebP's animation flag (VP8X), from its head. */
export const isAnimatedWebp = (head: Uint8Array): boolean => head.length >= 21 && ascii(head, 12, 16) === 'VP8X' && (head[20]! & VP8X_ANIMATION) !== 0;

interface WebpCanvas {
  width: number;
  height: number;
  alpha: boolean;
}

/** Canvas size and alpha from the image chunk of a simple (non-VP8X) file. */
function canvasOfImageChunk(type: string, data: Uint8Array): WebpCanvas | null {
  if (type === 'VP8L' && data.length >= 5 && data[0] === 0x2f) {
    const bits = u32le(data, 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, alpha: ((bits >>> 28) & 1) === 1 };
  }
  if (type === 'VP8 ' && data.length >= 10 && data[3] === 0x9d && data[4] === 0x01 && data[5] === 0x2a) {
    return { width: u16le(data, 6) & 0x3fff, height: u16le(data, 8) & 0x3fff, alpha: false };
  }
  return null;
}

/** What a WebP may carry besides its picture, in container-neutral form. */
export interface WebpBlocks {
  /** A TIFF structure (no "Exif\0\0" prefix). */
  exif?: Uint8Array;
  /** An XMP packet. */
  xmp?: string;
  /** An ICC profile. */
  icc?: Uint8Array;
}

/**
 * The still WebP rebuilt with `blocks` (ICCP, EXIF and XMP chunks in the extended format's order) and only its image
 * chunks otherwise. Null for an animation or a file that cannot be walked.
 */
export function withWebpMetadata(webp: Uint8Array, blocks: WebpBlocks): Uint8Array | null {
  const walked = walkWebp(webp);
  if (!walked) return null;
  let canvas: WebpCanvas | null = null;
  let alphaChunk: Uint8Array | null = null;
  let imageChunk: Uint8Array | null = null;
  for (const { type, data } of walked) {
    if (type === 'ANIM' || type === 'ANMF') return null;
    if (type === 'VP8X' && data.length >= 10) {
      canvas = { width: u24le(data, 4) + 1, height: u24le(data, 7) + 1, alpha: (data[0]! & VP8X_ALPHA) !== 0 };
    }
    if (type === 'ALPH') alphaChunk = riffChunk(type, data);
    if (type === 'VP8 ' || type === 'VP8L') {
      imageChunk = riffChunk(type, data);
      canvas ??= canvasOfImageChunk(type, data);
    }
  }
  if (!imageChunk || !canvas) return null;
  const exif = blocks.exif ? riffChunk('EXIF', blocks.exif) : null;
  const xmp = blocks.xmp !== undefined ? riffChunk('XMP ', new TextEncoder().encode(blocks.xmp)) : null;
  const icc = blocks.icc ? riffChunk('ICCP', blocks.icc) : null;
  const chunks: Uint8Array[] = [];
  if (exif || xmp || icc || alphaChunk || canvas.alpha) {
    const vp8x = new Uint8Array(10);
    vp8x[0] = (icc ? VP8X_ICC : 0) | (alphaChunk || canvas.alpha ? VP8X_ALPHA : 0) | (exif ? VP8X_EXIF : 0) | (xmp ? VP8X_XMP : 0);
    writeU24le(vp8x, 4, canvas.width - 1);
    writeU24le(vp8x, 7, canvas.height - 1);
    chunks.push(riffChunk('VP8X', vp8x));
  }
  for (const c of [icc, alphaChunk, imageChunk, exif, xmp]) if (c) chunks.push(c);
  return riffWebp(chunks);
}
