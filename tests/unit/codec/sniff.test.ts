import { describe, expect, it } from 'vitest';
import { sniffImageFormat, SNIFF_BYTES } from '#server/codec/index';
import { readCorpus } from './corpus';

const bytes = (...values: number[]) => Uint8Array.from(values);

/** An ISO-BMFF file start: an ftyp box with a major brand and compatible brands. */
function ftyp(major: string, compatible: string[]): Uint8Array {
  const size = 16 + 4 * compatible.length;
  const box = new Uint8Array(size + 8);
  new DataView(box.buffer).setUint32(0, size);
  box.set(new TextEncoder().encode(`ftyp${major}\0\0\0\0${compatible.join('')}`), 4);
  return box;
}

describe('sniffImageFormat', () => {
  it('recognises the PNG signature', () => {
    expect(sniffImageFormat(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('png');
  });

  it('recognises a JPEG start of image followed by a marker', () => {
    expect(sniffImageFormat(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffImageFormat(bytes(0xff, 0xd8, 0xff))).toBe('jpeg');
  });

  it('needs at most SNIFF_BYTES bytes', () => {
    expect(SNIFF_BYTES).toBe(32);
    expect(sniffImageFormat(readCorpus('png/squoosh-logo-palette.png').subarray(0, SNIFF_BYTES))).toBe('png');
    expect(sniffImageFormat(readCorpus('photos/turbo-testorig.jpg').subarray(0, SNIFF_BYTES))).toBe('jpeg');
  });

  it('recognises WebP by its RIFF header', () => {
    expect(sniffImageFormat(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
  });

  it('recognises AVIF by an avif or avis brand, major or compatible', () => {
    expect(sniffImageFormat(ftyp('avif', ['mif1', 'miaf']))).toBe('avif');
    expect(sniffImageFormat(ftyp('avis', ['msf1']))).toBe('avif');
    expect(sniffImageFormat(ftyp('mif1', ['mif1', 'miaf', 'avif']))).toBe('avif');
  });

  it.each([
    ['empty', bytes()],
    ['a partial PNG signature', bytes(0x89, 0x50, 0x4e, 0x47)],
    ['a PNG signature with text-mode damage', bytes(0x89, 0x50, 0x4e, 0x47, 0x0a, 0x1a, 0x0a, 0x00)],
    ['JPEG SOI without a marker after it', bytes(0xff, 0xd8, 0x07, 0xff)],
    ['GIF', new TextEncoder().encode('GIF89a')],
    ['HEIC (HEVC in the same container as AVIF)', ftyp('heic', ['mif1', 'heic'])],
    ['HEIF with only the generic brands', ftyp('mif1', ['mif1', 'miaf'])],
    ['an ftyp box too short to hold a brand list', Uint8Array.from([0, 0, 0, 8, 0x66, 0x74, 0x79, 0x70, 0x61, 0x76, 0x69, 0x66])],
    ['RIFF that is not WebP (WAV)', new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt ')],
    ['SVG', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['plain text', new TextEncoder().encode('This is a plain text file')],
  ])('rejects %s', (_name, head) => {
    expect(sniffImageFormat(head)).toBeNull();
  });

  it('decides by bytes, whatever the file is called', () => {
    expect(sniffImageFormat(readCorpus('bad/gen-text-renamed.jpg'))).toBeNull();
    // A .png name on JPEG bytes, and the other way round, are judged by content.
    expect(sniffImageFormat(readCorpus('photos/kodim01.png'))).toBe('png');
    expect(sniffImageFormat(readCorpus('photos/lepton-iphone.jpg'))).toBe('jpeg');
  });
});
