// Edits an image's raw EXIF block (a TIFF structure) in place for the `keep` and `keep-all` metadata policies:
// removes the GPS IFD, drops the thumbnail, rewrites the orientation and the pixel dimensions. Everything else
// (camera, lens, exposure, copyright, the maker note) stays byte for byte at its own offset, so vendor maker
// notes that point into the block keep working. What is removed is overwritten with zeros (never left behind as
// unreferenced bytes), and zeros at the end of the block are cut off.
// Every read is bounds-checked; a block that cannot be walked safely gives null: the caller then drops it.

const TAG_ORIENTATION = 0x0112;
const TAG_EXIF_IFD = 0x8769;
const TAG_GPS_IFD = 0x8825;
const TAG_INTEROP_IFD = 0xa005;
const TAG_PIXEL_X = 0xa002;
const TAG_PIXEL_Y = 0xa003;
const TAG_THUMBNAIL_OFFSET = 0x0201;
const TAG_THUMBNAIL_LENGTH = 0x0202;
const TAG_STRIP_OFFSETS = 0x0111;
const TAG_STRIP_BYTE_COUNTS = 0x0117;

/** Bytes per value of each TIFF field type (1 BYTE ... 13 IFD). */
const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };
const MAX_ENTRIES = 1024;

const EXIF_HEADER = 'Exif\0\0';

export interface ExifEdit {
  /** Remove the GPS IFD and its pointer (the `keep` policy). */
  removeGps: boolean;
  /** Orientation to write where the block has the tag (1 once the pixels are upright); absent: left as it is. */
  orientation?: number;
  /** Pixel dimensions to write where the block has PixelXDimension/PixelYDimension (after a rotation or resize). */
  dimensions?: { width: number; height: number };
}

interface Entry {
  /** Offset of the 12-byte entry. */
  at: number;
  tag: number;
  type: number;
  count: number;
  /** Offset of the value: inside the entry when it fits in 4 bytes, else where the entry points. */
  valueAt: number;
  /** Length of the value in bytes, or null for an unknown type. */
  size: number | null;
}

interface Ifd {
  at: number;
  entries: Entry[];
  /** Offset of the 4-byte link to the next IFD. */
  nextAt: number;
}

class TiffEditor {
  readonly little: boolean;

  constructor(readonly b: Buffer) {
    this.little = b.toString('latin1', 0, 2) === 'II';
  }

  u16 = (o: number) => (this.little ? this.b.readUInt16LE(o) : this.b.readUInt16BE(o));
  u32 = (o: number) => (this.little ? this.b.readUInt32LE(o) : this.b.readUInt32BE(o));
  set16 = (o: number, v: number) => (this.little ? this.b.writeUInt16LE(v, o) : this.b.writeUInt16BE(v, o));
  set32 = (o: number, v: number) => (this.little ? this.b.writeUInt32LE(v, o) : this.b.writeUInt32BE(v, o));

  /** The IFD at `at`, or null when it does not fit in the block. */
  ifd(at: number): Ifd | null {
    if (at < 8 || at + 2 > this.b.length) return null;
    const n = this.u16(at);
    const nextAt = at + 2 + n * 12;
    if (n > MAX_ENTRIES || nextAt + 4 > this.b.length) return null;
    const entries: Entry[] = [];
    for (let i = 0; i < n; i++) {
      const e = at + 2 + i * 12;
      const type = this.u16(e + 2);
      const count = this.u32(e + 4);
      const unit = TYPE_SIZES[type];
      const size = unit === undefined ? null : unit * count;
      entries.push({ at: e, tag: this.u16(e), type, count, size, valueAt: size !== null && size <= 4 ? e + 8 : this.u32(e + 8) });
    }
    return { at, entries, nextAt };
  }

  /** The out-of-line value's range, if it has one inside the block. */
  outOfLine(e: Entry): [number, number] | null {
    if (e.size === null || e.size <= 4) return null;
    const end = e.valueAt + e.size;
    return e.valueAt >= 8 && end <= this.b.length ? [e.valueAt, end] : null;
  }

  /** A LONG or SHORT value (a pointer or a count). */
  number(e: Entry | undefined): number | null {
    if (!e || e.count !== 1) return null;
    if (e.type === 3) return this.u16(e.valueAt);
    if (e.type === 4 || e.type === 13) return this.u32(e.valueAt);
    return null;
  }

  numbers(e: Entry | undefined): number[] | null {
    if (!e || (e.type !== 3 && e.type !== 4) || e.size === null) return null;
    if (e.valueAt + e.size > this.b.length) return null;
    return Array.from({ length: e.count }, (_, i) => (e.type === 3 ? this.u16(e.valueAt + 2 * i) : this.u32(e.valueAt + 4 * i)));
  }

  zero(from: number, to: number): void {
    if (from >= 8 && to <= this.b.length && from < to) this.b.fill(0, from, to);
  }

  /** Zeroes an IFD, its out-of-line values and any extra ranges; returns false when a value's size is unknown. */
  erase(ifd: Ifd, extra: [number, number][] = []): boolean {
    let known = true;
    for (const e of ifd.entries) {
      if (e.size === null) known = false;
      const range = this.outOfLine(e);
      if (range) this.zero(...range);
    }
    for (const range of extra) this.zero(...range);
    this.zero(ifd.at, ifd.nextAt + 4);
    return known;
  }

  /** Takes one entry out of an IFD: the later entries move up and the link to the next IFD follows them. */
  removeEntry(ifd: Ifd, entry: Entry): void {
    const end = ifd.nextAt + 4;
    this.b.copy(this.b, entry.at, entry.at + 12, end);
    this.zero(end - 12, end);
    this.set16(ifd.at, ifd.entries.length - 1);
    ifd.entries = ifd.entries.filter((e) => e !== entry).map((e) => (e.at > entry.at ? { ...e, at: e.at - 12, valueAt: e.size !== null && e.size <= 4 ? e.valueAt - 12 : e.valueAt } : e));
    ifd.nextAt -= 12;
  }
}

/** The TIFF structure inside an EXIF block as sharp returns it (JPEG and WebP prefix it with "Exif\0\0"). */
export function tiffOf(exif: Buffer): Buffer | null {
  const start = exif.toString('latin1', 0, 6) === EXIF_HEADER ? 6 : 0;
  const tiff = exif.subarray(start);
  if (tiff.length < 8) return null;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const magic = order === 'II' ? tiff.readUInt16LE(2) : tiff.readUInt16BE(2);
  return magic === 42 ? tiff : null;
}

/** True when the block has a GPS IFD (or cannot be read well enough to tell). */
export function exifHasGps(exif: Buffer): boolean {
  const tiff = tiffOf(exif);
  if (!tiff) return true;
  const t = new TiffEditor(tiff);
  const ifd0 = t.ifd(t.u32(4));
  return !ifd0 || ifd0.entries.some((e) => e.tag === TAG_GPS_IFD);
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
  const t = new TiffEditor(Buffer.from(source));
  const ifd0 = t.ifd(t.u32(4));
  if (!ifd0) return null;
  const kept: Ifd[] = [ifd0];

  const gpsEntry = ifd0.entries.find((e) => e.tag === TAG_GPS_IFD);
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
    const offset = t.number(byTag.get(TAG_THUMBNAIL_OFFSET));
    const length = t.number(byTag.get(TAG_THUMBNAIL_LENGTH));
    if (offset !== null && length !== null) thumbnail.push([offset, Math.min(offset + length, t.b.length)]);
    const strips = t.numbers(byTag.get(TAG_STRIP_OFFSETS));
    const counts = t.numbers(byTag.get(TAG_STRIP_BYTE_COUNTS));
    strips?.forEach((o, i) => thumbnail.push([o, Math.min(o + (counts?.[i] ?? 0), t.b.length)]));
    t.erase(ifd1, thumbnail);
  }
  t.set32(ifd0.nextAt, 0);

  const exifIfd = t.ifd(t.number(ifd0.entries.find((e) => e.tag === TAG_EXIF_IFD)) ?? 0);
  if (exifIfd) {
    kept.push(exifIfd);
    const interop = t.ifd(t.number(exifIfd.entries.find((e) => e.tag === TAG_INTEROP_IFD)) ?? 0);
    if (interop) kept.push(interop);
    if (edit.dimensions) {
      for (const [tag, value] of [[TAG_PIXEL_X, edit.dimensions.width], [TAG_PIXEL_Y, edit.dimensions.height]] as const) {
        const e = exifIfd.entries.find((x) => x.tag === tag && x.count === 1);
        if (e?.type === 3 && value <= 0xffff) t.set16(e.valueAt, value);
        if (e?.type === 4) t.set32(e.valueAt, value);
      }
    }
  }

  const orientation = ifd0.entries.find((e) => e.tag === TAG_ORIENTATION && e.type === 3 && e.count === 1);
  if (orientation && edit.orientation !== undefined) t.set16(orientation.valueAt, edit.orientation);

  return trimmed(t, kept);
}

/**
 * Cuts the block after the last byte a kept IFD or value uses, when only zeros follow (what was removed, usually
 * the thumbnail at the end). Bytes that are not zero are kept even when no IFD seen here points at them: a maker
 * note may.
 */
function trimmed(t: TiffEditor, kept: Ifd[]): Buffer {
  let end = 8;
  for (const ifd of kept) {
    end = Math.max(end, ifd.nextAt + 4);
    for (const e of ifd.entries) end = Math.max(end, t.outOfLine(e)?.[1] ?? 0);
  }
  let last = t.b.length;
  while (last > end && t.b[last - 1] === 0) last--;
  return last === end ? t.b.subarray(0, end) : t.b;
}
