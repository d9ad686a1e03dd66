// Both engines pass an upload on by the one strip policy (src/codec-core/container/strip.ts): the same uploads
// (real files from the corpus, and WebP and AVIF made from them) handed to the sharp engine's passOn and to the
// browser engine's passOn come back as the same bytes. docs/decisions/0570-one-core-decides-every-byte.md.
import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { concatBytes, heifCarriesMetadata, jpegSegment, pngChunk, type CodecSettings, type ImageFormat } from '#codec-core/index';
import { DEFAULT_COMPRESS_SETTINGS } from '#contract/settings-schema';
import { browserEngine, type BrowserImage } from '#client/private/browser-engine.ts';
import { sharpEngine } from '#server/codec/engine/sharp-engine';
import { openImage } from '#server/codec/engine/open';
import { corpusPath } from '../../support/paths';

const read = (...parts: string[]) => new Uint8Array(fs.readFileSync(corpusPath(...parts)));
const SETTINGS: CodecSettings = { ...DEFAULT_COMPRESS_SETTINGS, format: 'original', metadata: 'strip' };
const LIMITS = { maxPixels: 100_000_000, timeoutSeconds: 60 };

async function serverPassOn(upload: Uint8Array): Promise<Uint8Array | null> {
  const image = await openImage(upload, SETTINGS, LIMITS);
  try {
    return sharpEngine.passOn(image);
  } finally {
    sharpEngine.close(image);
  }
}

/** The browser engine's passOn reads only the upload and its format (decoding needs a browser, passing on does not). */
function browserPassOn(upload: Uint8Array, format: ImageFormat): Uint8Array | null {
  const image = { input: upload, format, settings: SETTINGS } as BrowserImage;
  return browserEngine.passOn(image);
}

const text = (bytes: Uint8Array | null) => Buffer.from(bytes ?? []).toString('latin1');

/** A JPEG with what a phone or an editor adds: an MPF APP2 (a second picture's index), an APP11 (JUMBF), a comment, and a trailer after EOI (a motion photo's video). */
function withExtras(jpeg: Uint8Array): Uint8Array {
  const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
  return concatBytes([
    jpeg.subarray(0, 2),
    jpegSegment(0xe2, latin1('MPF\0secret-mpf-index')),
    jpegSegment(0xeb, latin1('JP\0\0secret-jumbf')),
    jpegSegment(0xfe, latin1('secret-comment')),
    jpeg.subarray(2),
    latin1('ftypmp42 secret-motion-photo-video'),
  ]);
}

function withPngText(png: Uint8Array): Uint8Array {
  const afterIhdr = 8 + 25;
  const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
  return concatBytes([png.subarray(0, afterIhdr), pngChunk('tEXt', latin1('Author\0secret-author')), pngChunk('tIME', Uint8Array.of(7, 234, 1, 1, 0, 0, 0)), png.subarray(afterIhdr)]);
}

const EXIF = { IFD0: { Copyright: 'secret-owner', Make: 'PrivateCam' } };

async function uploads(): Promise<[string, Uint8Array, ImageFormat][]> {
  const kodim = read('photos', 'kodim23.png');
  const webp = new Uint8Array(await sharp(kodim).resize(96).webp().toBuffer());
  const avif = new Uint8Array(await sharp(kodim).resize(96).avif().toBuffer());
  return [
    ['a camera JPEG rotated by EXIF', read('photos', 'exif-orient6-landscape.jpg'), 'jpeg'],
    ['a phone JPEG with GPS', read('photos', 'lepton-iphone.jpg'), 'jpeg'],
    ['a JPEG with an ICC profile', read('photos', 'sharp-concert-grey-icc.jpg'), 'jpeg'],
    ['a JPEG with MPF, APP11, a comment and a trailer', withExtras(read('photos', 'turbo-testorig.jpg')), 'jpeg'],
    ['a PNG with tEXt chunks (PngSuite)', read('png', 'pngsuite', 'ct1n0g04.png'), 'png'],
    ['a PNG with zTXt chunks (PngSuite)', read('png', 'pngsuite', 'ctzn0g04.png'), 'png'],
    ['a PNG with iTXt chunks (PngSuite)', read('png', 'pngsuite', 'ctjn0g04.png'), 'png'],
    ['a PNG with an eXIf chunk (PngSuite)', read('png', 'pngsuite', 'exif2c08.png'), 'png'],
    ['a PNG with text and time added', withPngText(read('png', 'sharp-flag-netherlands-palette.png')), 'png'],
    ['a WebP without metadata', webp, 'webp'],
    ['a WebP with EXIF', new Uint8Array(await sharp(webp).withExif(EXIF).webp().toBuffer()), 'webp'],
    ['a WebP with EXIF, orientation and a profile', new Uint8Array(await sharp(webp).withMetadata({ orientation: 6 }).withIccProfile('p3').withExifMerge(EXIF).webp().toBuffer()), 'webp'],
    ['an AVIF without metadata', avif, 'avif'],
  ];
}

describe('the two engines pass an upload on as the same bytes', () => {
  it('for JPEG, PNG, WebP and AVIF uploads, with what was private gone', async () => {
    const cases = await uploads();
    for (const [name, upload, format] of cases) {
      const server = await serverPassOn(upload);
      const browser = browserPassOn(upload, format);
      expect(server, name).not.toBeNull();
      expect(Buffer.from(browser!).equals(Buffer.from(server!)), name).toBe(true);
      for (const secret of ['secret', 'PrivateCam', 'GPS']) expect(text(server), `${name}: ${secret}`).not.toContain(secret);
    }
  });

  it('keeps a rotated JPEG upright with the one orientation block, in both', async () => {
    const upload = read('photos', 'exif-orient6-landscape.jpg');
    const server = await serverPassOn(upload);
    expect((await sharp(server!).metadata()).orientation).toBe(6);
    expect(Buffer.from(browserPassOn(upload, 'jpeg')!).equals(Buffer.from(server!))).toBe(true);
  });

  it('an AVIF with EXIF: the server rewrites its items, the browser (no item rewriter) does not pass it on', async () => {
    const kodim = read('photos', 'kodim23.png');
    const upload = new Uint8Array(await sharp(kodim).resize(96).avif().withExif(EXIF).toBuffer());
    expect(heifCarriesMetadata(upload)).toBe(true);
    const server = await serverPassOn(upload);
    expect(heifCarriesMetadata(server!)).toBe(false);
    expect(text(server)).not.toContain('secret-owner');
    expect(browserPassOn(upload, 'avif')).toBeNull();
  });
});
