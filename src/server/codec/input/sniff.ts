// Decides the image format from magic bytes only: names and declared MIME types are never trusted.
import type { ImageFormat } from '#server/codec/types';
import type { InputFormat } from '#contract/settings';
import { isJxl } from '#server/codec/jxl/libjxl-tools';
import { sniffSvg } from '#server/codec/svg/sniff-svg';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const JPEG_SOI = [0xff, 0xd8, 0xff] as const;

/**
 * The number of leading bytes `sniffImageFormat` needs to decide: an ISO-BMFF `ftyp` box's size, type,
 * major brand, minor version and the first four compatible brands.
 */
export const SNIFF_BYTES = 32;

/** AVIF files name `avif` (still image) or `avis` (image sequence) as major or compatible brand. */
const AVIF_BRANDS = new Set(['avif', 'avis']);

function startsWith(head: Uint8Array, magic: readonly number[]): boolean {
  if (head.length < magic.length) return false;
  return magic.every((byte, i) => head[i] === byte);
}

const ascii = (head: Uint8Array, from: number, to: number) => String.fromCharCode(...head.subarray(from, to));

function isWebp(head: Uint8Array): boolean {
  return head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP';
}

function isAvif(head: Uint8Array): boolean {
  if (head.length < 12 || ascii(head, 4, 8) !== 'ftyp') return false;
  const boxSize = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
  if (boxSize < 16) return false;
  if (AVIF_BRANDS.has(ascii(head, 8, 12))) return true;
  // Compatible brands follow the minor version, as far as the box (and what we were given) goes.
  const end = Math.min(boxSize, head.length);
  for (let at = 16; at + 4 <= end; at += 4) if (AVIF_BRANDS.has(ascii(head, at, at + 4))) return true;
  return false;
}

export function sniffImageFormat(head: Uint8Array): ImageFormat | null {
  if (startsWith(head, PNG_SIGNATURE)) return 'png';
  if (startsWith(head, JPEG_SOI)) return 'jpeg';
  if (isWebp(head)) return 'webp';
  if (isAvif(head)) return 'avif';
  return null;
}

/**
 * HEIF files coded with HEVC: iPhones write `heic` (or `heix`, 10-bit) as the major brand; `mif1`/`msf1` with a HEVC
 * compatible brand are the same container. An AVIF brand wins (isAvif is asked first).
 */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);
const HEIF_GENERIC_BRANDS = new Set(['mif1', 'msf1']);

function isHeic(head: Uint8Array): boolean {
  if (head.length < 12 || ascii(head, 4, 8) !== 'ftyp') return false;
  const boxSize = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
  if (boxSize < 16) return false;
  const major = ascii(head, 8, 12);
  if (HEIC_BRANDS.has(major)) return true;
  if (!HEIF_GENERIC_BRANDS.has(major)) return false;
  const end = Math.min(boxSize, head.length);
  for (let at = 16; at + 4 <= end; at += 4) if (HEIC_BRANDS.has(ascii(head, at, at + 4))) return true;
  return false;
}

/** Every format an upload may be in: the output formats, and the ones we only read (HEIC, GIF, SVG). */
export function sniffInputFormat(head: Uint8Array): InputFormat | null {
  if (head.length >= 6 && /^GIF8[79]a$/.test(ascii(head, 0, 6))) return 'gif';
  return sniffImageFormat(head) ?? (isJxl(head) ? 'jxl' : isHeic(head) ? 'heic' : sniffSvg(head) ? 'svg' : null);
}
