// The one walker and the one writer of PNG chunk streams: stripping, writing kept blocks, APNG frames and the
// browser's animation check all go through them, so they agree on where a chunk starts and ends, that a stream ends
// with IEND, and how a chunk's CRC is made.
import { ascii, concatBytes, crc32, latin1, u32be, writeU32be } from './bytes';

export const PNG_SIGNATURE: readonly number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface PngChunk {
  type: string;
  /** [start, end) of the whole chunk: length, type, data and CRC. */
  start: number;
  end: number;
  /** The data's offset and length. */
  data: number;
  length: number;
}

/** The chunks after the signature, through IEND; null when a chunk runs past the end or IEND never comes. */
export function walkPng(buf: Uint8Array): PngChunk[] | null {
  if (buf.length < 8) return null;
  const chunks: PngChunk[] = [];
  let pos = 8;
  while (pos + 12 <= buf.length) {
    const length = u32be(buf, pos);
    const type = ascii(buf, pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (end > buf.length) return null;
    chunks.push({ type, start: pos, end, data: pos + 8, length });
    if (type === 'IEND') return chunks;
    pos = end;
  }
  return null;
}

/** One chunk: length, type, data and the CRC of type and data. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = concatBytes([new Uint8Array(4), latin1(type), data, new Uint8Array(4)]);
  writeU32be(chunk, 0, data.length);
  writeU32be(chunk, 8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

/** Whether a whole chunk's stored CRC is the one its type and data give. */
export const pngCrcHolds = (chunk: Uint8Array): boolean => u32be(chunk, chunk.length - 4) === crc32(chunk.subarray(4, chunk.length - 4));

export interface ApngHeader {
  width: number;
  height: number;
  /** acTL's frame count. */
  frames: number;
  /** acTL's play count: 0 loops forever. */
  loop: number;
}

const isPng = (buf: Uint8Array) => buf.length > 8 && PNG_SIGNATURE.every((b, i) => buf[i] === b);

/**
 * An animated PNG's acTL counts with IHDR's canvas, or null for a PNG without acTL before its image data (a still
 * PNG). Only the chunks up to the first IDAT are read: acTL must come before it, and the rest need not be given.
 */
export function apngHeader(buf: Uint8Array): ApngHeader | null {
  if (!isPng(buf)) return null;
  let pos = 8;
  let canvas: { width: number; height: number } | null = null;
  while (pos + 8 <= buf.length) {
    const length = u32be(buf, pos);
    const type = ascii(buf, pos + 4, pos + 8);
    const data = pos + 8;
    if (type === 'IDAT' || data + length > buf.length) return null;
    if (type === 'IHDR' && length >= 8) canvas = { width: u32be(buf, data), height: u32be(buf, data + 4) };
    if (type === 'acTL' && length >= 8 && canvas) return { ...canvas, frames: u32be(buf, data), loop: u32be(buf, data + 4) };
    pos = data + length + 4;
  }
  return null;
}
