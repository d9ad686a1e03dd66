// The EXIF editor (exif-edit.ts) on hand-built TIFF blocks: each block is laid out at explicit offsets, so what
// the editor must give back (the same bytes at the same offsets, with what it removes zeroed or cut off) can be
// written out in full and compared byte for byte.
import { describe, expect, it } from 'vitest';
import { editExif, exifHasGps } from '#server/codec/metadata/exif-edit';

const SHORT = 3;
const LONG = 4;
const ASCII = 2;
const BYTE = 1;
const UNDEFINED = 7;
const IFD = 13;

const MAKE = 0x010f;
const IMAGE_DESCRIPTION = 0x010e;
const ORIENTATION = 0x0112;
const EXIF_IFD = 0x8769;
const GPS_IFD = 0x8825;
const INTEROP_IFD = 0xa005;
const PIXEL_X = 0xa002;
const PIXEL_Y = 0xa003;
const STRIP_OFFSETS = 0x0111;
const STRIP_BYTE_COUNTS = 0x0117;
const THUMBNAIL_OFFSET = 0x0201;
const THUMBNAIL_LENGTH = 0x0202;

/**
 * An entry: tag, type, count and the 4-byte value field, given as a number (a LONG value or an offset), SHORTs
 * (left-justified) or raw bytes.
 */
type Field = [tag: number, type: number, count: number, value: number | number[] | Buffer];

/** A TIFF block of `size` zero bytes with its header (IFD0 at 8), written to at explicit offsets. */
function tiff(order: 'II' | 'MM', size: number) {
  const b = Buffer.alloc(size);
  const little = order === 'II';
  const u16 = (at: number, v: number) => (little ? b.writeUInt16LE(v, at) : b.writeUInt16BE(v, at));
  const u32 = (at: number, v: number) => (little ? b.writeUInt32LE(v, at) : b.writeUInt32BE(v, at));
  b.write(order, 0, 'latin1');
  u16(2, 42);
  u32(4, 8);
  const t = {
    b,
    /** Writes an IFD at `at` and returns the offset just after it. */
    ifd(at: number, fields: Field[], next = 0): number {
      u16(at, fields.length);
      fields.forEach(([tag, type, count, value], i) => {
        const e = at + 2 + 12 * i;
        u16(e, tag);
        u16(e + 2, type);
        u32(e + 4, count);
        if (typeof value === 'number') u32(e + 8, value);
        else if (Buffer.isBuffer(value)) value.copy(b, e + 8);
        else value.forEach((v, j) => u16(e + 8 + 2 * j, v));
      });
      const end = at + 2 + 12 * fields.length;
      u32(end, next);
      return end + 4;
    },
    text(at: number, s: string) {
      b.write(s, at, 'latin1');
      return t;
    },
    longs(at: number, values: number[]) {
      values.forEach((v, i) => u32(at + 4 * i, v));
      return t;
    },
  };
  return t;
}

const u16 = (b: Buffer, little: boolean, at: number) => (little ? b.readUInt16LE(at) : b.readUInt16BE(at));

describe('editExif: the GPS IFD', () => {
  /** MM. IFD0 8..50 (Make, Orientation, GPS as an IFD-type pointer), GPS IFD 50..80, its datum 80..93, Make 94..102. */
  function withGps(gpsPointerType: number) {
    const t = tiff('MM', 102);
    t.ifd(8, [[MAKE, ASCII, 8, 94], [ORIENTATION, SHORT, 1, [6]], [GPS_IFD, gpsPointerType, 1, 50]]);
    t.ifd(50, [[0x0000, BYTE, 4, Buffer.from([2, 2, 0, 0])], [0x0012, ASCII, 13, 80]]);
    t.text(80, 'SECRET-DATUM\0').text(94, 'TestCam\0');
    return t.b;
  }

  it.each([['a LONG', LONG], ['an IFD', IFD]])('removes a GPS IFD given by %s pointer, with its values, in a big-endian block', (_, type) => {
    const input = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), withGps(type)]);
    expect(exifHasGps(input)).toBe(true);
    const out = editExif(input, { removeGps: true })!;
    const expected = tiff('MM', 102);
    expected.ifd(8, [[MAKE, ASCII, 8, 94], [ORIENTATION, SHORT, 1, [6]]]);
    expected.text(94, 'TestCam\0');
    expect(out.toString('hex')).toBe(expected.b.toString('hex'));
    expect(exifHasGps(out)).toBe(false);
  });

  it('keeps the GPS IFD as it is under keep-all', () => {
    const input = withGps(IFD);
    expect(editExif(input, { removeGps: false })!.equals(input)).toBe(true);
  });

  it('refuses a block whose GPS IFD holds a value of unknown type (its bytes could not be cleared)', () => {
    // II. IFD0 8..38, GPS IFD 38..68 (a reference and a field of type 0x63), Make 68..76.
    const t = tiff('II', 76);
    t.ifd(8, [[MAKE, ASCII, 8, 68], [GPS_IFD, LONG, 1, 38]]);
    t.ifd(38, [[0x0001, ASCII, 2, Buffer.from('N\0')], [0x0099, 0x63, 4, 0x41414141]]);
    t.text(68, 'TestCam\0');
    expect(editExif(t.b, { removeGps: true })).toBeNull();
    expect(editExif(t.b, { removeGps: false })!.equals(t.b)).toBe(true);
  });

  it('moves the entries after the GPS pointer up, and still edits and keeps them', () => {
    // II. IFD0 8..74, unsorted as some writers leave it: the pointer to GPS comes before entries the edit changes.
    // GPS IFD 74..92, Exif IFD 92..122, Make 122..130, a description padded with NULs to its 20 bytes 130..150.
    const t = tiff('II', 150);
    t.ifd(8, [
      [MAKE, ASCII, 8, 122],
      [GPS_IFD, LONG, 1, 74],
      [ORIENTATION, SHORT, 1, [6]],
      [EXIF_IFD, LONG, 1, 92],
      [IMAGE_DESCRIPTION, ASCII, 20, 130],
    ]);
    t.ifd(74, [[0x0001, ASCII, 2, Buffer.from('N\0')]]);
    t.ifd(92, [[PIXEL_X, LONG, 1, 4000], [PIXEL_Y, SHORT, 1, [3000]]]);
    t.text(122, 'TestCam\0').text(130, 'Sunset\0');

    const out = editExif(t.b, { removeGps: true, orientation: 1, dimensions: { width: 640, height: 480 } })!;
    const expected = tiff('II', 150);
    expected.ifd(8, [[MAKE, ASCII, 8, 122], [ORIENTATION, SHORT, 1, [1]], [EXIF_IFD, LONG, 1, 92], [IMAGE_DESCRIPTION, ASCII, 20, 130]]);
    expected.ifd(92, [[PIXEL_X, LONG, 1, 640], [PIXEL_Y, SHORT, 1, [480]]]);
    expected.text(122, 'TestCam\0').text(130, 'Sunset\0');
    // The description's NUL padding is its own value, not a removed tail: the block keeps its length.
    expect(out.toString('hex')).toBe(expected.b.toString('hex'));
  });
});

describe('editExif: the thumbnail as strips', () => {
  // IFD0 8..26 (Make, link to IFD1), IFD1 26..56, two strips 56..61 and 61..64, Make 64..72, and at 72..80 the
  // strips' out-of-line array (the offsets in one layout, the byte counts in the other).
  const expectedAfter = (order: 'II' | 'MM') => {
    const t = tiff(order, 72);
    t.ifd(8, [[MAKE, ASCII, 8, 64]]);
    t.text(64, 'TestCam\0');
    return t.b.toString('hex');
  };

  it('zeroes strips whose offsets are LONGs and byte counts SHORTs, and cuts the zeros off the end', () => {
    const t = tiff('II', 80);
    t.ifd(8, [[MAKE, ASCII, 8, 64]], 26);
    t.ifd(26, [[STRIP_OFFSETS, LONG, 2, 72], [STRIP_BYTE_COUNTS, SHORT, 2, [5, 3]]]);
    t.text(56, 'AAAAABBB').text(64, 'TestCam\0').longs(72, [56, 61]);
    expect(editExif(t.b, { removeGps: true })!.toString('hex')).toBe(expectedAfter('II'));
  });

  it('zeroes strips whose offsets are SHORTs and byte counts LONGs, in a big-endian block', () => {
    const t = tiff('MM', 80);
    t.ifd(8, [[MAKE, ASCII, 8, 64]], 26);
    t.ifd(26, [[STRIP_OFFSETS, SHORT, 2, [56, 61]], [STRIP_BYTE_COUNTS, LONG, 2, 72]]);
    t.text(56, 'AAAAABBB').text(64, 'TestCam\0').longs(72, [5, 3]);
    expect(editExif(t.b, { removeGps: true })!.toString('hex')).toBe(expectedAfter('MM'));
  });

  it('removes IFD1 whose array of strip offsets runs past the end of the block', () => {
    const t = tiff('II', 64);
    t.ifd(8, [[MAKE, ASCII, 8, 56]], 26);
    t.ifd(26, [[STRIP_OFFSETS, LONG, 2, 60], [STRIP_BYTE_COUNTS, SHORT, 2, [5, 3]]]);
    t.text(56, 'TestCam\0');
    const expected = tiff('II', 64);
    expected.ifd(8, [[MAKE, ASCII, 8, 56]]);
    expected.text(56, 'TestCam\0');
    expect(editExif(t.b, { removeGps: true })!.toString('hex')).toBe(expected.b.toString('hex'));
  });

  it('removes IFD1 whose strips have no byte counts', () => {
    const t = tiff('II', 64);
    t.ifd(8, [[MAKE, ASCII, 8, 56]], 26);
    t.ifd(26, [[STRIP_OFFSETS, LONG, 1, 44]]);
    t.text(44, 'AAAA').text(56, 'TestCam\0');
    const out = editExif(t.b, { removeGps: true })!;
    expect(out.length).toBe(64);
    expect(out.readUInt32LE(22)).toBe(0); // IFD0's link to IFD1
    expect(out.subarray(26, 44).equals(Buffer.alloc(18))).toBe(true); // IFD1
    expect(out.toString('latin1', 56, 64)).toBe('TestCam\0');
  });
});

describe('editExif: the Exif and Interoperability IFDs', () => {
  // II. IFD0 8..26, Exif IFD 26..68 (SHORT pixel dimensions, Interop pointer), Interop IFD 68..98, IFD1 98..128
  // with a 6-byte JPEG thumbnail at 128..134.
  function withInterop() {
    const t = tiff('II', 134);
    t.ifd(8, [[EXIF_IFD, LONG, 1, 26]], 98);
    t.ifd(26, [[PIXEL_X, SHORT, 1, [4000]], [PIXEL_Y, SHORT, 1, [3000]], [INTEROP_IFD, LONG, 1, 68]]);
    t.ifd(68, [[0x0001, ASCII, 4, Buffer.from('R98\0')], [0x0002, UNDEFINED, 4, Buffer.from('0100')]]);
    t.ifd(98, [[THUMBNAIL_OFFSET, LONG, 1, 128], [THUMBNAIL_LENGTH, LONG, 1, 6]]);
    t.text(128, 'JPEGTH');
    return t.b;
  }

  it('keeps the Interop IFD and cuts the block after it once the thumbnail is gone', () => {
    const input = withInterop();
    const out = editExif(input, { removeGps: true })!;
    const expected = Buffer.from(input.subarray(0, 98));
    expected.writeUInt32LE(0, 22); // no IFD1
    expect(out.toString('hex')).toBe(expected.toString('hex'));
  });

  it('writes SHORT pixel dimensions up to 65535 and leaves one a SHORT cannot hold', () => {
    const out = editExif(withInterop(), { removeGps: true, dimensions: { width: 65535, height: 70000 } })!;
    const pixelX = 26 + 2 + 8; // the first entry's value field
    expect([u16(out, true, pixelX), u16(out, true, pixelX + 12)]).toEqual([65535, 3000]);
    const small = editExif(withInterop(), { removeGps: true, dimensions: { width: 320, height: 240 } })!;
    expect([u16(small, true, pixelX), u16(small, true, pixelX + 12)]).toEqual([320, 240]);
  });
});

describe('exifHasGps', () => {
  it('answers yes for a block it cannot read, so that an unknown block is never taken for one without a location', () => {
    expect(exifHasGps(Buffer.from('not a TIFF structure'))).toBe(true);
    expect(exifHasGps(Buffer.from('Exif\0\0MM\0\x2b\0\0\0\x08', 'latin1'))).toBe(true);
  });

  it('answers no for a readable block without a GPS pointer', () => {
    const t = tiff('MM', 34);
    t.ifd(8, [[MAKE, ASCII, 4, Buffer.from('Cam\0')]]);
    expect(exifHasGps(t.b)).toBe(false);
  });
});
