// The EXIF orientation reader and the PNG chunk walker, writer and APNG probe on hand-made bytes: byte orders that are
// almost right, IFD entries before and past the orientation, chunks cut at every field, a signature one byte off.
import { describe, expect, it } from 'vitest';
import { concatBytes, latin1 } from '#codec-core/container/bytes';
import { exifOrientation } from '#codec-core/container/exif-orientation';
import { apngHeader, PNG_SIGNATURE, pngChunk, pngCrcHolds, walkPng } from '#codec-core/container/png-chunks';

const bytes = (...values: number[]) => Uint8Array.from(values);
const u32 = (n: number) => bytes(n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
const le16 = (n: number) => [n & 0xff, n >> 8];
const be16 = (n: number) => [n >> 8, n & 0xff];

/** An IFD entry of type SHORT, count 1, its value in the first two bytes of the value field. */
const entryLE = (tag: number, value: number) => [...le16(tag), 3, 0, 1, 0, 0, 0, ...le16(value), 0, 0];
const entryBE = (tag: number, value: number) => [...be16(tag), 0, 3, 0, 0, 0, 1, ...be16(value), 0, 0];
/** A little-endian TIFF: header, IFD0 at 8 counting `count` entries, the entries, no next-IFD offset. */
const tiffLE = (count: number, ...entries: number[][]) => bytes(0x49, 0x49, 42, 0, 8, 0, 0, 0, ...le16(count), ...entries.flat());
/** A big-endian TIFF with IFD0 at `ifd` (padding before it). */
const tiffBE = (ifd: number, ...entries: number[][]) =>
  bytes(0x4d, 0x4d, 0, 42, ...u32(ifd), ...new Array<number>(ifd - 8).fill(0), ...be16(entries.length), ...entries.flat());
const withOrder = (tiff: Uint8Array, first: number, second: number) => bytes(first, second, ...tiff.subarray(2));

const WIDTH = 0x0100;
const ORIENTATION = 0x0112;

describe('exifOrientation', () => {
  it('finds the orientation after other entries, in either byte order', () => {
    expect(exifOrientation(tiffLE(2, entryLE(WIDTH, 3), entryLE(ORIENTATION, 6)))).toBe(6);
    expect(exifOrientation(tiffBE(12, entryBE(WIDTH, 3), entryBE(ORIENTATION, 8)))).toBe(8);
  });

  it('reads an entry that ends exactly at the end of the bytes', () => {
    const tiff = tiffLE(1, entryLE(ORIENTATION, 6));
    expect(tiff.length).toBe(22);
    expect(exifOrientation(tiff)).toBe(6);
    expect(exifOrientation(tiff.subarray(0, 21))).toBe(1);
  });

  it('reads only as many entries as the IFD counts', () => {
    expect(exifOrientation(tiffLE(1, entryLE(WIDTH, 3), entryLE(ORIENTATION, 6)))).toBe(1);
    expect(exifOrientation(tiffLE(0, entryLE(ORIENTATION, 6)))).toBe(1);
  });

  it('needs "II" or "MM": a byte order with one letter right is none', () => {
    const little = tiffLE(1, entryLE(ORIENTATION, 6));
    const big = tiffBE(8, entryBE(ORIENTATION, 6));
    expect(exifOrientation(withOrder(little, 0x49, 0x4d))).toBe(1); // "IM"
    expect(exifOrientation(withOrder(little, 0x4d, 0x49))).toBe(1); // "MI"
    expect(exifOrientation(withOrder(big, 0x4d, 0x58))).toBe(1); // "MX"
    expect(exifOrientation(withOrder(big, 0x58, 0x4d))).toBe(1); // "XM"
    expect(exifOrientation(withOrder(big, 0x58, 0x58))).toBe(1); // "XX"
    expect(exifOrientation(big)).toBe(6);
  });

  it('reads 1 when IFD0 lies past the bytes', () => {
    const tiff = bytes(0x4d, 0x4d, 0, 42, 0, 0, 0, 9, 0, 1);
    expect(exifOrientation(tiff)).toBe(1);
  });
});

const SIG = Uint8Array.from(PNG_SIGNATURE);
const IHDR = pngChunk('IHDR', bytes(0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0));
const IDAT = pngChunk('IDAT', bytes(1, 2, 3));
const IEND = pngChunk('IEND', new Uint8Array(0));

describe('pngChunk and pngCrcHolds', () => {
  it('writes length, type, data and the CRC of type and data', () => {
    // Written here, not taken from the constants above (those were made before any test ran).
    const ihdr = pngChunk('IHDR', bytes(0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0));
    expect([...ihdr]).toEqual([0, 0, 0, 13, ...latin1('IHDR'), 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde]);
    expect([...pngChunk('IEND', new Uint8Array(0))]).toEqual([0, 0, 0, 0, ...latin1('IEND'), 0xae, 0x42, 0x60, 0x82]);
  });

  it('holds for a written chunk, and not once a data or CRC byte changes', () => {
    expect(pngCrcHolds(IHDR)).toBe(true);
    expect(pngCrcHolds(IEND)).toBe(true);
    const data = IHDR.slice();
    data[10]! ^= 1;
    expect(pngCrcHolds(data)).toBe(false);
    const crc = IHDR.slice();
    crc[crc.length - 1]! ^= 1;
    expect(pngCrcHolds(crc)).toBe(false);
  });
});

describe('walkPng', () => {
  it('gives each chunk’s offsets and data through IEND, and ignores what follows it', () => {
    const png = concatBytes([SIG, IHDR, IDAT, IEND, latin1('trailer')]);
    expect(walkPng(png)).toEqual([
      { type: 'IHDR', start: 8, end: 33, data: 16, length: 13 },
      { type: 'IDAT', start: 33, end: 48, data: 41, length: 3 },
      { type: 'IEND', start: 48, end: 60, data: 56, length: 0 },
    ]);
  });

  it('refuses an IEND whose declared data runs past the end', () => {
    const cutIend = concatBytes([u32(4), latin1('IEND'), bytes(0, 0, 0, 0)]);
    expect(walkPng(concatBytes([SIG, IHDR, IDAT, cutIend]))).toBeNull();
    expect(walkPng(SIG)).toBeNull();
  });
});

describe('apngHeader', () => {
  const acTL = (frames: number, loop: number) => pngChunk('acTL', concatBytes([u32(frames), u32(loop)]));

  it('reads the canvas and the counts, acTL’s data being the last bytes given', () => {
    const head = concatBytes([SIG, IHDR, acTL(4, 2)]);
    expect(apngHeader(head.subarray(0, head.length - 4))).toEqual({ width: 1, height: 1, frames: 4, loop: 2 });
    expect(apngHeader(head.subarray(0, head.length - 5))).toBeNull(); // acTL's data cut short
  });

  it('is null when the signature is one byte off', () => {
    const head = concatBytes([SIG, IHDR, acTL(4, 0), IDAT]);
    expect(apngHeader(head)).toEqual({ width: 1, height: 1, frames: 4, loop: 0 });
    for (const at of [0, 7]) {
      const off = head.slice();
      off[at]! ^= 1;
      expect(apngHeader(off)).toBeNull();
    }
  });

  it('reads a canvas from an IHDR of at least 8 bytes, and counts from an acTL of at least 8', () => {
    const ihdr8 = pngChunk('IHDR', concatBytes([u32(640), u32(480)]));
    expect(apngHeader(concatBytes([SIG, ihdr8, acTL(2, 0), IDAT]))).toEqual({ width: 640, height: 480, frames: 2, loop: 0 });
    const ihdr4 = pngChunk('IHDR', u32(640));
    expect(apngHeader(concatBytes([SIG, ihdr4, acTL(2, 0), IDAT]))).toBeNull();
    const acTL4 = pngChunk('acTL', u32(2));
    expect(apngHeader(concatBytes([SIG, IHDR, acTL4, IDAT]))).toBeNull();
  });

  it('needs IHDR before acTL', () => {
    expect(apngHeader(concatBytes([SIG, acTL(2, 0), IHDR, IDAT]))).toBeNull();
  });
});
