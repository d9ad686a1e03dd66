// Reads the few EXIF fields a caller may ask to keep (Tinify's `preserve`: copyright, creation, location) from an
// image's raw EXIF block, in the shape sharp's withExif() writes back. Everything else stays stripped.
// A minimal TIFF reader: only ASCII, BYTE and RATIONAL values of the named tags, bounds-checked at every read.

export type PreserveField = 'copyright' | 'creation' | 'location';
export type ExifTags = Partial<Record<'IFD0' | 'IFD2' | 'IFD3', Record<string, string>>>;

const TAG_COPYRIGHT = 0x8298;
const TAG_EXIF_IFD = 0x8769;
const TAG_GPS_IFD = 0x8825;
const TAG_DATETIME_ORIGINAL = 0x9003;
const GPS_TAGS: Record<number, string> = {
  1: 'GPSLatitudeRef',
  2: 'GPSLatitude',
  3: 'GPSLongitudeRef',
  4: 'GPSLongitude',
  5: 'GPSAltitudeRef',
  6: 'GPSAltitude',
};

interface Entry {
  type: number;
  count: number;
  valueOffset: number;
}

class Tiff {
  private readonly little: boolean;

  constructor(private readonly b: Buffer) {
    this.little = b.toString('latin1', 0, 2) === 'II';
  }

  private u16 = (o: number) => (o + 2 <= this.b.length ? (this.little ? this.b.readUInt16LE(o) : this.b.readUInt16BE(o)) : 0);
  private u32 = (o: number) => (o + 4 <= this.b.length ? (this.little ? this.b.readUInt32LE(o) : this.b.readUInt32BE(o)) : 0);

  get firstIfd(): number {
    return this.u32(4);
  }

  entries(ifd: number): Map<number, Entry> {
    const out = new Map<number, Entry>();
    const n = this.u16(ifd);
    for (let i = 0; i < n && i < 512; i++) {
      const at = ifd + 2 + i * 12;
      if (at + 12 > this.b.length) break;
      out.set(this.u16(at), { type: this.u16(at + 2), count: this.u32(at + 4), valueOffset: at + 8 });
    }
    return out;
  }

  /** Where the value lives: inline when it fits in 4 bytes, else at the offset stored there. */
  private dataAt(e: Entry, bytes: number): number {
    return bytes <= 4 ? e.valueOffset : this.u32(e.valueOffset);
  }

  pointer(e: Entry | undefined): number | null {
    return e ? this.u32(e.valueOffset) : null;
  }

  ascii(e: Entry | undefined): string | null {
    if (!e || e.type !== 2 || e.count > 4096) return null;
    const at = this.dataAt(e, e.count);
    if (at + e.count > this.b.length) return null;
    return this.b.toString('latin1', at, at + e.count).replace(/\0.*$/s, '');
  }

  /** BYTE as a number string, RATIONAL(s) as "n/d n/d ..." (the form sharp's withExif parses). */
  value(e: Entry | undefined): string | null {
    if (!e) return null;
    if (e.type === 2) return this.ascii(e);
    if (e.type === 1 && e.count === 1) return String(this.b[e.valueOffset] ?? 0);
    if (e.type === 5 && e.count <= 3) {
      const at = this.dataAt(e, e.count * 8);
      if (at + e.count * 8 > this.b.length) return null;
      return Array.from({ length: e.count }, (_, i) => `${this.u32(at + i * 8)}/${this.u32(at + i * 8 + 4)}`).join(' ');
    }
    return null;
  }
}

/** The asked-for fields found in `exif` (sharp's metadata().exif, starting with "Exif\0\0"), for withExif(). */
export function preservedExif(exif: Buffer | undefined, fields: readonly PreserveField[]): ExifTags {
  if (!exif || fields.length === 0) return {};
  const start = exif.toString('latin1', 0, 6) === 'Exif\0\0' ? 6 : 0;
  const tiff = new Tiff(exif.subarray(start));
  const ifd0 = tiff.entries(tiff.firstIfd);
  const tags: ExifTags = {};
  if (fields.includes('copyright')) {
    const copyright = tiff.ascii(ifd0.get(TAG_COPYRIGHT));
    if (copyright) tags.IFD0 = { Copyright: copyright };
  }
  if (fields.includes('creation')) {
    const exifIfd = tiff.pointer(ifd0.get(TAG_EXIF_IFD));
    const created = exifIfd ? tiff.ascii(tiff.entries(exifIfd).get(TAG_DATETIME_ORIGINAL)) : null;
    if (created) tags.IFD2 = { DateTimeOriginal: created };
  }
  if (fields.includes('location')) {
    const gpsIfd = tiff.pointer(ifd0.get(TAG_GPS_IFD));
    if (gpsIfd) {
      const gps = tiff.entries(gpsIfd);
      const out: Record<string, string> = {};
      for (const [tag, name] of Object.entries(GPS_TAGS)) {
        const v = tiff.value(gps.get(Number(tag)));
        if (v) out[name] = v;
      }
      if (Object.keys(out).length > 0) tags.IFD3 = out;
    }
  }
  return tags;
}
