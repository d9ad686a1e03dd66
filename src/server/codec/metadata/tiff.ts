// The one reader (and in-place editor) of TIFF structures, the form EXIF blocks take: every EXIF reader and writer of
// the codec goes through it (exif-edit.ts for the keep policies, exif-preserve.ts for Tinify's preserve).
// Every read is bounds-checked.

/** Bytes per value of each TIFF field type (1 BYTE ... 13 IFD). */
const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };
/** Most entries an IFD may have to be edited; readers take at most MAX_READ_ENTRIES of a longer one. */
const MAX_ENTRIES = 1024;
const MAX_READ_ENTRIES = 512;

const EXIF_HEADER = 'Exif\0\0';


export interface Entry {
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

export interface Ifd {
  at: number;
  entries: Entry[];
  /** Offset of the 4-byte link to the next IFD. */
  nextAt: number;
}

export class Tiff {
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
    for (let i = 0; i < n; i++) entries.push(this.entryAt(at + 2 + i * 12));
    return { at, entries, nextAt };
  }

  private entryAt(e: number): Entry {
    const type = this.u16(e + 2);
    const count = this.u32(e + 4);
    const unit = TYPE_SIZES[type];
    const size = unit === undefined ? null : unit * count;
    return { at: e, tag: this.u16(e), type, count, size, valueAt: size !== null && size <= 4 ? e + 8 : this.u32(e + 8) };
  }

  /** The first IFD's offset. */
  get firstIfd(): number {
    return this.b.length >= 8 ? this.u32(4) : 0;
  }

  /**
   * The entries of the IFD at `at` that fit in the block, by tag, at most MAX_READ_ENTRIES: for readers, which take
   * what is there (an editor needs the whole IFD: see ifd()).
   */
  entriesThatFit(at: number): Map<number, Entry> {
    const out = new Map<number, Entry>();
    if (at < 8 || at + 2 > this.b.length) return out;
    const n = this.u16(at);
    for (let i = 0; i < n && i < MAX_READ_ENTRIES; i++) {
      const e = at + 2 + i * 12;
      if (e + 12 > this.b.length) break;
      const entry = this.entryAt(e);
      out.set(entry.tag, entry);
    }
    return out;
  }

  /** A pointer (a sub-IFD's offset) as stored in the entry, whatever its type. */
  pointer(e: Entry | undefined): number | null {
    return e ? this.u32(e.at + 8) : null;
  }

  /** An ASCII value up to its first NUL, or null (another type, over 4096 bytes, or past the end). */
  ascii(e: Entry | undefined): string | null {
    if (!e || e.type !== 2 || e.count > 4096) return null;
    if (e.valueAt + e.count > this.b.length) return null;
    return this.b.toString('latin1', e.valueAt, e.valueAt + e.count).replace(/\0.*$/s, '');
  }

  /** BYTE as a number string, RATIONAL(s) as "n/d n/d ..." (the form sharp's withExif parses), ASCII as it is. */
  value(e: Entry | undefined): string | null {
    if (!e) return null;
    if (e.type === 2) return this.ascii(e);
    if (e.type === 1 && e.count === 1) return String(this.b[e.valueAt] ?? 0);
    if (e.type === 5 && e.count <= 3) {
      if (e.valueAt + e.count * 8 > this.b.length) return null;
      return Array.from({ length: e.count }, (_, i) => `${this.u32(e.valueAt + i * 8)}/${this.u32(e.valueAt + i * 8 + 4)}`).join(' ');
    }
    return null;
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

