import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { minimalExif, stripJpeg, stripPng } from '#codec-core/index';
import { withPngText } from '#server/codec/metadata/png-text';
import { readCorpus } from './corpus';

const GPS_EXIF = {
  IFD0: { Make: 'PrivateCam', Model: 'Serial 12345', Copyright: 'secret-owner' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
};

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The core's strip as a Buffer, and whether it changed anything. */
function asResult(input: Buffer, data: Uint8Array | null) {
  if (!data) return null;
  const out = Buffer.from(data);
  return { data: out, changed: !out.equals(input) };
}
const stripJpegMetadata = (input: Buffer, orientation: number | undefined) => asResult(input, stripJpeg(input, orientation));
const stripPngMetadata = (input: Buffer, orientation: number | undefined) => asResult(input, stripPng(input, orientation));

/** Inserts segments right after a JPEG's SOI marker. */
function withJpegSegments(jpeg: Buffer, ...segments: [number, string][]): Buffer {
  const encoded = segments.map(([marker, text]) => {
    const payload = Buffer.from(text, 'latin1');
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(payload.length + 2, 2);
    return Buffer.concat([head, payload]);
  });
  return Buffer.concat([jpeg.subarray(0, 2), ...encoded, jpeg.subarray(2)]);
}

const rawPixels = async (image: Buffer) => (await sharp(image).raw().toBuffer()).toString('base64');

describe('stripJpegMetadata', () => {
  it('drops EXIF with GPS, XMP, IPTC, comments and trailing data, keeping the pixels', async () => {
    const base = await sharp(readCorpus('photos/turbo-testorig.jpg')).jpeg({ quality: 60 }).withExif(GPS_EXIF).toBuffer();
    const input = Buffer.concat([
      withJpegSegments(base, [0xfe, 'a private comment'], [0xed, 'Photoshop 3.0\0secret-iptc'], [0xe1, 'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>secret-xmp</x:xmpmeta>']),
      Buffer.from('appended secret-trailer'),
    ]);
    const stripped = stripJpegMetadata(input, 1)!;
    expect(stripped.changed).toBe(true);
    expect(stripped.data.length).toBeLessThan(input.length);
    const text = stripped.data.toString('latin1');
    for (const secret of ['PrivateCam', 'secret', 'GPS', 'Exif', 'private comment']) expect(text).not.toContain(secret);
    const meta = await sharp(stripped.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(await rawPixels(stripped.data)).toBe(await rawPixels(input));
  });

  it('keeps ICC profiles and the Adobe marker that colour depends on', async () => {
    const input = readCorpus('photos/sharp-cmyk-with-icc.jpg');
    const stripped = stripJpegMetadata(input, undefined)!;
    const [before, after] = [await sharp(input).metadata(), await sharp(stripped.data).metadata()];
    expect(after.icc?.equals(before.icc!)).toBe(true);
    expect(after.space).toBe('cmyk');
    expect(await rawPixels(stripped.data)).toBe(await rawPixels(input));
  });

  it('replaces the EXIF block by one carrying only the orientation', async () => {
    const input = readCorpus('photos/exif-orient6-landscape.jpg');
    const stripped = stripJpegMetadata(input, 6)!;
    const meta = await sharp(stripped.data).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.exif?.equals(Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), minimalExif(6)]))).toBe(true);
    expect(meta.autoOrient).toEqual({ width: 1800, height: 1200 });
  });

  it('walks progressive files with tables between scans', async () => {
    const input = readCorpus('photos/lepton-androidprogressive.jpg');
    const stripped = stripJpegMetadata(input, 1)!;
    expect(stripped.data.length).toBeLessThan(input.length);
    expect(await rawPixels(stripped.data)).toBe(await rawPixels(input));
  });

  it('keeps stand-alone markers between segments and drops fill bytes', async () => {
    const base = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c81e1e' } }).jpeg().toBuffer();
    const soi = base.subarray(0, 2);
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, 8]), Buffer.from('secret')]);
    // TEM (0xFF01) and RST0 (0xFFD0) carry no length; 0xFF fill bytes may precede any marker (here the first table).
    const input = Buffer.concat([soi, Buffer.from([0xff, 0x01]), comment, Buffer.from([0xff, 0xd0, 0xff, 0xff]), base.subarray(2)]);
    expect(await rawPixels(input)).toBe(await rawPixels(base));
    const stripped = stripJpegMetadata(input, undefined)!;
    expect(stripped.changed).toBe(true);
    expect(stripped.data.toString('hex')).toBe(Buffer.concat([soi, Buffer.from([0xff, 0x01, 0xff, 0xd0]), base.subarray(2)]).toString('hex'));
  });

  it('refuses streams it cannot walk', () => {
    expect(stripJpegMetadata(readCorpus('bad/sharp-truncated.jpg'), 1)).toBeNull();
    expect(stripJpegMetadata(Buffer.from('not a jpeg'), 1)).toBeNull();
  });
});

describe('stripPngMetadata', () => {
  it('drops text, eXIf, time and unknown chunks, keeping transparency and colour chunks', async () => {
    const base = readCorpus('png/pngsuite/tbrn2c08.png'); // RGB with a tRNS colour key
    const iend = base.length - 12;
    const input = Buffer.concat([
      base.subarray(0, 33), // signature + IHDR
      pngChunk('tEXt', Buffer.from('Author\0secret-author', 'latin1')),
      pngChunk('eXIf', Buffer.concat([Buffer.from('MM\0*', 'latin1'), Buffer.alloc(4), Buffer.from('secret-gps')])),
      pngChunk('prVt', Buffer.from('secret-private')),
      base.subarray(33, iend),
      pngChunk('tIME', Buffer.from([7, 233, 1, 1, 0, 0, 0])),
      base.subarray(iend),
    ]);
    const stripped = stripPngMetadata(input, undefined)!;
    expect(stripped.changed).toBe(true);
    expect(stripped.data.toString('latin1')).not.toMatch(/secret|tEXt|eXIf|tIME|prVt/);
    expect(stripped.data.toString('latin1')).toContain('tRNS');
    expect(await rawPixels(stripped.data)).toBe(await rawPixels(input));
  });

  it('writes a minimal eXIf when the picture relies on its orientation', async () => {
    const input = await sharp(readCorpus('png/pngsuite/basn2c08.png')).png().toBuffer();
    const stripped = stripPngMetadata(input, 8)!;
    expect((await sharp(stripped.data).metadata()).orientation).toBe(8);
  });

  it('repairs a wrong chunk CRC in what it keeps', async () => {
    const input = readCorpus('bad/pngsuite-xcsn0g01.png'); // IDAT CRC is wrong
    await expect(sharp(input).raw().toBuffer()).rejects.toThrow();
    const stripped = stripPngMetadata(input, undefined)!;
    await expect(sharp(stripped.data).raw().toBuffer()).resolves.toBeInstanceOf(Buffer);
  });

  it('refuses streams it cannot walk', () => {
    expect(stripPngMetadata(readCorpus('bad/sharp-truncated.png'), undefined)).toBeNull();
  });
});

describe('withPngText', () => {
  const png = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).png().toBuffer();
  const IHDR_END = 33; // signature and IHDR

  it('adds plain ASCII text as tEXt right after IHDR', async () => {
    const input = await png();
    const out = withPngText(input, 'Copyright', 'ACME Photo Ltd\n2024');
    const chunk = pngChunk('tEXt', Buffer.from('Copyright\0ACME Photo Ltd\n2024', 'latin1'));
    expect(out.toString('hex')).toBe(Buffer.concat([input.subarray(0, IHDR_END), chunk, input.subarray(IHDR_END)]).toString('hex'));
    expect((await sharp(out).metadata()).comments).toEqual([{ keyword: 'Copyright', text: 'ACME Photo Ltd\n2024' }]);
  });

  it('adds other text as UTF-8 iTXt, uncompressed and without a language', async () => {
    const input = await png();
    const text = '© Jürgen Ø 2024';
    const out = withPngText(input, 'Copyright', text);
    const chunk = pngChunk('iTXt', Buffer.concat([Buffer.from('Copyright\0\0\0\0\0', 'latin1'), Buffer.from(text, 'utf8')]));
    expect(out.toString('hex')).toBe(Buffer.concat([input.subarray(0, IHDR_END), chunk, input.subarray(IHDR_END)]).toString('hex'));
    expect((await sharp(out).metadata()).comments).toEqual([{ keyword: 'Copyright', text }]);
    // One character outside printable ASCII is enough: a tab.
    expect(withPngText(input, 'Title', 'a\tb').toString('latin1', IHDR_END + 4, IHDR_END + 8)).toBe('iTXt');
  });

  it('adds the chunk after IHDR even when nothing follows it', () => {
    const head = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), pngChunk('IHDR', Buffer.from('00000008000000080802000000', 'hex'))]);
    expect(head.length).toBe(IHDR_END);
    expect(withPngText(head, 'Title', 'x').toString('hex')).toBe(Buffer.concat([head, pngChunk('tEXt', Buffer.from('Title\0x'))]).toString('hex'));
  });

  it('leaves anything that does not start with a PNG header as it is', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    expect(withPngText(jpeg, 'Copyright', 'ACME')).toBe(jpeg);
    const short = (await png()).subarray(0, IHDR_END - 1);
    expect(withPngText(short, 'Copyright', 'ACME')).toBe(short);
  });
});
