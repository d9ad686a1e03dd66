// The upload passed on as the result (never larger): its own bytes with private metadata dropped, without
// re-encoding, as the server's `strip` policy does. JPEG loses its APP1 (EXIF, XMP), APP13 (IPTC) and comments; an
// EXIF orientation other than 1 is written back as a one-tag block so the picture still shows upright. PNG loses
// its text, time and EXIF chunks (whole chunks, so no checksum changes). WebP and AVIF are passed on only when they
// carry no EXIF or XMP at all (their containers point into themselves and are not rewritten here); null otherwise,
// and the pipeline then records that the original could not be used.
import type { ImageFormat } from '#contract/settings';

const u16 = (b: Uint8Array, at: number, little = false) => (little ? b[at]! | (b[at + 1]! << 8) : (b[at]! << 8) | b[at + 1]!);
const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The orientation tag of an EXIF APP1 payload (after "Exif\0\0"), or 1. */
export function exifOrientation(tiff: Uint8Array): number {
  if (tiff.length < 8) return 1;
  const little = tiff[0] === 0x49;
  const ifd = little ? tiff[4]! | (tiff[5]! << 8) | (tiff[6]! << 16) | (tiff[7]! << 24) : u32(tiff, 4);
  if (ifd + 2 > tiff.length) return 1;
  const count = u16(tiff, ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(tiff, entry, little) === 0x0112) return u16(tiff, entry + 8, little) || 1;
  }
  return 1;
}

/** An APP1 segment holding only an orientation tag (big-endian TIFF, one IFD entry). */
export function orientationSegment(orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0, 0, 0];
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const length = payload.length + 2;
  return Uint8Array.from([0xff, 0xe1, length >> 8, length & 0xff, ...payload]);
}

const DROPPED_JPEG = new Set([0xe1, 0xed, 0xfe]);

export function stripJpeg(input: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [input.subarray(0, 2)];
  let orientation = 1;
  let at = 2;
  while (at + 4 <= input.length) {
    if (input[at] !== 0xff) return null;
    const marker = input[at + 1]!;
    if (marker === 0xda) break; // start of scan: the rest is picture data
    const end = at + 2 + u16(input, at + 2);
    if (end > input.length) return null;
    if (marker === 0xe1 && ascii(input, at + 4, at + 8) === 'Exif') orientation = exifOrientation(input.subarray(at + 10, end));
    if (!DROPPED_JPEG.has(marker)) parts.push(input.subarray(at, end));
    at = end;
  }
  if (at + 4 > input.length) return null;
  if (orientation !== 1) parts.splice(1, 0, orientationSegment(orientation));
  parts.push(input.subarray(at));
  return concat(parts);
}

const DROPPED_PNG = new Set(['tEXt', 'zTXt', 'iTXt', 'tIME', 'eXIf']);

export function stripPng(input: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [input.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= input.length) {
    const end = at + 12 + u32(input, at);
    if (end > input.length) return null;
    const type = ascii(input, at + 4, at + 8);
    if (!DROPPED_PNG.has(type)) parts.push(input.subarray(at, end));
    at = end;
    if (type === 'IEND') return concat(parts);
  }
  return null;
}

/** WebP chunks walked for EXIF or XMP. */
function webpCarriesMetadata(input: Uint8Array): boolean {
  for (let at = 12; at + 8 <= input.length; ) {
    const type = ascii(input, at, at + 4);
    if (type === 'EXIF' || type === 'XMP ') return true;
    const size = input[at + 4]! | (input[at + 5]! << 8) | (input[at + 6]! << 16) | (input[at + 7]! << 24);
    at += 8 + size + (size & 1);
  }
  return false;
}

/** An AVIF's item types are named in its `infe` boxes near the start: an Exif or mime (XMP) item is metadata. */
function avifCarriesMetadata(input: Uint8Array): boolean {
  const head = ascii(input, 0, Math.min(input.length, 4096));
  return /infe[\s\S]{8,12}(Exif|mime)/.test(head);
}

export function passOnStripped(input: Uint8Array, format: ImageFormat): Uint8Array | null {
  let kept: Uint8Array | null;
  if (format === 'jpeg') kept = stripJpeg(input);
  else if (format === 'png') kept = stripPng(input);
  else if (format === 'webp') kept = webpCarriesMetadata(input) ? null : input;
  else kept = avifCarriesMetadata(input) ? null : input;
  // A bare orientation block written back can cost a few bytes; the original then held nothing private.
  return kept && kept.length > input.length ? input : kept;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** 4:2:0 when a JPEG's first component is sampled twice each way (SOF header), as the server's encoder reads it. */
export function jpegIsSubsampled(input: Uint8Array): boolean {
  for (let at = 2; at + 4 <= input.length; ) {
    const marker = input[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return input[at + 9] === 3 && input[at + 11] === 0x22;
    }
    if (marker === 0xda) return false;
    at += 2 + u16(input, at + 2);
  }
  return false;
}
