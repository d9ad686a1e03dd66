// The EXIF orientation, read from and written as the smallest EXIF block: the one reader and the one writer both
// engines use when an upload is passed on without its metadata (docs/decisions/0570-one-core-decides-every-byte.md).
import { u16be, u16le, u32be, u32le } from './bytes';

/**
 * The orientation tag (0x0112) of IFD0 in a TIFF structure (an EXIF block without its "Exif\0\0" prefix), or 1 when
 * there is none or it cannot be read. Values outside 1-8 are no orientation and read as 1, as libvips reads them.
 */
export function exifOrientation(tiff: Uint8Array): number {
  if (tiff.length < 8) return 1;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return 1;
  const u16 = little ? u16le : u16be;
  const ifd = (little ? u32le : u32be)(tiff, 4);
  if (ifd + 2 > tiff.length) return 1;
  const count = u16(tiff, ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(tiff, entry) !== 0x0112) continue;
    const value = u16(tiff, entry + 8);
    return value >= 1 && value <= 8 ? value : 1;
  }
  return 1;
}

/** A big-endian TIFF structure with one IFD entry: Orientation (0x0112, SHORT), its value left-justified. */
export function minimalExif(orientation: number): Uint8Array {
  return Uint8Array.from([
    0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, // "MM", 42, IFD0 at 8
    0, 1, // one entry
    0x01, 0x12, 0, 3, 0, 0, 0, 1, (orientation >>> 8) & 0xff, orientation & 0xff, 0, 0, // Orientation, SHORT, count 1, value
    0, 0, 0, 0, // no next IFD
  ]);
}

/** "Exif\0\0": what precedes the TIFF structure in a JPEG APP1 segment. */
export const EXIF_PREFIX: readonly number[] = [0x45, 0x78, 0x69, 0x66, 0, 0];
