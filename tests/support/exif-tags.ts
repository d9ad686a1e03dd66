// A deliberately small reader of EXIF's first IFD, written apart from the codec's own EXIF editor so that tests
// check the editor's output with other code than the editor's.

/** IFD0's tags and their first SHORT or LONG value (or the value offset for anything else). */
export function ifd0Tags(exif: Buffer): Map<number, number> {
  const tiff = exif.toString('latin1', 0, 6) === 'Exif\0\0' ? exif.subarray(6) : exif;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (little ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (little ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  const tags = new Map<number, number>();
  for (let i = 0; i < u16(ifd); i++) {
    const entry = ifd + 2 + i * 12;
    tags.set(u16(entry), u16(entry + 2) === 3 ? u16(entry + 8) : u32(entry + 8));
  }
  return tags;
}

export const GPS_IFD_TAG = 0x8825;
export const ORIENTATION_TAG = 0x0112;
