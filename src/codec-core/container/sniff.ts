// Decides an upload's format from its magic bytes only: names and declared MIME types are never trusted. The one
// sniffer: the server's intake and codec processes and the browser's private mode all ask it.
import type { ImageFormat, InputFormat } from '#contract/settings';
import { ascii, u32be } from './bytes';
import { PNG_SIGNATURE } from './png-chunks';

const JPEG_SOI = [0xff, 0xd8, 0xff] as const;
const JXL_CODESTREAM = [0xff, 0x0a] as const;
const JXL_CONTAINER = [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a] as const;

/**
 * The number of leading bytes `sniffImageFormat` needs to decide: an ISO-BMFF `ftyp` box's size, type,
 * major brand, minor version and the first four compatible brands.
 */
export const SNIFF_BYTES = 32;

/** AVIF files name `avif` (still image) or `avis` (image sequence) as major or compatible brand. */
const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * HEIF files coded with HEVC: iPhones write `heic` (or `heix`, 10-bit) as the major brand; `mif1`/`msf1` with a HEVC
 * compatible brand are the same container. An AVIF brand wins (AVIF is asked first).
 */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);
const HEIF_GENERIC_BRANDS = new Set(['mif1', 'msf1']);

function startsWith(head: Uint8Array, magic: readonly number[]): boolean {
  if (head.length < magic.length) return false;
  return magic.every((byte, i) => head[i] === byte);
}

/**
 * An ISO-BMFF file's brands, major first, then the compatible ones as far as the `ftyp` box (and what we were given)
 * goes; empty when the head is no `ftyp` box of at least 16 bytes.
 */
export function ftypBrands(head: Uint8Array): { major: string; compatible: string[] } | null {
  if (head.length < 12 || ascii(head, 4, 8) !== 'ftyp') return null;
  const boxSize = u32be(head, 0);
  if (boxSize < 16) return null;
  const compatible: string[] = [];
  const end = Math.min(boxSize, head.length);
  for (let at = 16; at + 4 <= end; at += 4) compatible.push(ascii(head, at, at + 4));
  return { major: ascii(head, 8, 12), compatible };
}

function isAvif(head: Uint8Array): boolean {
  const brands = ftypBrands(head);
  return brands !== null && (AVIF_BRANDS.has(brands.major) || brands.compatible.some((b) => AVIF_BRANDS.has(b)));
}

/** An AVIF image sequence (`avis`), which a still decoder shows only the first frame of. */
export function isAvifSequence(head: Uint8Array): boolean {
  const brands = ftypBrands(head);
  return brands !== null && (brands.major === 'avis' || brands.compatible.includes('avis'));
}

function isHeic(head: Uint8Array): boolean {
  const brands = ftypBrands(head);
  if (!brands) return false;
  if (HEIC_BRANDS.has(brands.major)) return true;
  return HEIF_GENERIC_BRANDS.has(brands.major) && brands.compatible.some((b) => HEIC_BRANDS.has(b));
}

/** A JPEG XL file: a bare codestream or the ISO-BMFF container's signature box. */
export const isJxl = (head: Uint8Array): boolean => startsWith(head, JXL_CODESTREAM) || startsWith(head, JXL_CONTAINER);

const isGif = (head: Uint8Array): boolean => head.length >= 6 && /^GIF8[79]a$/.test(ascii(head, 0, 6));

/** The output formats we also read as stills: PNG, JPEG, WebP, AVIF. */
export function sniffImageFormat(head: Uint8Array): ImageFormat | null {
  if (startsWith(head, PNG_SIGNATURE)) return 'png';
  if (startsWith(head, JPEG_SOI)) return 'jpeg';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(head)) return 'avif';
  return null;
}

/**
 * Every raster format an upload may be in: the output formats, and the ones we only read (HEIC, GIF) or read through
 * libjxl (JPEG XL). SVG is text, recognised by its own sniffer (the server's svg/sniff-svg.ts).
 */
export function sniffRasterFormat(head: Uint8Array): Exclude<InputFormat, 'svg'> | null {
  if (isGif(head)) return 'gif';
  return sniffImageFormat(head) ?? (isJxl(head) ? 'jxl' : isHeic(head) ? 'heic' : null);
}
