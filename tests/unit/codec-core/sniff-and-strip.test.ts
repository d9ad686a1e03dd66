// Edge cases of the one sniffer and the strip policy that container.test.ts leaves open: heads of exactly the length
// a rule needs, magic bytes one letter off, APPn segments the allow-list must drop (or keep), where the orientation
// block goes when JFIF is not first, WebP files with only one kind of metadata, and JPEG XL files that are not a
// whole container.
import { describe, expect, it } from 'vitest';
import { concatBytes, latin1 } from '#codec-core/container/bytes';
import { minimalExif } from '#codec-core/container/exif-orientation';
import { pngChunk, PNG_SIGNATURE } from '#codec-core/container/png-chunks';
import { riffChunk, riffWebp, walkWebp } from '#codec-core/container/riff';
import { ftypBrands, isAvifSequence, sniffImageFormat, sniffRasterFormat } from '#codec-core/container/sniff';
import { jpegSegment, stripForPassOn, stripJpeg, stripPng, uploadOrientation } from '#codec-core/container/strip';

const bytes = (...values: number[]) => Uint8Array.from(values);
const u32 = (n: number) => bytes(n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
const box = (type: string, ...parts: Uint8Array[]) => concatBytes([u32(8 + concatBytes(parts).length), latin1(type), ...parts]);
const ftyp = (size: number, major: string, ...compatible: string[]) => concatBytes([u32(size), latin1('ftyp'), latin1(major), u32(0), ...compatible.map(latin1)]);

describe('the sniffer at the edges', () => {
  it('ftypBrands reads the major brand and the whole compatible brands within box and head', () => {
    expect(ftypBrands(ftyp(24, 'mif1', 'avif', 'heic'))).toEqual({ major: 'mif1', compatible: ['avif', 'heic'] });
    expect(ftypBrands(ftyp(24, 'mif1', 'avif', 'heic').subarray(0, 22))).toEqual({ major: 'mif1', compatible: ['avif'] });
    expect(ftypBrands(ftyp(24, 'avif').subarray(0, 12))).toEqual({ major: 'avif', compatible: [] });
    expect(ftypBrands(ftyp(24, 'avif').subarray(0, 11))).toBeNull();
    expect(ftypBrands(concatBytes([u32(24), latin1('moov'), latin1('avif'), u32(0), latin1('avif')]))).toBeNull();
  });

  it('needs only the 12 bytes up to the major brand to tell an AVIF', () => {
    expect(sniffImageFormat(ftyp(24, 'avif').subarray(0, 12))).toBe('avif');
  });

  it('tells an AVIF sequence by a compatible brand too, and nothing from a head that is no ftyp', () => {
    expect(isAvifSequence(ftyp(24, 'avif', 'mif1', 'avis'))).toBe(true);
    expect(isAvifSequence(latin1('RIFF\0\0\0\0WEBPVP8 '))).toBe(false);
  });

  it('tells a generic HEIF as HEIC when any compatible brand is a HEVC one', () => {
    expect(sniffRasterFormat(ftyp(24, 'mif1', 'mif1', 'heic'))).toBe('heic');
  });

  it('tells GIF 87a and 89a from their six bytes alone', () => {
    expect(sniffRasterFormat(latin1('GIF89a'))).toBe('gif');
    expect(sniffRasterFormat(latin1('GIF87a'))).toBe('gif');
    expect(sniffRasterFormat(latin1('GIF88a'))).toBeNull();
    expect(sniffRasterFormat(latin1('GIF89'))).toBeNull();
  });

  it('tells a WebP from RIFF and WEBP both, in a head of 12 bytes', () => {
    expect(sniffImageFormat(latin1('RIFF\0\0\0\0WEBP'))).toBe('webp');
    expect(sniffImageFormat(latin1('RIFX\0\0\0\0WEBP'))).toBeNull();
    expect(sniffImageFormat(latin1('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(sniffImageFormat(latin1('twelve bytes'))).toBeNull();
  });
});

const SOI = bytes(0xff, 0xd8);
const EOI = bytes(0xff, 0xd9);
const JFIF = jpegSegment(0xe0, latin1('JFIF\0\x01\x01\0\0\x01\0\x01\0\0'));
const DQT = jpegSegment(0xdb, new Uint8Array(65));
const SOF = jpegSegment(0xc0, bytes(8, 0, 16, 0, 16, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1));
const SOS = jpegSegment(0xda, bytes(3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0));
const jpeg = (...segments: Uint8Array[]) => concatBytes([SOI, ...segments, SOS, bytes(0x12, 0x34), EOI]);
/** A little-endian TIFF holding only Orientation = `value`, without a next-IFD offset: 22 bytes, 4 fewer than minimalExif. */
const shortExif = (value: number) => bytes(0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, value, 0, 0, 0);
const app1Exif = (tiff: Uint8Array) => jpegSegment(0xe1, concatBytes([latin1('Exif\0\0'), tiff]));
const orientationBlock = (value: number) => app1Exif(minimalExif(value));

describe('the strip policy: JPEG segments', () => {
  it('drops APPn segments that are not JFIF, ICC or Adobe by their identifier, and keeps markers above APP15', () => {
    const jfxx = jpegSegment(0xe0, latin1('JFXX\0\x10thumbnail'));
    const app15 = jpegSegment(0xef, latin1('vendor'));
    const jpegLs = jpegSegment(0xf7, bytes(8, 0, 1, 0, 1, 1, 1, 0x11, 0)); // SOF55, JPEG-LS's frame header
    const adobeCm = jpegSegment(0xed, latin1('Adobe_CM\0'));
    const notAdobe = jpegSegment(0xee, latin1('Ducky'));
    const input = jpeg(JFIF, jfxx, app15, jpegLs, adobeCm, notAdobe, DQT, SOF);
    expect(stripJpeg(input)).toEqual(jpeg(JFIF, jpegLs, DQT, SOF));
  });

  it('puts the orientation block right after SOI when JFIF is not the first segment', () => {
    expect(stripJpeg(jpeg(DQT, JFIF, SOF), 6)).toEqual(jpeg(orientationBlock(6), DQT, JFIF, SOF));
  });

  it('writes no block for orientation 1', () => {
    const clean = jpeg(JFIF, DQT, SOF);
    expect(stripJpeg(clean, 1)).toEqual(clean);
    expect(stripJpeg(concatBytes([SOI, DQT]), 6)).toBeNull();
  });

  it('passes the upload on as it is when the replacement block is larger than its own EXIF', () => {
    const input = jpeg(JFIF, app1Exif(shortExif(6)), DQT, SOF);
    expect(stripJpeg(input, 6)!.length).toBe(input.length + 4);
    expect(stripForPassOn(input, 'jpeg', 'strip')).toBe(input);
  });

  it('reads the orientation from the first APP1 that is EXIF, in the header only', () => {
    const xmp = jpegSegment(0xe1, latin1('http://ns.adobe.com/xap/1.0/\0<x/>'));
    const exifInApp2 = jpegSegment(0xe2, concatBytes([latin1('Exif\0\0'), shortExif(3)]));
    // No EOI: only the header is walked for it.
    const head = concatBytes([SOI, DQT, xmp, exifInApp2, app1Exif(shortExif(6)), SOF, SOS, bytes(0x12)]);
    expect(uploadOrientation(head, 'jpeg')).toBe(6);
    expect(uploadOrientation(jpeg(JFIF, DQT), 'jpeg')).toBe(1);
  });
});

describe('the strip policy: PNG, WebP and other formats’ orientation', () => {
  const sig = Uint8Array.from(PNG_SIGNATURE);
  const ihdr = pngChunk('IHDR', concatBytes([u32(1), u32(1), bytes(8, 2, 0, 0, 0)]));
  const png = concatBytes([sig, ihdr, pngChunk('IDAT', bytes(1)), pngChunk('IEND', new Uint8Array(0))]);
  const vp8l = riffChunk('VP8L', bytes(0x2f, 7, 0xc0, 0x01, 0x10, 9, 9));
  const prefixed = riffWebp([vp8l, riffChunk('EXIF', concatBytes([latin1('Exif\0\0'), shortExif(6)]))]);

  it('writes no eXIf chunk for orientation 1, and reads 1 from what is no PNG', () => {
    expect(stripPng(png, 1)).toEqual(png);
    expect(uploadOrientation(latin1('not a png at all'), 'png')).toBe(1);
  });

  it('reads a WebP’s EXIF with or without the JPEG prefix, and 1 without EXIF or from what is no WebP', () => {
    expect(uploadOrientation(prefixed, 'webp')).toBe(6);
    expect(uploadOrientation(riffWebp([vp8l, riffChunk('EXIF', shortExif(8))]), 'webp')).toBe(8);
    expect(uploadOrientation(riffWebp([vp8l]), 'webp')).toBe(1);
    expect(uploadOrientation(latin1('RIFF\0\0\0\0WEBPjunk'), 'webp')).toBe(1);
  });

  it('reads no orientation for AVIF and JPEG XL, whatever the bytes', () => {
    expect(uploadOrientation(prefixed, 'avif')).toBe(1);
    expect(uploadOrientation(prefixed, 'jxl')).toBe(1);
  });
});

describe('the strip policy: WebP with one kind of metadata', () => {
  // An 8×8 lossless image without alpha: nothing that needs the extended format.
  const vp8l = riffChunk('VP8L', bytes(0x2f, 7, 0xc0, 0x01, 0x00, 9, 9));
  const types = (out: Uint8Array | null) => walkWebp(out!)!.map((c) => c.type);

  it('drops an EXIF chunk without orientation, or an XMP chunk, leaving a simple file', () => {
    const exifOnly = riffWebp([vp8l, riffChunk('EXIF', shortExif(1))]);
    expect(types(stripForPassOn(exifOnly, 'webp', 'strip'))).toEqual(['VP8L']);
    const xmpOnly = riffWebp([vp8l, riffChunk('XMP ', latin1('<x/>'))]);
    expect(types(stripForPassOn(xmpOnly, 'webp', 'strip'))).toEqual(['VP8L']);
  });

  it('keeps the orientation without inventing a colour profile', () => {
    const rotated = riffWebp([vp8l, riffChunk('EXIF', shortExif(6))]);
    const out = stripForPassOn(rotated, 'webp', 'strip');
    expect(types(out)).toEqual(['VP8X', 'VP8L', 'EXIF']);
    expect(walkWebp(out!)![0]!.data[0]).toBe(0x08); // the EXIF flag alone: no ICC, no alpha
    expect(walkWebp(out!)![2]!.data).toEqual(minimalExif(6));
  });

  it('passes nothing on from a WebP it cannot walk', () => {
    expect(stripForPassOn(latin1('RIFF\0\0\0\0WEBPjunk'), 'webp', 'strip')).toBeNull();
  });
});

describe('the strip policy: JPEG XL that is not a whole container', () => {
  const signature = bytes(0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a);
  const container = concatBytes([signature, box('ftyp', latin1('jxl '), u32(0)), box('jxlc', bytes(0xff, 0x0a))]);

  it('passes a bare codestream of any length, and a head too short for the signature box, as they are', () => {
    const codestream = concatBytes([bytes(0xff, 0x0a), new Uint8Array(14).fill(7)]);
    expect(stripForPassOn(codestream, 'jxl', 'strip')).toBe(codestream);
    const cut = signature.subarray(0, 10);
    expect(stripForPassOn(cut, 'jxl', 'strip')).toBe(cut);
  });

  it('refuses a container with bytes left after its last box', () => {
    expect(stripForPassOn(concatBytes([container, bytes(0, 0, 0)]), 'jxl', 'strip')).toBeNull();
  });

  it('tells metadata by the box type, and a brob box by the type it names in its first four bytes', () => {
    const free = concatBytes([container, box('free', latin1('Exif'))]);
    expect(stripForPassOn(free, 'jxl', 'strip')).toBe(free);
    expect(stripForPassOn(concatBytes([container, box('brob', latin1('Exif'))]), 'jxl', 'strip')).toEqual(container);
    const shortBrob = concatBytes([container, box('brob', latin1('Ex'))]);
    expect(stripForPassOn(shortBrob, 'jxl', 'strip')).toBe(shortBrob);
  });
});
