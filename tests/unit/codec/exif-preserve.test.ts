// The minimal EXIF reader behind Tinify's `preserve` (exif-preserve.ts), on TIFF blocks written byte by byte here in
// both byte orders: the copyright from IFD0, DateTimeOriginal from the Exif sub-IFD and the GPS fields from the GPS
// IFD, formatted as sharp's withExif() reads them back, and nothing else. The block comes from the upload, so hostile
// ones (truncated, offsets past the end, huge counts, pointer loops, wrong types) must give what the reader promises:
// the fields it could read safely, never an exception or a hang.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { preservedExif, type PreserveField } from '#server/codec/metadata/exif-preserve';
import { readCorpus } from './corpus';

type Order = 'II' | 'MM';
const ORDERS: Order[] = ['II', 'MM'];
const ALL: readonly PreserveField[] = ['copyright', 'creation', 'location'];

const BYTE = 1;
const ASCII = 2;
const SHORT = 3;
const LONG = 4;
const RATIONAL = 5;
const UNDEFINED = 7;
const SRATIONAL = 10;

const TAG = {
  make: 0x010f,
  model: 0x0110,
  dateTime: 0x0132,
  copyright: 0x8298,
  exifIfd: 0x8769,
  gpsIfd: 0x8825,
  dateTimeOriginal: 0x9003,
  dateTimeDigitized: 0x9004,
  gpsVersionId: 0,
  gpsLatitudeRef: 1,
  gpsLatitude: 2,
  gpsLongitudeRef: 3,
  gpsLongitude: 4,
  gpsAltitudeRef: 5,
  gpsAltitude: 6,
  gpsTimeStamp: 7,
  gpsMapDatum: 18,
};

/** One IFD entry: its value bytes in the block's byte order, and the count/type written in the entry. */
interface Entry {
  tag: number;
  type: number;
  count: number;
  value: (order: Order) => Buffer;
}

const u16 = (order: Order, n: number) => {
  const b = Buffer.alloc(2);
  if (order === 'II') b.writeUInt16LE(n);
  else b.writeUInt16BE(n);
  return b;
};
const u32 = (order: Order, n: number) => {
  const b = Buffer.alloc(4);
  if (order === 'II') b.writeUInt32LE(n);
  else b.writeUInt32BE(n);
  return b;
};

/** ASCII with its NUL, unless `raw` gives the exact bytes (and the count is theirs). */
const ascii = (tag: number, text: string, raw?: Buffer): Entry => {
  const bytes = raw ?? Buffer.from(`${text}\0`, 'latin1');
  return { tag, type: ASCII, count: bytes.length, value: () => bytes };
};
const byte = (tag: number, ...values: number[]): Entry => ({ tag, type: BYTE, count: values.length, value: () => Buffer.from(values) });
const short = (tag: number, n: number): Entry => ({ tag, type: SHORT, count: 1, value: (o) => u16(o, n) });
const rational = (tag: number, ...pairs: [number, number][]): Entry => ({
  tag,
  type: RATIONAL,
  count: pairs.length,
  value: (o) => Buffer.concat(pairs.flatMap(([n, d]) => [u32(o, n), u32(o, d)])),
});

interface Layout {
  tiff: Buffer;
  /** Offsets of the IFDs that were written. */
  ifd0: number;
  exifIfd?: number;
  gpsIfd?: number;
}

/**
 * A TIFF block laid out as cameras do: header, IFD0, Exif IFD, GPS IFD, then the values that do not fit in an entry,
 * in entry order. The Exif and GPS pointers are added to IFD0 when those IFDs are given. Values of 4 bytes or fewer
 * sit in the entry, left-aligned.
 */
function tiff(order: Order, ifd0: Entry[], sub: { exif?: Entry[]; gps?: Entry[] } = {}): Layout {
  const ifdSize = (n: number) => 2 + n * 12 + 4;
  const pointers = (sub.exif ? 1 : 0) + (sub.gps ? 1 : 0);
  const at0 = 8;
  const atExif = at0 + ifdSize(ifd0.length + pointers);
  const atGps = atExif + (sub.exif ? ifdSize(sub.exif.length) : 0);
  let data = atGps + (sub.gps ? ifdSize(sub.gps.length) : 0);
  const pointer = (tag: number, to: number): Entry => ({ tag, type: LONG, count: 1, value: (o) => u32(o, to) });
  const first = [...ifd0];
  if (sub.exif) first.push(pointer(TAG.exifIfd, atExif));
  if (sub.gps) first.push(pointer(TAG.gpsIfd, atGps));

  const ifds: Buffer[] = [];
  const values: Buffer[] = [];
  for (const entries of [first, sub.exif, sub.gps]) {
    if (!entries) continue;
    const sorted = [...entries].sort((a, b) => a.tag - b.tag);
    const parts: Buffer[] = [u16(order, sorted.length)];
    for (const e of sorted) {
      const value = e.value(order);
      let field: Buffer;
      if (value.length <= 4) {
        field = Buffer.concat([value, Buffer.alloc(4 - value.length)]);
      } else {
        field = u32(order, data);
        values.push(value);
        data += value.length;
      }
      parts.push(u16(order, e.tag), u16(order, e.type), u32(order, e.count), field);
    }
    parts.push(u32(order, 0)); // no next IFD
    ifds.push(Buffer.concat(parts));
  }
  const header = Buffer.concat([Buffer.from(order, 'latin1'), u16(order, 42), u32(order, at0)]);
  return {
    tiff: Buffer.concat([header, ...ifds, ...values]),
    ifd0: at0,
    exifIfd: sub.exif ? atExif : undefined,
    gpsIfd: sub.gps ? atGps : undefined,
  };
}

/** As sharp's metadata().exif gives it for a JPEG: the APP1 identifier in front of the TIFF block. */
const withHeader = (block: Buffer) => Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), block]);

/** The byte offset of the entry with `tag` in the IFD at `ifd`. */
function entryOffset(block: Buffer, order: Order, ifd: number, tag: number): number {
  const read16 = (o: number) => (order === 'II' ? block.readUInt16LE(o) : block.readUInt16BE(o));
  for (let i = 0; i < read16(ifd); i++) if (read16(ifd + 2 + i * 12) === tag) return ifd + 2 + i * 12;
  throw new Error(`no tag ${tag} in the IFD at ${ifd}`);
}
const setU16 = (block: Buffer, order: Order, at: number, n: number) => u16(order, n).copy(block, at);
const setU32 = (block: Buffer, order: Order, at: number, n: number) => u32(order, n).copy(block, at);

/** A full camera-like block: the three kept fields, each next to fields that must not be kept. */
const camera = (order: Order) =>
  tiff(
    order,
    [
      ascii(TAG.make, 'SecretCam'),
      ascii(TAG.model, 'X1'),
      ascii(TAG.dateTime, '1999:01:01 00:00:00'),
      ascii(TAG.copyright, '(c) Jane Doe'),
      short(0x0112, 6), // orientation
    ],
    {
      exif: [ascii(TAG.dateTimeDigitized, '2000:02:02 02:02:02'), ascii(TAG.dateTimeOriginal, '2021:06:07 08:09:10'), rational(0x829a, [1, 250])],
      gps: [
        byte(TAG.gpsVersionId, 2, 3, 0, 0),
        ascii(TAG.gpsLatitudeRef, 'N'),
        rational(TAG.gpsLatitude, [51, 1], [30, 1], [1234, 100]),
        ascii(TAG.gpsLongitudeRef, 'W'),
        rational(TAG.gpsLongitude, [0, 1], [7, 1], [4366, 100]),
        byte(TAG.gpsAltitudeRef, 1),
        rational(TAG.gpsAltitude, [1500, 10]),
        rational(TAG.gpsTimeStamp, [12, 1], [0, 1], [0, 1]),
        ascii(TAG.gpsMapDatum, 'WGS-84'),
      ],
    },
  );

const CAMERA_FIELDS = {
  IFD0: { Copyright: '(c) Jane Doe' },
  IFD2: { DateTimeOriginal: '2021:06:07 08:09:10' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '51/1 30/1 1234/100',
    GPSLongitudeRef: 'W',
    GPSLongitude: '0/1 7/1 4366/100',
    GPSAltitudeRef: '1',
    GPSAltitude: '1500/10',
  },
};

describe('preservedExif: well-formed blocks', () => {
  it.each(ORDERS)('reads copyright, creation date and location, and nothing else, in %s byte order', (order) => {
    const { tiff: block } = camera(order);
    expect(preservedExif(withHeader(block), ALL)).toEqual(CAMERA_FIELDS);
  });

  it.each(ORDERS)('reads a bare TIFF block (no "Exif\\0\\0" in front) the same, in %s byte order', (order) => {
    expect(preservedExif(camera(order).tiff, ALL)).toEqual(CAMERA_FIELDS);
  });

  it.each(ORDERS)('keeps each field only when it is asked for (%s)', (order) => {
    const exif = withHeader(camera(order).tiff);
    expect(preservedExif(exif, ['copyright'])).toEqual({ IFD0: CAMERA_FIELDS.IFD0 });
    expect(preservedExif(exif, ['creation'])).toEqual({ IFD2: CAMERA_FIELDS.IFD2 });
    expect(preservedExif(exif, ['location'])).toEqual({ IFD3: CAMERA_FIELDS.IFD3 });
    expect(preservedExif(exif, ['location', 'copyright'])).toEqual({ IFD0: CAMERA_FIELDS.IFD0, IFD3: CAMERA_FIELDS.IFD3 });
    expect(preservedExif(exif, [])).toEqual({});
  });

  it('gives nothing when there is no EXIF', () => {
    expect(preservedExif(undefined, ALL)).toEqual({});
    expect(preservedExif(Buffer.alloc(0), ALL)).toEqual({});
  });

  it.each(ORDERS)('leaves out a field the block does not have, keeping the others (%s)', (order) => {
    const noCopyright = tiff(order, [ascii(TAG.make, 'Cam')], { exif: [ascii(TAG.dateTimeOriginal, '2021:06:07 08:09:10')] });
    expect(preservedExif(noCopyright.tiff, ALL)).toEqual({ IFD2: { DateTimeOriginal: '2021:06:07 08:09:10' } });
    // DateTimeOriginal only counts in the Exif IFD; IFD0's DateTime is another date.
    const wrongPlace = tiff(order, [ascii(TAG.dateTimeOriginal, '2021:06:07 08:09:10'), ascii(TAG.dateTime, '1999:01:01 00:00:00')]);
    expect(preservedExif(wrongPlace.tiff, ALL)).toEqual({});
    const otherGps = tiff(order, [], { exif: [ascii(TAG.dateTimeDigitized, '2000:02:02 02:02:02')], gps: [ascii(TAG.gpsMapDatum, 'WGS-84')] });
    expect(preservedExif(otherGps.tiff, ALL)).toEqual({});
  });

  it.each(ORDERS)('reads only the GPS fields that are there (%s)', (order) => {
    const some = tiff(order, [], { gps: [ascii(TAG.gpsLongitudeRef, 'E'), byte(TAG.gpsAltitudeRef, 0)] });
    // An altitude reference of 0 (above sea level) is kept: "0" is a value, not an absence.
    expect(preservedExif(some.tiff, ['location'])).toEqual({ IFD3: { GPSLongitudeRef: 'E', GPSAltitudeRef: '0' } });
  });

  it.each(ORDERS)('reads ASCII stored in the entry (up to 4 bytes) and at an offset, up to the first NUL (%s)', (order) => {
    const inline = tiff(order, [ascii(TAG.copyright, 'Bob')]); // 4 bytes with the NUL: in the entry
    expect(preservedExif(inline.tiff, ['copyright'])).toEqual({ IFD0: { Copyright: 'Bob' } });
    const five = tiff(order, [ascii(TAG.copyright, 'Anna')]); // 5 bytes: at an offset
    expect(preservedExif(five.tiff, ['copyright'])).toEqual({ IFD0: { Copyright: 'Anna' } });
    // EXIF's "photographer NUL editor" copyright form: the photographer's part.
    const two = tiff(order, [ascii(TAG.copyright, '', Buffer.from('Jane Doe\0Ed Itor\0', 'latin1'))]);
    expect(preservedExif(two.tiff, ['copyright'])).toEqual({ IFD0: { Copyright: 'Jane Doe' } });
    const unterminated = tiff(order, [ascii(TAG.copyright, '', Buffer.from('No NUL here', 'latin1'))]);
    expect(preservedExif(unterminated.tiff, ['copyright'])).toEqual({ IFD0: { Copyright: 'No NUL here' } });
    const latin1 = tiff(order, [ascii(TAG.copyright, '\u00a9 Zoë')]);
    expect(preservedExif(latin1.tiff, ['copyright'])).toEqual({ IFD0: { Copyright: '\u00a9 Zoë' } });
  });

  it.each(ORDERS)('leaves out an empty ASCII value (%s)', (order) => {
    const empty = tiff(order, [ascii(TAG.copyright, '')], { exif: [ascii(TAG.dateTimeOriginal, '', Buffer.alloc(0))] });
    expect(preservedExif(empty.tiff, ALL)).toEqual({});
  });

  it.each(ORDERS)('formats RATIONALs as unsigned "n/d" pairs, one to three of them (%s)', (order) => {
    const block = tiff(order, [], {
      gps: [
        rational(TAG.gpsLatitude, [0xffffffff, 1], [0x80000000, 2], [7, 0]),
        rational(TAG.gpsLongitude, [1, 3], [2, 5]),
        rational(TAG.gpsAltitude, [0, 1]),
      ],
    });
    expect(preservedExif(block.tiff, ['location'])).toEqual({
      IFD3: { GPSLatitude: '4294967295/1 2147483648/2 7/0', GPSLongitude: '1/3 2/5', GPSAltitude: '0/1' },
    });
  });

  it.each(ORDERS)('leaves out values of another type or count than the reader knows (%s)', (order) => {
    const block = tiff(
      order,
      [{ ...ascii(TAG.copyright, 'Typed wrong'), type: UNDEFINED }],
      {
        exif: [{ ...ascii(TAG.dateTimeOriginal, '2021:06:07 08:09:10'), type: BYTE }],
        gps: [
          { ...rational(TAG.gpsLatitude, [1, 1], [2, 1], [3, 1]), type: SRATIONAL },
          rational(TAG.gpsLongitude, [1, 1], [2, 1], [3, 1], [4, 1]), // four rationals: not a coordinate
          { ...rational(TAG.gpsAltitude), count: 0 },
          byte(TAG.gpsAltitudeRef, 0, 1), // two bytes
          short(TAG.gpsLatitudeRef, 78),
          { ...byte(TAG.gpsLongitudeRef, 69), type: UNDEFINED },
        ],
      },
    );
    expect(preservedExif(block.tiff, ALL)).toEqual({});
  });

  it.each(ORDERS)('reads an ASCII value of up to 4096 bytes, not longer (%s)', (order) => {
    const longest = 'x'.repeat(4095); // 4096 with the NUL
    expect(preservedExif(tiff(order, [ascii(TAG.copyright, longest)]).tiff, ['copyright'])).toEqual({ IFD0: { Copyright: longest } });
    expect(preservedExif(tiff(order, [ascii(TAG.copyright, `${longest}x`)]).tiff, ['copyright'])).toEqual({});
  });
});

describe('preservedExif: hostile blocks', () => {
  it('gives nothing, without throwing, for blocks too short or not TIFF at all', () => {
    const blocks = [
      Buffer.from('Exif\0\0', 'latin1'),
      Buffer.from('Exif\0\0II', 'latin1'),
      Buffer.from('Exif\0\0MM\0*\0\0', 'latin1'),
      Buffer.from('II*\0', 'latin1'),
      Buffer.from('not a tiff block at all, just some text', 'latin1'),
      Buffer.alloc(64, 0xff),
      Buffer.alloc(64),
    ];
    for (const block of blocks) expect(preservedExif(block, ALL)).toEqual({});
  });

  it.each(ORDERS)('never throws on a truncated block, and never returns a value the full block does not have (%s)', (order) => {
    const full = withHeader(camera(order).tiff);
    for (let length = 0; length < full.length; length++) {
      const got = preservedExif(full.subarray(0, length), ALL);
      for (const [ifd, fields] of Object.entries(got)) {
        for (const [name, value] of Object.entries(fields)) {
          expect(value, `${ifd}.${name} at ${length} bytes`).toBe((CAMERA_FIELDS as Record<string, Record<string, string>>)[ifd]![name]);
        }
      }
    }
    // The last byte is the GPSMapDatum's NUL, which nothing kept depends on.
    expect(preservedExif(full.subarray(0, full.length - 1), ALL)).toEqual(CAMERA_FIELDS);
    // Cut inside IFD0's entries: nothing is left but what came before the cut (the copyright's data lies further on).
    expect(preservedExif(full.subarray(0, 6 + 8 + 2 + 12 * 3), ALL)).toEqual({});
  });

  it.each(ORDERS)('reads a value, an entry or a rational that ends exactly at the end of the block (%s)', (order) => {
    // The copyright's bytes are the last of the block: all of them are there.
    const copyright = tiff(order, [ascii(TAG.copyright, 'Ends here')]).tiff;
    expect(preservedExif(copyright, ['copyright'])).toEqual({ IFD0: { Copyright: 'Ends here' } });
    expect(preservedExif(copyright.subarray(0, copyright.length - 1), ['copyright'])).toEqual({});

    // The altitude is the last 8 bytes: its denominator is the block's last 4.
    const altitude = tiff(order, [], { gps: [byte(TAG.gpsAltitudeRef, 1), rational(TAG.gpsAltitude, [1500, 10])] }).tiff;
    expect(preservedExif(altitude, ['location'])).toEqual({ IFD3: { GPSAltitudeRef: '1', GPSAltitude: '1500/10' } });
    expect(preservedExif(altitude.subarray(0, altitude.length - 1), ['location'])).toEqual({ IFD3: { GPSAltitudeRef: '1' } });

    // A GPS IFD of inline values only, at the end of the block without its next-IFD link: its last entry is the
    // block's last 12 bytes.
    const inline = tiff(order, [], { gps: [ascii(TAG.gpsLatitudeRef, 'S'), byte(TAG.gpsAltitudeRef, 1)] }).tiff;
    const unlinked = inline.subarray(0, inline.length - 4);
    expect(preservedExif(unlinked, ['location'])).toEqual({ IFD3: { GPSLatitudeRef: 'S', GPSAltitudeRef: '1' } });
    expect(preservedExif(unlinked.subarray(0, unlinked.length - 1), ['location'])).toEqual({ IFD3: { GPSLatitudeRef: 'S' } });
  });

  it.each(ORDERS)('leaves out a value whose offset points past the end, keeping the others (%s)', (order) => {
    const layout = camera(order);
    for (const offset of [layout.tiff.length, layout.tiff.length - 3, 0xfffffff0, 0xffffffff]) {
      const block = Buffer.from(layout.tiff);
      setU32(block, order, entryOffset(block, order, layout.ifd0, TAG.copyright) + 8, offset);
      setU32(block, order, entryOffset(block, order, layout.gpsIfd!, TAG.gpsLatitude) + 8, offset);
      const { GPSLatitude: _, ...gpsRest } = CAMERA_FIELDS.IFD3;
      expect(preservedExif(block, ALL)).toEqual({ IFD2: CAMERA_FIELDS.IFD2, IFD3: gpsRest });
    }
  });

  it.each(ORDERS)('leaves out the fields of a sub-IFD whose pointer is 0 or past the end (%s)', (order) => {
    for (const pointer of [0, 0xffff, 0xffffffff]) {
      const layout = camera(order);
      const block = Buffer.from(layout.tiff);
      setU32(block, order, entryOffset(block, order, layout.ifd0, TAG.exifIfd) + 8, pointer);
      setU32(block, order, entryOffset(block, order, layout.ifd0, TAG.gpsIfd) + 8, pointer);
      expect(preservedExif(block, ALL)).toEqual({ IFD0: CAMERA_FIELDS.IFD0 });
    }
    const block = Buffer.from(camera(order).tiff);
    setU32(block, order, 4, block.length); // IFD0 past the end
    expect(preservedExif(block, ALL)).toEqual({});
  });

  it.each(ORDERS)('leaves out values with huge counts instead of reading far (%s)', (order) => {
    const layout = camera(order);
    const block = Buffer.from(layout.tiff);
    setU32(block, order, entryOffset(block, order, layout.ifd0, TAG.copyright) + 4, 0xffffffff);
    setU32(block, order, entryOffset(block, order, layout.exifIfd!, TAG.dateTimeOriginal) + 4, 0x10000);
    setU32(block, order, entryOffset(block, order, layout.gpsIfd!, TAG.gpsLongitude) + 4, 0xffffffff);
    setU32(block, order, entryOffset(block, order, layout.gpsIfd!, TAG.gpsAltitudeRef) + 4, 0xffffffff);
    const { GPSLongitude: _, GPSAltitudeRef: __, ...gpsRest } = CAMERA_FIELDS.IFD3;
    expect(preservedExif(block, ALL)).toEqual({ IFD3: gpsRest });
  });

  it.each(ORDERS)('reads the entries that fit when an IFD claims 65535 of them (%s)', (order) => {
    const layout = tiff(order, [ascii(TAG.make, 'Cam'), ascii(TAG.copyright, 'Still here')]);
    const block = Buffer.from(layout.tiff);
    setU16(block, order, layout.ifd0, 0xffff);
    expect(preservedExif(block, ALL)).toEqual({ IFD0: { Copyright: 'Still here' } });
  });

  it.each(ORDERS)('reads at most 512 entries of an IFD (%s)', (order) => {
    const filler = (n: number) => Array.from({ length: n }, () => short(0x0100, 1));
    // Entries are sorted by tag, so the copyright (0x8298) comes after every 0x0100 filler.
    const within = tiff(order, [...filler(511), ascii(TAG.copyright, 'Entry 512')]).tiff;
    expect(preservedExif(within, ['copyright'])).toEqual({ IFD0: { Copyright: 'Entry 512' } });
    const beyond = tiff(order, [...filler(512), ascii(TAG.copyright, 'Entry 513')]).tiff;
    expect(preservedExif(beyond, ['copyright'])).toEqual({});
  });

  it.each(ORDERS)('does not loop on IFD pointers that point back at themselves or each other (%s)', (order) => {
    const layout = camera(order);
    const block = Buffer.from(layout.tiff);
    // IFD0's next-IFD link to itself, the Exif IFD pointer to IFD0, the GPS IFD pointer to the Exif IFD.
    const ifd0Entries = 5 + 2; // camera()'s five tags and the two sub-IFD pointers
    const link = layout.ifd0 + 2 + ifd0Entries * 12;
    expect(block.readUInt32BE(link)).toBe(0); // the end-of-chain link, in either order
    setU32(block, order, link, layout.ifd0);
    setU32(block, order, entryOffset(block, order, layout.ifd0, TAG.exifIfd) + 8, layout.ifd0);
    setU32(block, order, entryOffset(block, order, layout.ifd0, TAG.gpsIfd) + 8, layout.exifIfd!);
    // IFD0 has no DateTimeOriginal and the Exif IFD no GPS tags: only the copyright is left.
    expect(preservedExif(block, ALL)).toEqual({ IFD0: CAMERA_FIELDS.IFD0 });

    // Both sub-IFD pointers to IFD0, which holds a DateTimeOriginal and a GPS tag itself: read once, as found.
    const self = tiff(order, [ascii(TAG.dateTimeOriginal, '2021:06:07 08:09:10'), ascii(TAG.gpsLatitudeRef, 'N')], { exif: [], gps: [] });
    const looped = Buffer.from(self.tiff);
    setU32(looped, order, entryOffset(looped, order, self.ifd0, TAG.exifIfd) + 8, self.ifd0);
    setU32(looped, order, entryOffset(looped, order, self.ifd0, TAG.gpsIfd) + 8, self.ifd0);
    expect(preservedExif(looped, ALL)).toEqual({ IFD2: { DateTimeOriginal: '2021:06:07 08:09:10' }, IFD3: { GPSLatitudeRef: 'N' } });
  });
});

describe('preservedExif: with sharp', () => {
  const EXIF = {
    IFD0: { Copyright: 'ACME Photo Ltd', Make: 'TestCam', Model: 'T-1' },
    IFD2: { DateTimeOriginal: '2020:01:02 03:04:05', DateTimeDigitized: '2020:01:02 03:04:06' },
    IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 51/1 5436/100', GPSLongitudeRef: 'E', GPSLongitude: '151/1 12/1 3240/100', GPSMapDatum: 'WGS-84' },
  };
  const KEPT = {
    IFD0: { Copyright: 'ACME Photo Ltd' },
    IFD2: { DateTimeOriginal: '2020:01:02 03:04:05' },
    IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 51/1 5436/100', GPSLongitudeRef: 'E', GPSLongitude: '151/1 12/1 3240/100' },
  };
  const image = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } });

  it('reads what sharp wrote into a JPEG, and what it returns sharp writes back the same', async () => {
    const jpeg = await image().withExif(EXIF).jpeg().toBuffer();
    const exif = (await sharp(jpeg).metadata()).exif!;
    expect(exif.toString('latin1', 0, 6)).toBe('Exif\0\0');
    const kept = preservedExif(exif, ALL);
    expect(kept).toEqual(KEPT);

    const again = await image().withExif(kept).jpeg().toBuffer();
    const rewritten = (await sharp(again).metadata()).exif!;
    expect(preservedExif(rewritten, ALL)).toEqual(KEPT);
    expect(rewritten.toString('latin1')).not.toMatch(/TestCam|WGS-84|2020:01:02 03:04:06/);
  });

  it("reads a PNG's EXIF, which has no \"Exif\\0\\0\" in front", async () => {
    const png = await image().withExif(EXIF).png().toBuffer();
    const exif = (await sharp(png).metadata()).exif!;
    expect(exif.toString('latin1', 0, 2)).toMatch(/II|MM/);
    expect(preservedExif(exif, ALL)).toEqual(KEPT);
  });

  it("reads a phone's big-endian EXIF: creation date and location, and no copyright it does not have", async () => {
    // lepton's iphone.jpg (EXIF written by the phone): the header alone is read.
    const exif = (await sharp(readCorpus('photos/lepton-iphone.jpg')).metadata()).exif!;
    expect(exif.toString('latin1', 6, 8)).toBe('MM');
    expect(preservedExif(exif, ALL)).toEqual({
      IFD2: { DateTimeOriginal: '2015:03:05 14:18:38' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 44/1 2208/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '73/1 59/1 3550/100',
        GPSAltitudeRef: '0',
        GPSAltitude: '18301/1241',
      },
    });
  });
});
