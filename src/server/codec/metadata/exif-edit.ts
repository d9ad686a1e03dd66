// Edits an image's raw EXIF block (a TIFF structure) in place for the `keep` and `keep-all` metadata policies:
// removes the GPS IFD, drops the thumbnail, rewrites the orientation and the pixel dimensions. Everything else
// (camera, lens, exposure, copyright, the maker note) stays byte for byte at its own offset, so vendor maker
// notes that point into the block keep working. What is removed is overwritten with zeros (never left behind as
// unreferenced bytes), and zeros at the end of the block are cut off.
// Every read is bounds-checked (tiff.ts); a block that cannot be walked safely gives null: the caller then drops it.
import { Tiff, tiffOf, type Ifd } from './tiff';

export { tiffOf } from './tiff';

/** The TIFF tags the edits touch. */
const TAG = {
  orientation: 0x0112,
  exifIfd: 0x8769,
  gpsIfd: 0x8825,
  interopIfd: 0xa005,
  pixelX: 0xa002,
  pixelY: 0xa003,
  thumbnailOffset: 0x0201,
  thumbnailLength: 0x0202,
  stripOffsets: 0x0111,
  stripByteCounts: 0x0117,
} as const;

export interface ExifEdit {
  /** Remove the GPS IFD and its pointer (the `keep` policy). */
  removeGps: boolean;
  /** Orientation to write where the block has the tag (1 once the pixels are upright); absent: left as it is. */
  orientation?: number;
  /** Pixel dimensions to write where the block has PixelXDimension/PixelYDimension (after a rotation or resize). */
  dimensions?: { width: number; height: number };
}

/** True when the block has a GPS IFD (or cannot be read well enough to tell). */
export function exifHasGps(exif: Buffer): boolean {
  const tiff = tiffOf(exif);
  if (!tiff) return true;
  const t = new Tiff(tiff);
  const ifd0 = t.ifd(t.u32(4));
  return !ifd0 || ifd0.entries.some((e) => e.tag === TAG.gpsIfd);
}

/**
 * A copy of the block's TIFF structure (without the "Exif\0\0" prefix) with the edits applied and the thumbnail
 * (IFD1) removed: a thumbnail is stale once the pixels are rotated or resized, and viewers that show it would show
 * it sideways next to an orientation of 1. Null when the block cannot be walked, or when GPS is to be removed and
 * the GPS IFD holds a value whose size is unknown (its bytes could not be cleared).
 */
export function editExif(exif: Buffer, edit: ExifEdit): Buffer | null {
  const source = tiffOf(exif);
  if (!source) return null;
  const t = new Tiff(Buffer.from(source));
  const ifd0 = t.ifd(t.u32(4));
  if (!ifd0) return null;
  const kept: Ifd[] = [ifd0];

  const gpsEntry = ifd0.entries.find((e) => e.tag === TAG.gpsIfd);
  if (gpsEntry && edit.removeGps) {
    const gps = t.ifd(t.number(gpsEntry) ?? 0);
    if (gps && !t.erase(gps)) return null;
    t.removeEntry(ifd0, gpsEntry);
  } else if (gpsEntry) {
    const gps = t.ifd(t.number(gpsEntry) ?? 0);
    if (gps) kept.push(gps);
  }

  const ifd1 = t.ifd(t.u32(ifd0.nextAt));
  if (ifd1) {
    const thumbnail: [number, number][] = [];
    const byTag = new Map(ifd1.entries.map((e) => [e.tag, e]));
    const offset = t.number(byTag.get(TAG.thumbnailOffset));
    const length = t.number(byTag.get(TAG.thumbnailLength));
    if (offset !== null && length !== null) thumbnail.push([offset, Math.min(offset + length, t.b.length)]);
    const strips = t.numbers(byTag.get(TAG.stripOffsets));
    const counts = t.numbers(byTag.get(TAG.stripByteCounts));
    strips?.forEach((o, i) => thumbnail.push([o, Math.min(o + (counts?.[i] ?? 0), t.b.length)]));
    t.erase(ifd1, thumbnail);
  }
  t.set32(ifd0.nextAt, 0);

  const exifIfd = t.ifd(t.number(ifd0.entries.find((e) => e.tag === TAG.exifIfd)) ?? 0);
  if (exifIfd) {
    kept.push(exifIfd);
    const interop = t.ifd(t.number(exifIfd.entries.find((e) => e.tag === TAG.interopIfd)) ?? 0);
    if (interop) kept.push(interop);
    if (edit.dimensions) {
      for (const [tag, value] of [[TAG.pixelX, edit.dimensions.width], [TAG.pixelY, edit.dimensions.height]] as const) {
        const e = exifIfd.entries.find((x) => x.tag === tag && x.count === 1);
        if (e?.type === 3 && value <= 0xffff) t.set16(e.valueAt, value);
        if (e?.type === 4) t.set32(e.valueAt, value);
      }
    }
  }

  const orientation = ifd0.entries.find((e) => e.tag === TAG.orientation && e.type === 3 && e.count === 1);
  if (orientation && edit.orientation !== undefined) t.set16(orientation.valueAt, edit.orientation);

  return trimmed(t, kept);
}

/**
 * Cuts the block after the last byte a kept IFD or value uses, when only zeros follow (what was removed, usually
 * the thumbnail at the end). Bytes that are not zero are kept even when no IFD seen here points at them: a maker
 * note may.
 */
function trimmed(t: Tiff, kept: Ifd[]): Buffer {
  let end = 8;
  for (const ifd of kept) {
    end = Math.max(end, ifd.nextAt + 4);
    for (const e of ifd.entries) end = Math.max(end, t.outOfLine(e)?.[1] ?? 0);
  }
  let last = t.b.length;
  while (last > end && t.b[last - 1] === 0) last--;
  return last === end ? t.b.subarray(0, end) : t.b;
}
