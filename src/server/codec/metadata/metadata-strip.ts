// Lossless removal of private metadata from JPEG and PNG byte streams, for the case where
// re-encoding would not make a file smaller and the original's own pixels are kept.
//
// Kept: everything a decoder needs to show the same image (JPEG tables, frames and scans, the JFIF
// and Adobe markers, ICC profiles; PNG critical chunks plus transparency and colour chunks).
// Removed: EXIF (GPS, camera, time), XMP, IPTC, comments, text chunks, thumbnails, unknown
// application segments and anything after the end of the image. When the image relies on an
// EXIF orientation tag, a minimal EXIF block carrying only that tag replaces the original one,
// so the picture still shows upright without taking any other EXIF field along.

import zlib from 'node:zlib';
import { walkJpeg } from './jpeg-segments';
import { walkPng } from './png-chunks';

export interface StripResult {
  data: Buffer;
  /** True when anything was removed or replaced. */
  changed: boolean;
}

/** A big-endian TIFF structure with one IFD entry: Orientation (0x0112, SHORT). */
export function minimalExif(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(0x2a, 2);
  tiff.writeUInt32BE(8, 4); // offset of IFD0
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // count
  tiff.writeUInt16BE(orientation, 18); // value, left-justified in the 4-byte field
  tiff.writeUInt32BE(0, 22); // no next IFD
  return tiff;
}

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

function startsWithAscii(buf: Buffer, offset: number, text: string): boolean {
  return buf.toString('latin1', offset, offset + text.length) === text;
}

export function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head[0] = 0xff;
  head[1] = marker;
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

function keepJpegSegment(marker: number, buf: Buffer, payloadStart: number): boolean {
  if (marker === 0xfe) return false; // COM
  if (marker < 0xe0 || marker > 0xef) return true; // tables, frames, scans, restart intervals
  if (marker === 0xe0) return startsWithAscii(buf, payloadStart, 'JFIF\0');
  if (marker === 0xe2) return startsWithAscii(buf, payloadStart, 'ICC_PROFILE\0');
  // Adobe's APP14 says whether the components are YCbCr, YCCK or plain CMYK.
  if (marker === 0xee) return startsWithAscii(buf, payloadStart, 'Adobe');
  return false;
}

/** Returns null when the stream cannot be walked safely (then it must not be passed on). */
export function stripJpegMetadata(buf: Buffer, orientation: number | undefined): StripResult | null {
  const walked = walkJpeg(buf);
  if (!walked) return null;
  const parts: Buffer[] = [buf.subarray(0, 2)];
  let insertExifAt = 1;
  for (const part of walked) {
    if (part.kind === 'segment' && !keepJpegSegment(part.marker, buf, part.start + 4)) continue;
    parts.push(buf.subarray(part.start, part.end));
    if (part.kind === 'segment' && part.marker === 0xe0 && parts.length === 2) insertExifAt = 2; // keep JFIF first, as its spec asks
  }
  if (orientation !== undefined && orientation !== 1) {
    parts.splice(insertExifAt, 0, jpegSegment(0xe1, Buffer.concat([EXIF_HEADER, minimalExif(orientation)])));
  }
  const data = Buffer.concat(parts);
  return { data, changed: !data.equals(buf) };
}

const PNG_KEEP = new Set([
  'IHDR', 'PLTE', 'IDAT', 'IEND', // critical
  'tRNS', // transparency
  'gAMA', 'cHRM', 'sRGB', 'iCCP', 'cICP', 'mDCV', 'cLLI', 'sBIT', // how to show the colours
  'pHYs', // intended pixel aspect ratio and print size
  'acTL', 'fcTL', 'fdAT', // an animated PNG's frames: picture, not metadata (docs/decisions/0408-animated-png.md)
]);

/**
 * Adds one text chunk right after IHDR: `tEXt` when the text is plain ASCII (what every PNG reader shows), `iTXt`
 * in UTF-8 otherwise (tEXt is Latin-1 by the standard, but libvips and others read it as UTF-8 and garble "©").
 * Keywords are PNG's registered ones ("Copyright", "Creation Time", ...).
 */
export function withPngText(png: Buffer, keyword: string, text: string): Buffer {
  const IHDR_END = 8 + 8 + 13 + 4;
  if (png.length < IHDR_END || png.toString('latin1', 12, 16) !== 'IHDR') return png;
  return Buffer.concat([png.subarray(0, IHDR_END), pngTextChunk(keyword, text), png.subarray(IHDR_END)]);
}

/** One text chunk: `tEXt` for plain ASCII, `iTXt` in UTF-8 otherwise (see withPngText). */
export function pngTextChunk(keyword: string, text: string): Buffer {
  const ascii = /^[\x20-\x7e\n]*$/.test(text);
  return ascii
    ? pngChunk('tEXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]))
    : pngChunk('iTXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(text, 'utf8')]));
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Returns null when the stream cannot be walked safely (then it must not be passed on). */
export function stripPngMetadata(buf: Buffer, orientation: number | undefined): StripResult | null {
  const chunks = walkPng(buf);
  if (!chunks) return null;
  const parts: Buffer[] = [buf.subarray(0, 8)];
  for (const { type, start, end } of chunks) {
    if (PNG_KEEP.has(type)) {
      const chunk = buf.subarray(start, end);
      // A wrong CRC is harmless damage the decoder let through; a kept copy should not carry it.
      const crcOk = chunk.readUInt32BE(chunk.length - 4) === zlib.crc32(chunk.subarray(4, chunk.length - 4));
      parts.push(crcOk ? chunk : pngChunk(type, chunk.subarray(8, chunk.length - 4)));
    }
    if (type === 'IHDR' && orientation !== undefined && orientation !== 1) {
      parts.push(pngChunk('eXIf', minimalExif(orientation)));
    }
  }
  const data = Buffer.concat(parts);
  return { data, changed: !data.equals(buf) };
}
