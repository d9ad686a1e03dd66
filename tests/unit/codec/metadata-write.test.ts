// Writing kept metadata into encoded files (metadata-write.ts): each container's own metadata blocks are replaced,
// never duplicated, and everything else stays as it was, in its order. Inputs are small synthetic files with
// hand-built segments and chunks, so the expected output can be written out in full.
import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { minimalExif as minimalExifBytes } from '#codec-core/index';
import { iptcResource, withJpegMetadata, withPngMetadata } from '#server/codec/metadata/metadata-write';
import { withWebpMetadata as withWebpMetadataBytes } from '#codec-core/index';

const minimalExif = (orientation: number): Buffer => Buffer.from(minimalExifBytes(orientation));
const withWebpMetadata = (...args: Parameters<typeof withWebpMetadataBytes>): Buffer | null => {
  const out = withWebpMetadataBytes(...args);
  return out && Buffer.from(out);
};
import { pngChunk as rawPngChunk } from '../../hostile/generators';

const latin1 = (s: string) => Buffer.from(s, 'latin1');

function segment(marker: number, payload: Buffer | string): Buffer {
  const data = typeof payload === 'string' ? latin1(payload) : payload;
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

const pngChunk = (type: string, data: Buffer | string): Buffer => rawPngChunk(type, typeof data === 'string' ? latin1(data) : data);

function riffChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length & 1)]);
}

function riffFile(...chunks: Buffer[]): Buffer {
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}

const XMP_ID = 'http://ns.adobe.com/xap/1.0/\0';
const EXIF = minimalExif(3);
const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/">kept</x:xmpmeta>';

describe('iptcResource', () => {
  it('steps over a resource of odd size and its pad byte to the IPTC record', () => {
    const resource = (id: number, name: string, data: string) => {
      const head = Buffer.alloc(6);
      head.write('8BIM', 0, 'latin1');
      head.writeUInt16BE(id, 4);
      const pascal = Buffer.concat([Buffer.from([name.length]), latin1(name)]);
      const size = Buffer.alloc(4);
      size.writeUInt32BE(data.length, 0);
      return Buffer.concat([head, pascal, Buffer.alloc(pascal.length & 1), size, latin1(data), Buffer.alloc(data.length & 1)]);
    };
    const photoshop = Buffer.concat([latin1('Photoshop 3.0\0'), resource(0x040c, '', 'abc'), resource(0x0404, 'cap', 'IPTC!')]);
    expect(iptcResource(photoshop)!.toString('hex')).toBe(Buffer.concat([latin1('8BIM\x04\x04\0\0'), Buffer.from([0, 0, 0, 5]), latin1('IPTC!\0')]).toString('hex'));
  });
});

describe('withJpegMetadata', () => {
  it('replaces EXIF, XMP (extended XMP too), ICC and Photoshop segments, keeping JFIF first and the others in order', async () => {
    const base = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c81e1e' } }).jpeg().toBuffer();
    const soi = base.subarray(0, 2);
    const jfif = segment(0xe0, 'JFIF\0\x01\x01\0\0\x01\0\x01\0\0');
    const flir = segment(0xe1, 'FLIR\0\x01thermal');
    const fpxr = segment(0xe2, 'FPXR\0\0flashpix');
    const otherApp13 = segment(0xed, 'Adobe_CM\0');
    const comment = segment(0xfe, 'a comment');
    const input = Buffer.concat([
      soi,
      jfif,
      segment(0xe1, Buffer.concat([latin1('Exif\0\0'), minimalExif(6)])),
      segment(0xe1, `${XMP_ID}<x:xmpmeta>old</x:xmpmeta>`),
      segment(0xe1, `http://ns.adobe.com/xmp/extension/\0${'0'.repeat(32)}\0\0\0\x03\0\0\0\0old`),
      Buffer.from([0xff, 0xff]), // fill bytes before a marker
      flir,
      segment(0xe2, 'ICC_PROFILE\0\x01\x01old profile'),
      fpxr,
      segment(0xed, 'Photoshop 3.0\x008BIM\x04\x04\0\0\0\0\0\x03old\0'),
      otherApp13,
      comment,
      base.subarray(2),
    ]);
    const icc = latin1('new profile');
    const iptc = latin1('8BIM\x04\x04\0\0\0\0\0\x03new\0');
    const out = withJpegMetadata(input, { exif: EXIF, xmp: XMP, icc, iptc })!;
    const expected = Buffer.concat([
      soi,
      jfif,
      segment(0xe1, Buffer.concat([latin1('Exif\0\0'), EXIF])),
      segment(0xe1, XMP_ID + XMP),
      segment(0xe2, Buffer.concat([latin1('ICC_PROFILE\0\x01\x01'), icc])),
      segment(0xed, Buffer.concat([latin1('Photoshop 3.0\0'), iptc])),
      flir,
      fpxr,
      otherApp13,
      comment,
      base.subarray(2),
    ]);
    expect(out.toString('hex')).toBe(expected.toString('hex'));

    const meta = await sharp(withJpegMetadata(input, { exif: EXIF, xmp: XMP })!).metadata();
    expect([meta.orientation, meta.xmp?.toString('utf8')]).toEqual([3, XMP]);
  });
});

describe('withPngMetadata', () => {
  const png = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).png().toBuffer();
  const XMP_KEYWORD = 'XML:com.adobe.xmp';
  const IHDR_END = 33;

  /** The PNG with chunks inserted after IHDR. */
  const withChunks = (base: Buffer, ...chunks: Buffer[]) => Buffer.concat([base.subarray(0, IHDR_END), ...chunks, base.subarray(IHDR_END)]);

  it('replaces XMP in any text chunk, EXIF and the profile, and keeps sRGB and other text when no profile comes', async () => {
    const base = await png();
    const srgb = pngChunk('sRGB', Buffer.from([0]));
    const comment = pngChunk('tEXt', 'Comment\0hello');
    const description = pngChunk('iTXt', 'Description\0\0\0\0\0a caption');
    const input = withChunks(
      base,
      pngChunk('iCCP', Buffer.concat([latin1('old\0\0'), zlib.deflateSync(latin1('old profile'))])),
      srgb,
      pngChunk('eXIf', minimalExif(6)),
      comment,
      pngChunk('iTXt', `${XMP_KEYWORD}\0\0\0\0\0<old/>`),
      pngChunk('zTXt', Buffer.concat([latin1(`${XMP_KEYWORD}\0\0`), zlib.deflateSync('<old/>')])),
      pngChunk('tEXt', `${XMP_KEYWORD}\0<old/>`),
      description,
    );
    const out = withPngMetadata(input, { exif: EXIF, xmp: XMP })!;
    const expected = withChunks(base, pngChunk('eXIf', EXIF), pngChunk('iTXt', `${XMP_KEYWORD}\0\0\0\0\0${XMP}`), srgb, comment, description);
    expect(out.toString('hex')).toBe(expected.toString('hex'));
    const meta = await sharp(out).metadata();
    expect([meta.orientation, meta.xmp?.toString('utf8')]).toEqual([3, XMP]);
  });

  it('drops the sRGB chunk when a profile comes', async () => {
    const base = await png();
    const icc = (await sharp(await sharp(base).withIccProfile('p3').png().toBuffer()).metadata()).icc!;
    const comment = pngChunk('tEXt', 'Comment\0hello');
    const out = withPngMetadata(withChunks(base, pngChunk('sRGB', Buffer.from([0])), comment), { icc })!;
    const iccp = pngChunk('iCCP', Buffer.concat([latin1('icc\0\0'), zlib.deflateSync(icc)]));
    expect(out.toString('hex')).toBe(withChunks(base, iccp, comment).toString('hex'));
    expect((await sharp(out).metadata()).icc!.equals(icc)).toBe(true);
  });

  it('does not take a text chunk for XMP when its keyword does not end inside it', async () => {
    const base = await png();
    // 16 bytes of keyword and no terminator; the 4 bytes after (where the CRC goes) would complete the XMP keyword.
    const unterminated = Buffer.concat([Buffer.from([0, 0, 0, 16]), latin1(`iTXt${XMP_KEYWORD.slice(0, 16)}p\0\0\0`)]);
    const input = withChunks(base, unterminated);
    expect(withPngMetadata(input, {})!.toString('hex')).toBe(input.toString('hex'));
  });

  // The keyword's terminator must lie inside the chunk's data: the byte after it is the CRC's first.
  it('does not read a keyword terminator from the CRC after the chunk', async () => {
    const base = await png();
    const unterminated = Buffer.concat([Buffer.from([0, 0, 0, 17]), latin1(`tEXt${XMP_KEYWORD}\0\x12\x34\x56`)]);
    const input = withChunks(base, unterminated);
    expect(withPngMetadata(input, {})!.toString('hex')).toBe(input.toString('hex'));
  });
});

describe('withWebpMetadata', () => {
  const lossless = (channels: 3 | 4) =>
    sharp({ create: { width: 37, height: 23, channels, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } }).webp({ lossless: true }).toBuffer();
  /** A VP8X chunk: flags, canvas width and height less one. */
  const vp8x = (flags: number, width: number, height: number) => {
    const data = Buffer.alloc(10);
    data[0] = flags;
    data.writeUIntLE(width - 1, 4, 3);
    data.writeUIntLE(height - 1, 7, 3);
    return riffChunk('VP8X', data);
  };

  it.each([
    ['opaque', 3, 0x08],
    ['with alpha', 4, 0x18],
  ] as const)('takes the canvas of a simple lossless file (%s) from its VP8L header', async (_, channels, flags) => {
    const input = await lossless(channels);
    expect(input.toString('latin1', 12, 16)).toBe('VP8L');
    const out = withWebpMetadata(input, { exif: EXIF })!;
    expect(out.toString('hex')).toBe(riffFile(vp8x(flags, 37, 23), input.subarray(12), riffChunk('EXIF', EXIF)).toString('hex'));
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height, meta.hasAlpha, meta.orientation]).toEqual([37, 23, channels === 4, 3]);
  });

  it('reads a VP8L header of exactly 5 bytes, and refuses a shorter one or another signature', () => {
    const header = (signature: number, bits: number) => {
      const data = Buffer.alloc(5);
      data[0] = signature;
      data.writeUInt32LE(bits >>> 0, 1);
      return data;
    };
    const bits = (1 << 28) | ((23 - 1) << 14) | (37 - 1);
    const image = riffChunk('VP8L', header(0x2f, bits));
    expect(withWebpMetadata(riffFile(image), { exif: EXIF })!.toString('hex')).toBe(riffFile(vp8x(0x18, 37, 23), image, riffChunk('EXIF', EXIF)).toString('hex'));
    expect(withWebpMetadata(riffFile(riffChunk('VP8L', header(0x2f, bits).subarray(0, 4))), { exif: EXIF })).toBeNull();
    expect(withWebpMetadata(riffFile(riffChunk('VP8L', header(0x2e, bits))), { exif: EXIF })).toBeNull();
  });
});
