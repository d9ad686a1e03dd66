// The one strip policy: what of an upload's own bytes may be passed on as the result (never larger) without
// re-encoding, in both engines. An allow-list: only what a decoder needs to show the same picture stays.
//
// Kept: JPEG tables, frames and scans, the JFIF and Adobe markers, ICC profiles; PNG's critical chunks plus
// transparency, colour and animation chunks; a WebP's image chunks and ICC profile; an AVIF's items but its EXIF
// and XMP. Removed: EXIF (GPS, camera, time), XMP, IPTC, comments, text chunks, thumbnails, unknown application
// segments (MPF, JUMBF, ...) and anything after the end of the image (a motion photo's video). When the picture
// relies on an EXIF orientation, a minimal EXIF block carrying only that tag replaces the original one, so it still
// shows upright without taking any other EXIF field along. docs/decisions/0570-one-core-decides-every-byte.md.
import type { ImageFormat } from '#contract/settings';
import { ascii, concatBytes, hasAscii, writeU16be } from './bytes';
import { EXIF_PREFIX, exifOrientation, minimalExif } from './exif-orientation';
import { heifCarriesMetadata } from './heif-items';
import { isoBoxes } from './iso-boxes';
import { walkJpeg } from './jpeg-segments';
import { pngChunk, pngCrcHolds, walkPng } from './png-chunks';
import { walkWebp, withWebpMetadata } from './riff';

/** One JPEG marker segment: marker, length, payload. */
export function jpegSegment(marker: number, payload: Uint8Array): Uint8Array {
  const segment = concatBytes([Uint8Array.of(0xff, marker, 0, 0), payload]);
  writeU16be(segment, 2, payload.length + 2);
  return segment;
}

function keepJpegSegment(marker: number, buf: Uint8Array, payloadStart: number): boolean {
  if (marker === 0xfe) return false; // COM
  if (marker < 0xe0 || marker > 0xef) return true; // tables, frames, scans, restart intervals
  if (marker === 0xe0) return hasAscii(buf, payloadStart, 'JFIF\0');
  if (marker === 0xe2) return hasAscii(buf, payloadStart, 'ICC_PROFILE\0');
  // Adobe's APP14 says whether the components are YCbCr, YCCK or plain CMYK.
  if (marker === 0xee) return hasAscii(buf, payloadStart, 'Adobe');
  return false;
}

/**
 * The JPEG's picture without its metadata; `orientation` (other than 1) is written back as a minimal EXIF block
 * after SOI and JFIF. Null when the stream cannot be walked safely (then it must not be passed on).
 */
export function stripJpeg(buf: Uint8Array, orientation?: number): Uint8Array | null {
  const walked = walkJpeg(buf);
  if (!walked) return null;
  const parts: Uint8Array[] = [buf.subarray(0, 2)];
  let insertExifAt = 1;
  for (const part of walked) {
    if (part.kind === 'segment' && !keepJpegSegment(part.marker, buf, part.start + 4)) continue;
    parts.push(buf.subarray(part.start, part.end));
    if (part.kind === 'segment' && part.marker === 0xe0 && parts.length === 2) insertExifAt = 2; // keep JFIF first, as its spec asks
  }
  if (orientation !== undefined && orientation !== 1) {
    parts.splice(insertExifAt, 0, jpegSegment(0xe1, concatBytes([Uint8Array.from(EXIF_PREFIX), minimalExif(orientation)])));
  }
  return concatBytes(parts);
}

const PNG_KEEP = new Set([
  'IHDR', 'PLTE', 'IDAT', 'IEND', // critical
  'tRNS', // transparency
  'gAMA', 'cHRM', 'sRGB', 'iCCP', 'cICP', 'mDCV', 'cLLI', 'sBIT', // how to show the colours
  'pHYs', // intended pixel aspect ratio and print size
  'acTL', 'fcTL', 'fdAT', // an animated PNG's frames: picture, not metadata (docs/decisions/0408-animated-png.md)
]);

/** The PNG's picture chunks; `orientation` (other than 1) as an eXIf chunk after IHDR. Null when it cannot be walked. */
export function stripPng(buf: Uint8Array, orientation?: number): Uint8Array | null {
  const chunks = walkPng(buf);
  if (!chunks) return null;
  const parts: Uint8Array[] = [buf.subarray(0, 8)];
  for (const { type, start, end } of chunks) {
    if (PNG_KEEP.has(type)) {
      const chunk = buf.subarray(start, end);
      // A wrong CRC is harmless damage the decoder let through; a kept copy should not carry it.
      parts.push(pngCrcHolds(chunk) ? chunk : pngChunk(type, chunk.subarray(8, chunk.length - 4)));
    }
    if (type === 'IHDR' && orientation !== undefined && orientation !== 1) parts.push(pngChunk('eXIf', minimalExif(orientation)));
  }
  return concatBytes(parts);
}

/** The orientation an upload's own EXIF gives its stored pixels (1 when it has none). */
export function uploadOrientation(bytes: Uint8Array, format: ImageFormat): number {
  if (format === 'jpeg') {
    const app1 = walkJpeg(bytes, { header: true })?.find((p) => p.kind === 'segment' && p.marker === 0xe1 && hasAscii(bytes, p.start + 4, 'Exif\0\0'));
    return app1 ? exifOrientation(bytes.subarray(app1.start + 10, app1.end)) : 1;
  }
  if (format === 'png') {
    const exif = walkPng(bytes)?.find((c) => c.type === 'eXIf');
    return exif ? exifOrientation(bytes.subarray(exif.data, exif.data + exif.length)) : 1;
  }
  if (format === 'webp') {
    const exif = walkWebp(bytes)?.find((c) => c.type === 'EXIF');
    if (!exif) return 1;
    // Some writers keep the JPEG's "Exif\0\0" prefix in the chunk.
    return exifOrientation(hasAscii(exif.data, 0, 'Exif\0\0') ? exif.data.subarray(6) : exif.data);
  }
  return 1; // HEIF turns images with its own boxes (irot, imir)
}

/**
 * A JPEG XL keeps EXIF, XMP and JUMBF in boxes of its own in the container (or Brotli-compressed in `brob` boxes,
 * whose first four bytes name the box they hold); a bare codestream has none. Passing on leaves those boxes out:
 * the re-encoded JPEG XL carries none of them either, so passing the upload on never keeps less than re-encoding
 * would, and never more (docs/decisions/0406-jxl-never-larger.md, 0514-jpeg-xl-depth-and-never-larger.md).
 */
const JXL_METADATA_BOXES = new Set(['Exif', 'xml ', 'jumb']);

function isJxlMetadata(bytes: Uint8Array, type: string, start: number): boolean {
  if (JXL_METADATA_BOXES.has(type)) return true;
  return type === 'brob' && start + 4 <= bytes.length && JXL_METADATA_BOXES.has(ascii(bytes, start, start + 4));
}

/** The JPEG XL without its metadata boxes, or null when its boxes cannot be walked to the end. */
function jxlWithoutMetadata(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 12 || ascii(bytes, 4, 8) !== 'JXL ') return bytes;
  const kept: Uint8Array[] = [];
  let boxes = 0;
  let end = 0;
  for (const box of isoBoxes(bytes)) {
    if (box.end > bytes.length) return null;
    boxes++;
    if (!isJxlMetadata(bytes, box.type, box.start)) kept.push(bytes.subarray(box.at, box.end));
    end = box.end;
  }
  if (end !== bytes.length) return null;
  return kept.length === boxes ? bytes : concatBytes(kept);
}

/** What passing on keeps: nothing private (`strip`), or the upload as it is (`keep-all`). */
export type PassOnPolicy = 'strip' | 'keep-all';

/** What only an engine can do to an upload's container, for the rule here to use (none in the browser). */
export interface PassOnHooks {
  /** An AVIF rewritten without its EXIF and XMP items (their bytes zeroed), keeping its colour profile; null if it cannot be. */
  heifWithoutMetadata?: (bytes: Uint8Array) => Uint8Array | null;
}

/**
 * The upload's own bytes with only what `policy` keeps, or null when they cannot be passed on without leaking what it
 * removes (a stream that cannot be walked, an AVIF with metadata and no item rewriter). Privacy outranks size: the
 * caller then uses a re-encoding even when it is larger.
 */
export function stripForPassOn(bytes: Uint8Array, format: ImageFormat, policy: PassOnPolicy, hooks: PassOnHooks = {}): Uint8Array | null {
  if (policy === 'keep-all') return bytes;
  if (format === 'avif') {
    const carries = heifCarriesMetadata(bytes);
    if (carries === false) return bytes;
    return hooks.heifWithoutMetadata ? hooks.heifWithoutMetadata(bytes) : null;
  }
  if (format === 'webp') {
    const chunks = walkWebp(bytes);
    if (chunks && !chunks.some((c) => c.type === 'EXIF' || c.type === 'XMP ')) return bytes;
    const orientation = uploadOrientation(bytes, format);
    const icc = chunks?.find((c) => c.type === 'ICCP')?.data;
    return withWebpMetadata(bytes, { icc, exif: orientation === 1 ? undefined : minimalExif(orientation) });
  }
  if (format === 'jxl') return jxlWithoutMetadata(bytes);
  const orientation = uploadOrientation(bytes, format);
  const stripped = format === 'jpeg' ? stripJpeg(bytes, orientation) : stripPng(bytes, orientation);
  if (!stripped) return null;
  // Replacing a bare orientation block can cost a few bytes; the original then held nothing private.
  return stripped.length <= bytes.length ? stripped : bytes;
}
