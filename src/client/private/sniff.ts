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

const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

function brands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const end = Math.min(((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0, bytes.length, 64);
  const out = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) out.push(ascii(bytes, at, at + 4));
  return out;
}

/** An animated PNG: an acTL chunk before the first IDAT, saying more than one frame (one frame is a still PNG). */
function isApng(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 8; at + 8 <= bytes.length; ) {
    const type = ascii(bytes, at + 4, at + 8);
    if (type === 'acTL') return at + 12 <= bytes.length && view.getUint32(at + 8) > 1;
    if (type === 'IDAT' || type === 'IEND') return false;
    at += 12 + view.getUint32(at);
  }
  return false;
}

/** An animated WebP: the VP8X chunk's animation flag. */
const isAnimatedWebp = (bytes: Uint8Array) => bytes.length >= 21 && ascii(bytes, 12, 16) === 'VP8X' && (bytes[20]! & 0x02) !== 0;

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, '').trimStart();
  return head.startsWith('<') && /<svg[\s>]/i.test(head);
}

/**
 * What the browser engine must not try, with the reason it is refused, or null. These need our servers: HEIC and
 * JPEG XL (no decoder here, or not in every browser), SVG (rendered and minified there), and anything animated
 * (GIF, animated WebP, APNG, AVIF sequences), of which the browser's decoding would keep only the first frame.
 */
export function needsServer(bytes: Uint8Array): string | null {
  const why = (what: string, detail: string) => `${what} needs our servers: ${detail}. Turn private mode off to compress this file.`;
  const fileBrands = brands(bytes);
  if (fileBrands.includes('avis')) return why('An animated AVIF', 'in this browser only its first frame would be kept');
  if (!fileBrands.some((b) => AVIF_BRANDS.has(b)) && fileBrands.some((b) => HEIF_BRANDS.has(b))) return why('HEIC', 'browsers cannot decode it');
  if ((bytes[0] === 0xff && bytes[1] === 0x0a) || (bytes.length >= 12 && ascii(bytes, 4, 8) === 'JXL ')) return why('JPEG XL', 'not every browser can decode it');
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return why('GIF', 'its animation and palette are handled there, in this browser only the first frame would be kept');
  if (sniffFormat(bytes) === 'png' && isApng(bytes)) return why('An animated PNG', 'in this browser only its first frame would be kept');
  if (sniffFormat(bytes) === 'webp' && isAnimatedWebp(bytes)) return why('An animated WebP', 'in this browser only its first frame would be kept');
  if (looksLikeSvg(bytes)) return why('SVG', 'vector images are rendered and minified there');
  return null;
}
