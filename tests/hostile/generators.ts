// Hostile inputs the suite makes itself: pixel floods, deflate bombs, huge chunks, scan floods, disguised formats, polyglots.
import zlib from 'node:zlib';
import sharp from 'sharp';

export function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number, colourType: number, bitDepth = 8): Buffer {
  const d = Buffer.alloc(13);
  d.writeUInt32BE(width, 0);
  d.writeUInt32BE(height, 4);
  d[8] = bitDepth;
  d[9] = colourType;
  return pngChunk('IHDR', d);
}

/** A PNG whose header claims width x height but whose data is a few bytes: a pixel flood. */
export function pixelFloodPng(width: number, height: number): Buffer {
  return Buffer.concat([PNG_SIGNATURE, ihdr(width, height, 0), pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(64))), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A real greyscale PNG of all-zero pixels: tiny on disk, large when inflated (a deflate bomb). */
export function deflateBombPng(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width + 1) * height); // filter byte 0 + zero pixels per row
  return Buffer.concat([PNG_SIGNATURE, ihdr(width, height, 0), pngChunk('IDAT', zlib.deflateSync(raw, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A small valid PNG with an ancillary chunk inserted after IHDR (zTXt/iCCP bombs, huge tEXt). */
export async function pngWithChunk(type: string, data: Buffer): Promise<Buffer> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const afterIhdr = 8 + 25;
  return Buffer.concat([png.subarray(0, afterIhdr), pngChunk(type, data), png.subarray(afterIhdr)]);
}

export const zTxtBomb = () => pngWithChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), zlib.deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x41), { level: 9 })]));
export const iccBomb = () => pngWithChunk('iCCP', Buffer.concat([Buffer.from('evil\0\0', 'latin1'), zlib.deflateSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 })]));
export const hugeText = () => pngWithChunk('tEXt', Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(4 * 1024 * 1024, 0x42)]));

/** A small JPEG whose frame header is patched to claim 65500 x 65500 pixels. */
export async function pixelFloodJpeg(): Promise<Buffer> {
  const jpeg = Buffer.from(await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } }).jpeg().toBuffer());
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(65500, i + 5);
      jpeg.writeUInt16BE(65500, i + 7);
      return jpeg;
    }
  }
  throw new Error('no SOF found');
}

/** A progressive JPEG whose last scan is repeated thousands of times (a decoder CPU bomb). */
export async function scanFloodJpeg(copies = 3000): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#abc' } })
    .jpeg({ progressive: true, quality: 80 })
    .toBuffer();
  let lastSos = -1;
  for (let i = 2; i < jpeg.length - 1; i++) if (jpeg[i] === 0xff && jpeg[i + 1] === 0xda) lastSos = i;
  const eoi = jpeg.length - 2;
  const scan = jpeg.subarray(lastSos, eoi);
  return Buffer.concat([jpeg.subarray(0, eoi), ...Array.from({ length: copies }, () => scan), jpeg.subarray(eoi)]);
}

/** Real images in formats we do not accept, plus documents, all to be named .jpg or .png. */
export async function disguisedFormats(): Promise<Record<string, Buffer>> {
  const base = sharp({ create: { width: 32, height: 32, channels: 3, background: '#f00' } });
  return {
    webp: await base.clone().webp().toBuffer(),
    avif: await base.clone().avif().toBuffer(),
    gif: await base.clone().gif().toBuffer(),
    tiff: await base.clone().tiff().toBuffer(),
    svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
    html: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
    pdf: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
  };
}

/** A JPEG with an HTML payload in a comment segment. */
export async function jpegWithHtmlComment(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#4a7' } }).jpeg({ quality: 100 }).toBuffer();
  const payload = Buffer.from('<html><script>alert("polyglot")</script></html>');
  const seg = Buffer.alloc(4);
  seg[0] = 0xff;
  seg[1] = 0xfe;
  seg.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), seg, payload, jpeg.subarray(2)]);
}

/** A PNG with a ZIP archive appended after IEND. */
export async function pngWithZipAfterIend(): Promise<Buffer> {
  const png = await sharp({ create: { width: 128, height: 128, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } }).png().toBuffer();
  const zipLike = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('evil.html<script>alert(1)</script>'), Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);
  return Buffer.concat([png, zipLike]);
}
