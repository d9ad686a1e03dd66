// Reads the few EXIF fields a caller may ask to keep (Tinify's `preserve`: copyright, creation, location) from an
// image's raw EXIF block, in the shape sharp's withExif() writes back. Everything else stays stripped.
// Only ASCII, BYTE and RATIONAL values of the named tags, read through the one TIFF reader (tiff.ts).
import { Tiff } from './tiff';

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

/** The asked-for fields found in `exif` (sharp's metadata().exif, starting with "Exif\0\0"), for withExif(). */
export function preservedExif(exif: Buffer | undefined, fields: readonly PreserveField[]): ExifTags {
  if (!exif || fields.length === 0) return {};
  const start = exif.toString('latin1', 0, 6) === 'Exif\0\0' ? 6 : 0;
  const tiff = new Tiff(exif.subarray(start));
  const ifd0 = tiff.entriesThatFit(tiff.firstIfd);
  const tags: ExifTags = {};
  if (fields.includes('copyright')) {
    const copyright = tiff.ascii(ifd0.get(TAG_COPYRIGHT));
    if (copyright) tags.IFD0 = { Copyright: copyright };
  }
  if (fields.includes('creation')) {
    const exifIfd = tiff.pointer(ifd0.get(TAG_EXIF_IFD));
    const created = exifIfd ? tiff.ascii(tiff.entriesThatFit(exifIfd).get(TAG_DATETIME_ORIGINAL)) : null;
    if (created) tags.IFD2 = { DateTimeOriginal: created };
  }
  if (fields.includes('location')) {
    const gpsIfd = tiff.pointer(ifd0.get(TAG_GPS_IFD));
    if (gpsIfd) {
      const gps = tiff.entriesThatFit(gpsIfd);
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
