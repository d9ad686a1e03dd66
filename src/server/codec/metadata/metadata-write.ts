// Writes kept metadata (EXIF, XMP, IPTC, ICC profile) into encoded JPEG, PNG and WebP files without touching their
// image data: the encoders produce pixels only, and the blocks a metadata policy keeps are added afterwards, in each
// container's own standard place. Whatever the file already carried of these kinds is replaced, never duplicated.
// AVIF's items and properties are written by heif-metadata.ts, through the one HEIF box walker.
import zlib from 'node:zlib';
import { jpegImageStart, walkJpeg } from './jpeg-segments';
import { walkPng } from './png-chunks';
import { jpegSegment, pngChunk, pngTextChunk } from './metadata-strip';

/** What a metadata policy keeps, in container-neutral form. */
export interface MetadataBlocks {
  /** A TIFF structure (no "Exif\0\0" prefix). */
  exif?: Buffer;
  /** An XMP packet. */
  xmp?: string;
  /** A Photoshop image resource block holding the IPTC-IIM record (see iptcResource). */
  iptc?: Buffer;
  /** An ICC profile describing the written pixels. */
  icc?: Buffer;
  /** Text by PNG keyword ("Copyright", ...): written in PNG only (Tinify's preserve keeps a PNG's copyright so). */
  text?: Record<string, string>;
}

export const hasBlocks = (b: MetadataBlocks): boolean => Boolean(b.exif || b.xmp || b.iptc || b.icc || b.text);

const EXIF_ID = Buffer.from('Exif\0\0', 'latin1');
const XMP_ID = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');
const XMP_EXTENSION_ID = 'http://ns.adobe.com/xmp/extension/\0';
const ICC_ID = Buffer.from('ICC_PROFILE\0', 'latin1');
const PHOTOSHOP_ID = Buffer.from('Photoshop 3.0\0', 'latin1');
/** A marker segment holds at most 65,533 bytes after its length field. */
const MAX_SEGMENT_PAYLOAD = 0xffff - 2;
const ICC_CHUNK = MAX_SEGMENT_PAYLOAD - ICC_ID.length - 2;

// ---- IPTC ----------------------------------------------------------------------------------------------------

const IPTC_RESOURCE_ID = 0x0404;

/**
 * The IPTC-IIM resource alone, out of a Photoshop APP13 payload (what sharp's metadata() reports as `iptc`). The
 * same block often holds a thumbnail, print settings and layer data; only the IPTC record (captions, keywords,
 * credit and copyright, place names: no coordinates, IIM has none) is kept. Null when there is none or the block
 * cannot be walked.
 */
export function iptcResource(photoshop: Buffer): Buffer | null {
  let pos = photoshop.subarray(0, PHOTOSHOP_ID.length).equals(PHOTOSHOP_ID) ? PHOTOSHOP_ID.length : 0;
  while (pos + 12 <= photoshop.length) {
    if (photoshop.toString('latin1', pos, pos + 4) !== '8BIM') return null;
    const id = photoshop.readUInt16BE(pos + 4);
    const nameLength = photoshop[pos + 6]!;
    const sizeAt = pos + 6 + ((nameLength + 2) & ~1); // a Pascal string padded to an even length
    if (sizeAt + 4 > photoshop.length) return null;
    const size = photoshop.readUInt32BE(sizeAt);
    const end = sizeAt + 4 + size;
    if (end > photoshop.length) return null;
    if (id === IPTC_RESOURCE_ID) {
      const head = Buffer.alloc(12);
      head.write('8BIM', 0, 'latin1');
      head.writeUInt16BE(IPTC_RESOURCE_ID, 4);
      head.writeUInt32BE(size, 8); // empty name (length byte and pad) at 6-7
      return Buffer.concat([head, photoshop.subarray(sizeAt + 4, end), Buffer.alloc(size & 1)]);
    }
    pos = end + (size & 1);
  }
  return null;
}

// ---- JPEG ----------------------------------------------------------------------------------------------------

function jpegMetadataKind(marker: number, buf: Buffer, payload: number): boolean {
  const starts = (id: Buffer | string) => {
    const bytes = typeof id === 'string' ? Buffer.from(id, 'latin1') : id;
    return buf.subarray(payload, payload + bytes.length).equals(bytes);
  };
  if (marker === 0xe1) return starts(EXIF_ID) || starts(XMP_ID) || starts(XMP_EXTENSION_ID);
  if (marker === 0xe2) return starts(ICC_ID);
  if (marker === 0xed) return starts(PHOTOSHOP_ID);
  return false;
}

function jpegBlockSegments(blocks: MetadataBlocks): Buffer[] {
  const segments: Buffer[] = [];
  // A block too large for one segment is left out rather than split in a way readers would not join.
  if (blocks.exif && EXIF_ID.length + blocks.exif.length <= MAX_SEGMENT_PAYLOAD) {
    segments.push(jpegSegment(0xe1, Buffer.concat([EXIF_ID, blocks.exif])));
  }
  const xmp = blocks.xmp === undefined ? null : Buffer.from(blocks.xmp, 'utf8');
  if (xmp && XMP_ID.length + xmp.length <= MAX_SEGMENT_PAYLOAD) segments.push(jpegSegment(0xe1, Buffer.concat([XMP_ID, xmp])));
  if (blocks.icc) {
    // ICC.1 Annex B: the profile in numbered chunks, each with its sequence number and the chunk count.
    const count = Math.ceil(blocks.icc.length / ICC_CHUNK);
    if (count <= 255) {
      for (let i = 0; i < count; i++) {
        const chunk = blocks.icc.subarray(i * ICC_CHUNK, (i + 1) * ICC_CHUNK);
        segments.push(jpegSegment(0xe2, Buffer.concat([ICC_ID, Buffer.from([i + 1, count]), chunk])));
      }
    }
  }
  if (blocks.iptc && PHOTOSHOP_ID.length + blocks.iptc.length <= MAX_SEGMENT_PAYLOAD) {
    segments.push(jpegSegment(0xed, Buffer.concat([PHOTOSHOP_ID, blocks.iptc])));
  }
  return segments;
}

/** The JPEG with its EXIF, XMP, ICC and IPTC segments replaced by `blocks` (placed after SOI and JFIF). Null if it cannot be walked. */
export function withJpegMetadata(jpeg: Buffer, blocks: MetadataBlocks): Buffer | null {
  const header = walkJpeg(jpeg, { header: true });
  const imageStart = jpegImageStart(jpeg);
  if (!header || imageStart === null) return null;
  const head: Buffer[] = [jpeg.subarray(0, 2)];
  const rest: Buffer[] = [];
  for (const part of header) {
    const segment = jpeg.subarray(part.start, part.end);
    if (part.marker === 0xe0 && head.length === 1 && rest.length === 0) head.push(segment); // JFIF stays first
    else if (part.kind !== 'segment' || !jpegMetadataKind(part.marker, jpeg, part.start + 4)) rest.push(segment);
  }
  // From the first scan on, everything is image data.
  return Buffer.concat([...head, ...jpegBlockSegments(blocks), ...rest, jpeg.subarray(imageStart)]);
}

// ---- PNG -----------------------------------------------------------------------------------------------------

const XMP_KEYWORD = 'XML:com.adobe.xmp';

function pngTextKeyword(buf: Buffer, data: number, length: number): string {
  const end = buf.indexOf(0, data);
  return end < 0 || end >= data + length ? '' : buf.toString('latin1', data, end);
}

function pngBlockChunks(blocks: MetadataBlocks): Buffer[] {
  const chunks: Buffer[] = [];
  if (blocks.icc) {
    chunks.push(pngChunk('iCCP', Buffer.concat([Buffer.from('icc\0', 'latin1'), Buffer.from([0]), zlib.deflateSync(blocks.icc)])));
  }
  if (blocks.exif) chunks.push(pngChunk('eXIf', blocks.exif));
  if (blocks.xmp !== undefined) {
    // iTXt, uncompressed, no language: where the XMP specification puts a packet in PNG.
    const head = Buffer.concat([Buffer.from(XMP_KEYWORD, 'latin1'), Buffer.from([0, 0, 0, 0, 0])]);
    chunks.push(pngChunk('iTXt', Buffer.concat([head, Buffer.from(blocks.xmp, 'utf8')])));
  }
  for (const [keyword, text] of Object.entries(blocks.text ?? {})) chunks.push(pngTextChunk(keyword, text));
  // PNG has no registered place for IPTC: it is not written (see docs/decisions/0280-compression-modes.md).
  return chunks;
}

/**
 * The PNG with its ICC profile, EXIF and XMP replaced by `blocks` (right after IHDR, before any palette or image
 * data, as the specification orders them). An sRGB chunk goes when a profile comes: a file may not carry both.
 */
export function withPngMetadata(png: Buffer, blocks: MetadataBlocks): Buffer | null {
  if (png.length < 8 + 25 || png.toString('latin1', 12, 16) !== 'IHDR') return null;
  const chunks = walkPng(png);
  if (!chunks) return null;
  const parts: Buffer[] = [png.subarray(0, 8)];
  for (const { type, start, end, data, length } of chunks) {
    const replaced =
      type === 'iCCP' || type === 'eXIf' || (type === 'sRGB' && blocks.icc !== undefined) ||
      ((type === 'iTXt' || type === 'zTXt' || type === 'tEXt') && pngTextKeyword(png, data, length) === XMP_KEYWORD);
    if (!replaced) parts.push(png.subarray(start, end));
    if (type === 'IHDR') parts.push(...pngBlockChunks(blocks));
  }
  return Buffer.concat(parts);
}

// ---- WebP ----------------------------------------------------------------------------------------------------

const VP8X_ICC = 0x20;
const VP8X_ALPHA = 0x10;
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function riffChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length & 1)]);
}

interface WebpCanvas {
  width: number;
  height: number;
  alpha: boolean;
}

/** Canvas size and alpha from the image chunk of a simple (non-VP8X) file. */
function canvasOfImageChunk(type: string, data: Buffer): WebpCanvas | null {
  if (type === 'VP8L' && data.length >= 5 && data[0] === 0x2f) {
    const bits = data.readUInt32LE(1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, alpha: ((bits >>> 28) & 1) === 1 };
  }
  if (type === 'VP8 ' && data.length >= 10 && data[3] === 0x9d && data[4] === 0x01 && data[5] === 0x2a) {
    return { width: data.readUInt16LE(6) & 0x3fff, height: data.readUInt16LE(8) & 0x3fff, alpha: false };
  }
  return null;
}

/** The one walker of a WebP's RIFF chunks: each chunk's type and data, or null when the stream cannot be walked. */
function walkWebp(webp: Buffer): { type: string; data: Buffer }[] | null {
  if (webp.length < 20 || webp.toString('latin1', 0, 4) !== 'RIFF' || webp.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunks: { type: string; data: Buffer }[] = [];
  let pos = 12;
  while (pos + 8 <= webp.length) {
    const size = webp.readUInt32LE(pos + 4);
    const end = pos + 8 + size;
    if (end > webp.length) return null;
    chunks.push({ type: webp.toString('latin1', pos, pos + 4), data: webp.subarray(pos + 8, end) });
    pos = end + (size & 1);
  }
  return chunks;
}

function riffWebp(chunks: Buffer[]): Buffer {
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + body.length, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}

/**
 * The still WebP rebuilt with `blocks` (ICCP, EXIF and XMP chunks in the extended format's order) and only its image
 * chunks otherwise. Null for an animation or a file that cannot be walked.
 */
export function withWebpMetadata(webp: Buffer, blocks: MetadataBlocks): Buffer | null {
  const walked = walkWebp(webp);
  if (!walked) return null;
  let canvas: WebpCanvas | null = null;
  let alphaChunk: Buffer | null = null;
  let imageChunk: Buffer | null = null;
  for (const { type, data } of walked) {
    if (type === 'ANIM' || type === 'ANMF') return null;
    if (type === 'VP8X' && data.length >= 10) {
      canvas = { width: data.readUIntLE(4, 3) + 1, height: data.readUIntLE(7, 3) + 1, alpha: (data[0]! & VP8X_ALPHA) !== 0 };
    }
    if (type === 'ALPH') alphaChunk = riffChunk(type, data);
    if (type === 'VP8 ' || type === 'VP8L') {
      imageChunk = riffChunk(type, data);
      canvas ??= canvasOfImageChunk(type, data);
    }
  }
  if (!imageChunk || !canvas) return null;
  const exif = blocks.exif ? riffChunk('EXIF', blocks.exif) : null;
  const xmp = blocks.xmp !== undefined ? riffChunk('XMP ', Buffer.from(blocks.xmp, 'utf8')) : null;
  const icc = blocks.icc ? riffChunk('ICCP', blocks.icc) : null;
  const chunks: Buffer[] = [];
  if (exif || xmp || icc || alphaChunk || canvas.alpha) {
    const vp8x = Buffer.alloc(10);
    vp8x[0] = (icc ? VP8X_ICC : 0) | (alphaChunk || canvas.alpha ? VP8X_ALPHA : 0) | (exif ? VP8X_EXIF : 0) | (xmp ? VP8X_XMP : 0);
    vp8x.writeUIntLE(canvas.width - 1, 4, 3);
    vp8x.writeUIntLE(canvas.height - 1, 7, 3);
    chunks.push(riffChunk('VP8X', vp8x));
  }
  for (const c of [icc, alphaChunk, imageChunk, exif, xmp]) if (c) chunks.push(c);
  return riffWebp(chunks);
}

/**
 * An animated WebP without its EXIF and XMP chunks (its frames, ICC profile and loop untouched, VP8X's flags kept
 * true), for passing the upload on: unlike a still WebP it is not rebuilt from its image chunks, since every ANMF
 * frame is picture. Null when the RIFF stream cannot be walked.
 */
export function animatedWebpWithoutMetadata(webp: Buffer): Buffer | null {
  const walked = walkWebp(webp);
  if (!walked) return null;
  const kept = walked.filter(({ type }) => type !== 'EXIF' && type !== 'XMP ');
  return riffWebp(
    kept.map(({ type, data }) => {
      if (type !== 'VP8X' || data.length < 10) return riffChunk(type, data);
      const flags = Buffer.from(data);
      flags[0] = flags[0]! & ~(VP8X_EXIF | VP8X_XMP);
      return riffChunk(type, flags);
    }),
  );
}
