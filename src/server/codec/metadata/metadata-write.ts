// Writes kept metadata (EXIF, XMP, IPTC, ICC profile) into encoded JPEG, PNG and WebP files without touching their
// image data: the encoders produce pixels only, and the blocks a metadata policy keeps are added afterwards, in each
// container's own standard place. Whatever the file already carried of these kinds is replaced, never duplicated.
// AVIF's items and properties are written by heif-metadata.ts, through the one HEIF box walker.
import zlib from 'node:zlib';
import { jpegImageStart, jpegSegment, pngChunk, riffChunk, riffWebp, VP8X_EXIF, VP8X_XMP, walkJpeg, walkPng, walkWebp } from '#codec-core/index';
import { pngTextChunk } from './png-text';

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

function jpegBlockSegments(blocks: MetadataBlocks): Uint8Array[] {
  const segments: Uint8Array[] = [];
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

function pngBlockChunks(blocks: MetadataBlocks): Uint8Array[] {
  const chunks: Uint8Array[] = [];
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
  const parts: Uint8Array[] = [png.subarray(0, 8)];
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

/**
 * An animated WebP without its EXIF and XMP chunks (its frames, ICC profile and loop untouched, VP8X's flags kept
 * true), for passing the upload on: unlike a still WebP it is not rebuilt from its image chunks, since every ANMF
 * frame is picture. Null when the RIFF stream cannot be walked.
 */
export function animatedWebpWithoutMetadata(webp: Buffer): Buffer | null {
  const walked = walkWebp(webp);
  if (!walked) return null;
  const kept = walked.filter(({ type }) => type !== 'EXIF' && type !== 'XMP ');
  const webpOut = riffWebp(
    kept.map(({ type, data }) => {
      if (type !== 'VP8X' || data.length < 10) return riffChunk(type, data);
      const flags = Uint8Array.from(data);
      flags[0] = flags[0]! & ~(VP8X_EXIF | VP8X_XMP);
      return riffChunk(type, flags);
    }),
  );
  return Buffer.from(webpOut.buffer, webpOut.byteOffset, webpOut.byteLength);
}
