// Decides the image format from magic bytes only: names and declared MIME types are never trusted.
import type { ImageFormat } from './types';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const JPEG_SOI = [0xff, 0xd8, 0xff] as const;

/** The number of leading bytes `sniffImageFormat` needs to decide. */
export const SNIFF_BYTES = PNG_SIGNATURE.length;

function startsWith(head: Uint8Array, magic: readonly number[]): boolean {
  if (head.length < magic.length) return false;
  return magic.every((byte, i) => head[i] === byte);
}

export function sniffImageFormat(head: Uint8Array): ImageFormat | null {
  if (startsWith(head, PNG_SIGNATURE)) return 'png';
  if (startsWith(head, JPEG_SOI)) return 'jpeg';
  return null;
}
