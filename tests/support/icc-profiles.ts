// ICC v4 profiles written byte by byte, for colour tests that need a profile no corpus file carries: a display
// profile whose perceptual table (A2B0) renders colours differently from its colorimetric one (A2B1), as the sRGB v4
// "preference" profile does. Both tables are lut16 (mft2) transforms from RGB to PCS XYZ; a 2×2×2 grid is exact
// here because each table is linear in linear-light RGB.
import zlib from 'node:zlib';

type Vec3 = [number, number, number];
/** Linear-light RGB (0-1) to PCS XYZ (D50, Y of white = 1). */
export type RgbToXyz = (rgb: Vec3) => Vec3;

/** sRGB primaries adapted to D50 (Bradford), as in the ICC's own sRGB profiles. */
const SRGB_TO_XYZ_D50 = [
  [0.4360747, 0.3850649, 0.1430804],
  [0.2225045, 0.7168786, 0.0606169],
  [0.0139322, 0.0971045, 0.7141733],
] as const;

export const srgbColorimetric: RgbToXyz = (rgb) =>
  SRGB_TO_XYZ_D50.map((row) => row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]) as Vec3;

/** A "preference" rendering: colours a quarter of the way to grey of the same luminance, white and black kept. */
export const desaturatedPreference: RgbToXyz = (rgb) => {
  const y = SRGB_TO_XYZ_D50[1][0] * rgb[0] + SRGB_TO_XYZ_D50[1][1] * rgb[1] + SRGB_TO_XYZ_D50[1][2] * rgb[2];
  return srgbColorimetric(rgb.map((c) => 0.75 * c + 0.25 * y) as Vec3);
};

const srgbDecode = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);

function s15Fixed16(value: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(Math.round(value * 65536));
  return b;
}

function mluc(text: string): Buffer {
  const utf16 = Buffer.from(text, 'utf16le').swap16();
  const head = Buffer.alloc(28);
  head.write('mluc', 0, 'latin1');
  head.writeUInt32BE(1, 8); // one record
  head.writeUInt32BE(12, 12); // record size
  head.write('enUS', 16, 'latin1');
  head.writeUInt32BE(utf16.length, 20);
  head.writeUInt32BE(28, 24);
  return Buffer.concat([head, utf16]);
}

function xyzType(xyz: Vec3): Buffer {
  return Buffer.concat([Buffer.from('XYZ \0\0\0\0', 'latin1'), ...xyz.map(s15Fixed16)]);
}

/** lut16Type from sRGB-encoded RGB to PCS XYZ (u1Fixed15: 0x8000 is 1.0). */
function lut16(toXyz: RgbToXyz): Buffer {
  const inputEntries = 4096;
  const head = Buffer.alloc(52);
  head.write('mft2', 0, 'latin1');
  head.writeUInt8(3, 8);
  head.writeUInt8(3, 9);
  head.writeUInt8(2, 10); // grid points per input
  [1, 0, 0, 0, 1, 0, 0, 0, 1].forEach((v, i) => s15Fixed16(v).copy(head, 12 + i * 4)); // identity matrix (XYZ input only)
  head.writeUInt16BE(inputEntries, 48);
  head.writeUInt16BE(2, 50);
  const input = Buffer.alloc(3 * inputEntries * 2);
  for (let c = 0; c < 3; c++) {
    for (let i = 0; i < inputEntries; i++) input.writeUInt16BE(Math.round(srgbDecode(i / (inputEntries - 1)) * 65535), (c * inputEntries + i) * 2);
  }
  const clut = Buffer.alloc(8 * 3 * 2);
  let at = 0;
  for (const r of [0, 1]) for (const g of [0, 1]) for (const b of [0, 1]) {
    for (const v of toXyz([r, g, b])) { clut.writeUInt16BE(Math.min(65535, Math.max(0, Math.round(v * 32768))), at); at += 2; }
  }
  const output = Buffer.alloc(3 * 2 * 2);
  for (let c = 0; c < 3; c++) output.writeUInt16BE(65535, (c * 2 + 1) * 2);
  return Buffer.concat([head, input, clut, output]);
}

const pad4 = (b: Buffer) => (b.length % 4 ? Buffer.concat([b, Buffer.alloc(4 - (b.length % 4))]) : b);

/**
 * An ICC v4 RGB display profile with a perceptual (A2B0) and a relative colorimetric (A2B1) table. The default is a
 * profile that describes sRGB colorimetrically and renders a desaturated preference perceptually.
 */
export function lutDisplayProfile(
  { perceptual = desaturatedPreference, colorimetric = srgbColorimetric, description = 'Test sRGB v4 preference' } = {},
): Buffer {
  const tags: [string, Buffer][] = [
    ['desc', mluc(description)],
    ['cprt', mluc('No copyright, test data')],
    ['wtpt', xyzType([0.9642, 1, 0.8249])],
    ['A2B0', lut16(perceptual)],
    ['A2B1', lut16(colorimetric)],
  ];
  const tableSize = 4 + tags.length * 12;
  let offset = 128 + tableSize;
  const table = Buffer.alloc(tableSize);
  table.writeUInt32BE(tags.length);
  const bodies: Buffer[] = [];
  tags.forEach(([sig, data], i) => {
    table.write(sig, 4 + i * 12, 'latin1');
    table.writeUInt32BE(offset, 8 + i * 12);
    table.writeUInt32BE(data.length, 12 + i * 12);
    const padded = pad4(data);
    bodies.push(padded);
    offset += padded.length;
  });
  const header = Buffer.alloc(128);
  header.writeUInt32BE(offset, 0);
  header.writeUInt32BE(0x04300000, 8);
  header.write('mntrRGB XYZ ', 12, 'latin1');
  [2026, 11, 24, 0, 0, 0].forEach((v, i) => header.writeUInt16BE(v, 24 + i * 2));
  header.write('acsp', 36, 'latin1');
  [0.9642, 1, 0.8249].forEach((v, i) => s15Fixed16(v).copy(header, 68 + i * 4));
  return Buffer.concat([header, table, ...bodies]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
  return Buffer.concat([head, data, crc]);
}

/** The PNG with `profile` embedded as its iCCP chunk (placed right after IHDR, as the PNG spec requires). */
export function withPngProfile(png: Buffer, profile: Buffer): Buffer {
  const ihdrEnd = 8 + 8 + 13 + 4;
  const iccp = pngChunk('iCCP', Buffer.concat([Buffer.from('test\0\0', 'latin1'), zlib.deflateSync(profile)]));
  return Buffer.concat([png.subarray(0, ihdrEnd), iccp, png.subarray(ihdrEnd)]);
}
