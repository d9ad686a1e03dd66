// The core's container rules on hand-made bytes: the one sniffer, the strip policy (an allow-list), the orientation
// block, the AVIF item probe, the JPEG chroma rule. Every byte is known, so the expected outputs are exact.
import { describe, expect, it } from 'vitest';
import {
  apngHeader,
  concatBytes,
  crc32,
  exifOrientation,
  heifCarriesMetadata,
  isAnimatedWebp,
  isAvifSequence,
  jpegIsSubsampled,
  jpegSegment,
  minimalExif,
  pngChunk,
  riffChunk,
  riffWebp,
  sniffImageFormat,
  sniffRasterFormat,
  stripForPassOn,
  stripJpeg,
  stripPng,
  uploadOrientation,
  walkWebp,
} from '#codec-core/index';

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const u32 = (n: number) => Uint8Array.of(n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
const box = (type: string, ...parts: Uint8Array[]) => {
  const body = concatBytes(parts);
  return concatBytes([u32(8 + body.length), latin1(type), body]);
};
const hex = (b: Uint8Array | null) => (b ? Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('') : 'null');

/** A little-endian TIFF with one IFD entry: Orientation = `value`. */
const littleExif = (value: number) => Uint8Array.of(0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, value, 0, 0, 0, 0, 0, 0, 0);

const SOI = Uint8Array.of(0xff, 0xd8);
const EOI = Uint8Array.of(0xff, 0xd9);
const JFIF = jpegSegment(0xe0, latin1('JFIF\0\x01\x01\0\0\x01\0\x01\0\0'));
const DQT = jpegSegment(0xdb, new Uint8Array(65));
const SOF_420 = jpegSegment(0xc0, Uint8Array.of(8, 0, 16, 0, 16, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1));
const SOF_444 = jpegSegment(0xc0, Uint8Array.of(8, 0, 16, 0, 16, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1));
const SOS = jpegSegment(0xda, Uint8Array.of(3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0));
const SCAN = Uint8Array.of(0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56);
const ICC = jpegSegment(0xe2, latin1('ICC_PROFILE\0\x01\x01profile'));
const ADOBE = jpegSegment(0xee, latin1('Adobe\0d\0\0\0\0\x01'));
const exifSegment = (orientation: number) => jpegSegment(0xe1, concatBytes([latin1('Exif\0\0'), littleExif(orientation)]));

function jpeg(...segments: Uint8Array[]): Uint8Array {
  return concatBytes([SOI, ...segments, SOS, SCAN, EOI]);
}

describe('the one sniffer', () => {
  it('tells the formats by their magic bytes', () => {
    expect(sniffImageFormat(jpeg(DQT))).toBe('jpeg');
    expect(sniffImageFormat(Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(sniffImageFormat(concatBytes([latin1('RIFF'), u32(0), latin1('WEBPVP8 ')]))).toBe('webp');
    expect(sniffRasterFormat(latin1('GIF89a......'))).toBe('gif');
    expect(sniffRasterFormat(Uint8Array.of(0xff, 0x0a, 1))).toBe('jxl');
    expect(sniffRasterFormat(Uint8Array.of(0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a))).toBe('jxl');
    expect(sniffRasterFormat(latin1('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageFormat(Uint8Array.of(0xff, 0xd8))).toBeNull();
  });

  it('reads ftyp brands within a box of at least 16 bytes, in the browser as on the server', () => {
    const ftyp = (size: number, major: string, ...compatible: string[]) => concatBytes([u32(size), latin1('ftyp'), latin1(major), u32(0), ...compatible.map(latin1)]);
    expect(sniffImageFormat(ftyp(24, 'mif1', 'avif'))).toBe('avif');
    expect(sniffImageFormat(ftyp(16, 'avif'))).toBe('avif');
    expect(sniffImageFormat(ftyp(12, 'avif'))).toBeNull(); // a box too small to be an ftyp
    expect(sniffRasterFormat(ftyp(24, 'mif1', 'heic'))).toBe('heic');
    expect(sniffRasterFormat(ftyp(20, 'heic'))).toBe('heic');
    expect(sniffRasterFormat(ftyp(24, 'mif1', 'miaf'))).toBeNull();
    // A compatible brand past the box's own end is not the box's.
    expect(sniffImageFormat(concatBytes([ftyp(16, 'mif1'), latin1('avif')]))).toBeNull();
    expect(isAvifSequence(ftyp(24, 'avis', 'avif'))).toBe(true);
    expect(isAvifSequence(ftyp(24, 'avif', 'mif1'))).toBe(false);
  });

  it('finds an animated PNG’s frame count before its image data, and an animated WebP’s flag', () => {
    const ihdr = pngChunk('IHDR', concatBytes([u32(10), u32(20), Uint8Array.of(8, 6, 0, 0, 0)]));
    const sig = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    expect(apngHeader(concatBytes([sig, ihdr, pngChunk('acTL', concatBytes([u32(3), u32(0)])), pngChunk('IDAT', new Uint8Array(2))]))).toEqual({ width: 10, height: 20, frames: 3, loop: 0 });
    expect(apngHeader(concatBytes([sig, ihdr, pngChunk('IDAT', new Uint8Array(2)), pngChunk('acTL', concatBytes([u32(3), u32(0)]))]))).toBeNull();
    const vp8x = (flags: number) => riffWebp([riffChunk('VP8X', Uint8Array.of(flags, 0, 0, 0, 9, 0, 0, 9, 0, 0))]);
    expect(isAnimatedWebp(vp8x(0x02))).toBe(true);
    expect(isAnimatedWebp(vp8x(0x10))).toBe(false);
  });
});

describe('the strip policy: JPEG', () => {
  it('keeps JFIF, tables, ICC, Adobe, frame and scan; drops EXIF, XMP, IPTC, MPF, APP11, comments and the trailer', () => {
    const input = concatBytes([
      jpeg(JFIF, exifSegment(1), jpegSegment(0xe1, latin1('http://ns.adobe.com/xap/1.0/\0<x/>')), ICC, jpegSegment(0xe2, latin1('MPF\0index')), jpegSegment(0xeb, latin1('JP jumbf')),
        jpegSegment(0xed, latin1('Photoshop 3.0\0iptc')), jpegSegment(0xfe, latin1('comment')), ADOBE, DQT, SOF_420),
      latin1('trailing video'),
    ]);
    expect(hex(stripForPassOn(input, 'jpeg', 'strip'))).toBe(hex(jpeg(JFIF, ICC, ADOBE, DQT, SOF_420)));
  });

  it('writes a rotated upload’s orientation back as the one minimal block, after JFIF', () => {
    const input = jpeg(JFIF, exifSegment(6), DQT, SOF_420);
    const block = jpegSegment(0xe1, concatBytes([latin1('Exif\0\0'), minimalExif(6)]));
    expect(hex(stripForPassOn(input, 'jpeg', 'strip'))).toBe(hex(jpeg(JFIF, block, DQT, SOF_420)));
    expect(hex(stripJpeg(jpeg(DQT), 3))).toBe(hex(jpeg(jpegSegment(0xe1, concatBytes([latin1('Exif\0\0'), minimalExif(3)])), DQT)));
    expect(uploadOrientation(input, 'jpeg')).toBe(6);
  });

  it('passes the upload as it is when stripping would make it larger, and keep-all passes it untouched', () => {
    // A bare big-endian orientation block is replaced by the same 40 bytes: not larger, so the stripped copy goes.
    const bare = jpeg(jpegSegment(0xe1, concatBytes([latin1('Exif\0\0'), minimalExif(8)])), DQT);
    expect(hex(stripForPassOn(bare, 'jpeg', 'strip'))).toBe(hex(bare));
    const tagged = jpeg(exifSegment(1), DQT);
    expect(stripForPassOn(tagged, 'jpeg', 'keep-all')).toBe(tagged);
  });

  it('refuses a stream it cannot walk: truncated, a length past the end, no EOI', () => {
    const whole = jpeg(DQT, SOF_420);
    expect(stripForPassOn(whole.subarray(0, whole.length - 2), 'jpeg', 'strip')).toBeNull();
    expect(stripForPassOn(concatBytes([SOI, Uint8Array.of(0xff, 0xdb, 0x10, 0)]), 'jpeg', 'strip')).toBeNull();
    expect(stripForPassOn(concatBytes([SOI, Uint8Array.of(0x00, 0x01)]), 'jpeg', 'strip')).toBeNull();
  });

  it('reads the chroma sampling from the frame header', () => {
    expect(jpegIsSubsampled(jpeg(DQT, SOF_420))).toBe(true);
    expect(jpegIsSubsampled(jpeg(DQT, SOF_444))).toBe(false);
    expect(jpegIsSubsampled(jpeg(DQT))).toBe(false);
  });
});

describe('the strip policy: PNG', () => {
  const sig = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  const ihdr = pngChunk('IHDR', concatBytes([u32(1), u32(1), Uint8Array.of(8, 2, 0, 0, 0)]));
  const idat = pngChunk('IDAT', Uint8Array.of(1, 2, 3));
  const iend = pngChunk('IEND', new Uint8Array(0));
  const kept = ['PLTE', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'cICP', 'sBIT', 'pHYs', 'acTL', 'fcTL', 'fdAT'].map((t) => pngChunk(t, Uint8Array.of(1)));
  const dropped = ['tEXt', 'zTXt', 'iTXt', 'tIME', 'eXIf', 'prVt', 'bKGD', 'hIST', 'sPLT'].map((t) => pngChunk(t, latin1('secret')));

  it('keeps only the picture’s chunks (an allow-list), in order', () => {
    const input = concatBytes([sig, ihdr, ...dropped.slice(0, 4), ...kept, ...dropped.slice(4), idat, iend]);
    expect(hex(stripPng(input))).toBe(hex(concatBytes([sig, ihdr, ...kept, idat, iend])));
  });

  it('writes the orientation as an eXIf chunk after IHDR, and mends a kept chunk’s wrong CRC', () => {
    const exif = pngChunk('eXIf', littleExif(6));
    const damaged = Uint8Array.from(pngChunk('gAMA', Uint8Array.of(0, 0, 0xb1, 0x8f)));
    damaged[damaged.length - 1]! ^= 0xff;
    const input = concatBytes([sig, ihdr, exif, damaged, idat, iend]);
    const out = stripForPassOn(input, 'png', 'strip');
    expect(hex(out)).toBe(hex(concatBytes([sig, ihdr, pngChunk('eXIf', minimalExif(6)), pngChunk('gAMA', Uint8Array.of(0, 0, 0xb1, 0x8f)), idat, iend])));
  });

  it('refuses a stream without IEND or with a chunk past the end', () => {
    expect(stripPng(concatBytes([sig, ihdr, idat]))).toBeNull();
    expect(stripPng(concatBytes([sig, ihdr, idat.subarray(0, 10)]))).toBeNull();
  });

  it('makes CRCs as zlib does', () => {
    expect(crc32(latin1('IEND'))).toBe(0xae426082);
    expect(crc32(latin1('123456789'))).toBe(0xcbf43926);
  });
});

describe('the strip policy: WebP, AVIF and JPEG XL', () => {
  const vp8l = riffChunk('VP8L', Uint8Array.of(0x2f, 7, 0xc0, 0x01, 0x10, 9, 9));
  const icc = riffChunk('ICCP', latin1('profile'));

  it('passes a WebP without EXIF or XMP as it is, and rebuilds one with them from its picture and profile', () => {
    const clean = riffWebp([vp8l]);
    expect(stripForPassOn(clean, 'webp', 'strip')).toBe(clean);
    const vp8x = riffChunk('VP8X', Uint8Array.of(0x2c, 0, 0, 0, 7, 0, 0, 7, 0, 0));
    const tagged = riffWebp([vp8x, icc, vp8l, riffChunk('EXIF', littleExif(6)), riffChunk('XMP ', latin1('<x/>'))]);
    const out = stripForPassOn(tagged, 'webp', 'strip')!;
    expect(walkWebp(out)!.map((c) => c.type)).toEqual(['VP8X', 'ICCP', 'VP8L', 'EXIF']);
    expect(hex(walkWebp(out)![3]!.data)).toBe(hex(minimalExif(6)));
    expect(uploadOrientation(tagged, 'webp')).toBe(6);
  });

  const ftyp = box('ftyp', latin1('avif'), u32(0), latin1('mif1'));
  const infe = (id: number, type: string, extra = new Uint8Array(0)) => box('infe', Uint8Array.of(2, 0, 0, 0, 0, id, 0, 0), latin1(type), latin1('\0'), extra);
  const heif = (...items: Uint8Array[]) => concatBytes([ftyp, box('meta', new Uint8Array(4), box('hdlr', new Uint8Array(24)), box('iinf', new Uint8Array(4), Uint8Array.of(0, items.length), ...items))]);

  it('walks an AVIF’s items for EXIF and XMP (no text search)', () => {
    expect(heifCarriesMetadata(heif(infe(1, 'av01')))).toBe(false);
    expect(heifCarriesMetadata(heif(infe(1, 'av01'), infe(2, 'Exif')))).toBe(true);
    expect(heifCarriesMetadata(heif(infe(1, 'av01'), infe(2, 'mime', latin1('application/rdf+xml\0'))))).toBe(true);
    expect(heifCarriesMetadata(heif(infe(1, 'av01'), infe(2, 'mime', latin1('text/plain\0'))))).toBe(false);
    // The word in an item's name is not an item of that type.
    expect(heifCarriesMetadata(heif(infe(1, 'av01', latin1('Exif mime'))))).toBe(false);
    expect(heifCarriesMetadata(heif(infe(1, 'av01')).subarray(0, 40))).toBeNull();
  });

  it('passes a clean AVIF on, and one with metadata only through the engine’s item rewriter', () => {
    const clean = heif(infe(1, 'av01'));
    expect(stripForPassOn(clean, 'avif', 'strip')).toBe(clean);
    const tagged = heif(infe(1, 'av01'), infe(2, 'Exif'));
    expect(stripForPassOn(tagged, 'avif', 'strip')).toBeNull();
    expect(stripForPassOn(tagged, 'avif', 'strip', { heifWithoutMetadata: () => clean })).toBe(clean);
  });

  it('passes a JPEG XL codestream on, and a container without its metadata boxes (decision 0514)', () => {
    const codestream = Uint8Array.of(0xff, 0x0a, 1, 2);
    expect(stripForPassOn(codestream, 'jxl', 'strip')).toBe(codestream);
    const signature = Uint8Array.of(0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a);
    const container = concatBytes([signature, box('ftyp', latin1('jxl '), u32(0)), box('jxlc', Uint8Array.of(0xff, 0x0a))]);
    expect(stripForPassOn(container, 'jxl', 'strip')).toBe(container);
    // EXIF, XMP and JUMBF boxes, plain or Brotli-compressed, are left out; the codestream's boxes stay as they were.
    for (const type of ['Exif', 'xml ', 'jumb']) {
      expect(stripForPassOn(concatBytes([container, box(type, latin1('x'))]), 'jxl', 'strip')).toEqual(container);
      expect(stripForPassOn(concatBytes([container, box('brob', latin1(`${type}x`))]), 'jxl', 'strip')).toEqual(container);
    }
    const other = concatBytes([container, box('brob', latin1('abcdx'))]);
    expect(stripForPassOn(other, 'jxl', 'strip')).toBe(other);
    // A box running past the end: the boxes cannot be walked, so nothing is passed on.
    expect(stripForPassOn(concatBytes([container, Uint8Array.of(0, 0, 0, 0x40), latin1('Exif')]), 'jxl', 'strip')).toBeNull();
    expect(stripForPassOn(concatBytes([container, box('Exif', latin1('x'))]), 'jxl', 'keep-all')).not.toEqual(container);
  });
});

describe('the orientation block', () => {
  it('is 26 bytes of big-endian TIFF, read back by the one reader', () => {
    expect(hex(minimalExif(6))).toBe('4d4d002a00000008000101120003000000010006000000000000');
    for (const o of [1, 3, 6, 8]) expect(exifOrientation(minimalExif(o))).toBe(o);
    expect(exifOrientation(littleExif(5))).toBe(5);
    expect(exifOrientation(littleExif(9))).toBe(1);
    expect(exifOrientation(littleExif(0))).toBe(1);
    expect(exifOrientation(latin1('XX\0*\0\0\0\x08'))).toBe(1);
    expect(exifOrientation(minimalExif(6).subarray(0, 20))).toBe(1);
  });
});
