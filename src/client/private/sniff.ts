// The upload's format from its magic bytes, in the browser (names and declared types are never trusted, as on the
// server). AVIF is told from HEIC by its ftyp brands; what the browser cannot decode fails at decoding.
import type { ImageFormat } from '#contract/settings';

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const AVIF_BRANDS = new Set(['avif', 'avis']);

function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(boxSize, bytes.length, 64);
  if (AVIF_BRANDS.has(ascii(bytes, 8, 12))) return true;
  for (let at = 16; at + 4 <= end; at += 4) if (AVIF_BRANDS.has(ascii(bytes, at, at + 4))) return true;
  return false;
}

export function sniffFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(bytes, 1, 4) === 'PNG' && bytes[0] === 0x89) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(bytes)) return 'avif';
  return null;
}

const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

/**
 * Whether a PNG or WebP upload is animated: an APNG's acTL (before its image data) says more than one frame, or a
 * WebP's VP8X has its animation flag. The browser decodes only the first frame of either for us, so private mode
 * leaves animations to the server rather than keep one frame.
 */
export function isAnimated(bytes: Uint8Array, format: ImageFormat): boolean {
  if (format === 'webp') return bytes.length >= 21 && ascii(bytes, 12, 16) === 'VP8X' && (bytes[20]! & 0x02) !== 0;
  if (format !== 'png') return false;
  for (let at = 8; at + 8 <= bytes.length; ) {
    const type = ascii(bytes, at + 4, at + 8);
    if (type === 'IDAT') return false;
    if (type === 'acTL') return at + 12 <= bytes.length && u32(bytes, at + 8) > 1;
    at += 12 + u32(bytes, at);
  }
  return false;
}
