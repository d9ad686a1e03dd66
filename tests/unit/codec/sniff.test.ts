import { describe, expect, it } from 'vitest';
import { sniffImageFormat, SNIFF_BYTES } from '../../../src/server/codec';
import { readCorpus } from './corpus';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('sniffImageFormat', () => {
  it('recognises the PNG signature', () => {
    expect(sniffImageFormat(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('png');
  });

  it('recognises a JPEG start of image followed by a marker', () => {
    expect(sniffImageFormat(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffImageFormat(bytes(0xff, 0xd8, 0xff))).toBe('jpeg');
  });

  it('needs at most SNIFF_BYTES bytes', () => {
    expect(SNIFF_BYTES).toBe(8);
    expect(sniffImageFormat(readCorpus('png/squoosh-logo-palette.png').subarray(0, SNIFF_BYTES))).toBe('png');
    expect(sniffImageFormat(readCorpus('photos/turbo-testorig.jpg').subarray(0, SNIFF_BYTES))).toBe('jpeg');
  });

  it.each([
    ['empty', bytes()],
    ['a partial PNG signature', bytes(0x89, 0x50, 0x4e, 0x47)],
    ['a PNG signature with text-mode damage', bytes(0x89, 0x50, 0x4e, 0x47, 0x0a, 0x1a, 0x0a, 0x00)],
    ['JPEG SOI without a marker after it', bytes(0xff, 0xd8, 0x07, 0xff)],
    ['GIF', new TextEncoder().encode('GIF89a')],
    ['WebP', new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ')],
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
