// Tinify-compatible transformations (tinify/transform-plan.ts: compressions with Tinify's settings) in-process, on
// small synthetic images: the exact size each resize method gives, which format of a convert list wins, the
// EXIF/text each preserve field keeps (and that nothing else survives), flattening onto the background for formats
// without alpha, and the errors it throws. The API test (tests/api/tinify.test.ts) covers the same through the
// official client, in another process the mutation tester cannot see.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { preservedExif } from '#server/codec/metadata/exif-preserve';
import { withPngText } from '#server/codec/metadata/png-text';
import { CORRUPT_MESSAGE } from '#server/codec/errors';
import { CodecError, type ImageFormat } from '#server/codec/types';
import { compress } from '#server/codec/index';
import { transformImage, type TransformRequest } from './transform';
import { GPS_IFD_TAG, ifd0Tags } from '../../support/exif-tags';
import { readCorpus } from './corpus';

const ALL_FIELDS = ['copyright', 'creation', 'location'] as const;
const TAG_MAKE = 0x010f;
const TAG_MODEL = 0x0110;
const TAG_COPYRIGHT = 0x8298;

/** A transform with no resize, no conversion beyond `formats` and nothing preserved unless given. */
const transform = (input: Buffer, request: Partial<TransformRequest> = {}) =>
  transformImage(input, { formats: ['png'], preserve: [], quality: 75, ...request }, 600);

/** A smooth 300×200 gradient: every pixel differs, so resampling and cropping show. */
async function gradientPng(width = 300, height = 200): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = Math.floor((x * 255) / width);
      raw[i + 1] = Math.floor((y * 255) / height);
      raw[i + 2] = 128;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** 96×64 of deterministic noise over a gradient: photo-like, so the lossy formats beat PNG. */
async function noisyPng(): Promise<Buffer> {
  const width = 96;
  const height = 64;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = ((i % 3) * 60 + (Math.floor(i / 3) % width) * 2 + ((seed >> 16) % 40)) & 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

const flatPng = () => sharp({ create: { width: 96, height: 64, channels: 3, background: '#3366cc' } }).png().toBuffer();

/** The decoded size of an encoded image, read back by sharp rather than taken from the result. */
async function decodedSize(data: Buffer): Promise<[number, number]> {
  const meta = await sharp(data).metadata();
  return [meta.width!, meta.height!];
}

/** One pixel's channels, read back with sharp. */
async function pixel(data: Buffer, x: number, y: number): Promise<number[]> {
  const { data: raw, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...raw.subarray(at, at + info.channels)];
}

const KEPT_IFD0 = { Copyright: '(c) Jane Doe' };
const KEPT_IFD2 = { DateTimeOriginal: '2021:06:07 08:09:10' };
const KEPT_IFD3 = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '51/1 30/1 1234/100',
  GPSLongitudeRef: 'E',
  GPSLongitude: '4/1 20/1 0/1',
  GPSAltitudeRef: '0',
  GPSAltitude: '1500/10',
};
/** The kept fields beside private ones that preserve must never carry. */
const EXIF = {
  IFD0: { ...KEPT_IFD0, Make: 'SecretCam', Model: 'SecretModel' },
  IFD2: { ...KEPT_IFD2, LensModel: 'SecretLens' },
  IFD3: { ...KEPT_IFD3, GPSMapDatum: 'SECRET-DATUM' },
};

/**
 * A 200×100 JPEG carrying copyright, creation date, location and private camera fields. 4:2:0 input streams
 * straight into the JPEG encoder (sharp writes the EXIF, which is then replaced); 4:4:4 goes through raw pixels
 * (the EXIF is spliced in afterwards): both paths must give the same metadata.
 */
const taggedJpeg = (chromaSubsampling: '4:2:0' | '4:4:4' = '4:2:0') =>
  sharp({ create: { width: 200, height: 100, channels: 3, background: '#3366cc' } })
    .withExif(EXIF)
    .jpeg({ quality: 90, chromaSubsampling })
    .toBuffer();

const exifSegments = (data: Buffer) => data.toString('latin1').split('Exif\0\0').length - 1;

describe('transformImage: resize', () => {
  it.each([
    ['fit', 150, 150, [150, 100]],
    ['fit', 100, 200, [100, 67]],
    ['fit', 600, 600, [300, 200]], // never enlarged
    ['scale', 100, undefined, [100, 67]], // 66.67 rounds to 67
    ['scale', undefined, 50, [75, 50]],
    ['scale', 900, undefined, [300, 200]], // never enlarged
    ['cover', 50, 120, [50, 120]],
    ['cover', 100, 100, [100, 100]],
    ['thumb', 100, 100, [100, 100]],
    ['thumb', 60, 150, [60, 150]],
  ] as const)('%s %sx%s of a 300×200 image gives %j', async (method, width, height, expected) => {
    const result = await transform(await gradientPng(), { resize: { method, width, height }, formats: ['png'] });
    expect([result.width, result.height]).toEqual(expected);
    expect(await decodedSize(result.data)).toEqual(expected);
  });

  it('resizes a PNG to PNG from the decoded pixels, not by optimising the uploaded file as it is', async () => {
    const input = await gradientPng();
    const result = await transform(input, { resize: { method: 'fit', width: 30, height: 30 }, formats: ['png'] });
    expect(await decodedSize(result.data)).toEqual([30, 20]);
    expect(result.data.length).toBeLessThan(input.length);
  });

  it('applies the EXIF orientation before resizing: a sideways photo fits as it is shown', async () => {
    // Stored 200×100, orientation 6: shown 100×200, so a 100×100 box gives 50×100.
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#3366cc' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const result = await transform(sideways, { resize: { method: 'fit', width: 100, height: 100 }, formats: ['jpeg'], preserve: ['copyright'] });
    expect([result.width, result.height]).toEqual([50, 100]);
    const meta = await sharp(result.data).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([50, 100, 1]);
  });

  it('cover crops around the interesting part, keeping its shape (not the centre, not squashed)', async () => {
    // A grey 300×100 with a 40×40 red square at x 240-279: a centre crop has no red, a squash has a 13×40 one.
    const width = 300;
    const height = 100;
    const raw = Buffer.alloc(width * height * 3, 128);
    for (let y = 30; y < 70; y++) for (let x = 240; x < 280; x++) raw.set([255, 0, 0], (y * width + x) * 3);
    const input = await sharp(raw, { raw: { width, height, channels: 3 } }).png().toBuffer();
    const result = await transform(input, { resize: { method: 'cover', width: 100, height: 100 }, formats: ['png'] });
    const { data, info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([100, 100]);
    let red = 0;
    for (let p = 0; p < info.width * info.height; p++) {
      const at = p * info.channels;
      if (data[at]! > 200 && data[at + 1]! < 60 && data[at + 2]! < 60) red++;
    }
    expect(red).toBe(40 * 40);
  });

  it('thumb keeps the whole image inside the box and pads it with transparency where the format has alpha', async () => {
    const input = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#3366cc' } }).png().toBuffer();
    for (const format of ['png', 'webp'] as const) {
      const result = await transform(input, { resize: { method: 'thumb', width: 100, height: 100 }, formats: [format] });
      expect(await decodedSize(result.data)).toEqual([100, 100]);
      // 200×100 scaled into 100×100 is 100×50, centred: rows 0-24 and 75-99 are padding.
      expect((await pixel(result.data, 50, 5))[3]).toBe(0);
      expect((await pixel(result.data, 50, 95))[3]).toBe(0);
      const inside = await pixel(result.data, 50, 50);
      expect(inside[3]).toBe(255);
      expect(inside[2]).toBeGreaterThan(150); // the image's blue, not padding
    }
  });

  // sharp flattens before it resizes, so transparent margins in a format without alpha came out black.
  it('thumb padding in a JPEG is the requested background, as every transparent area is', async () => {
    const input = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const result = await transform(input, { resize: { method: 'thumb', width: 100, height: 100 }, formats: ['jpeg'], background: '#ff0000' });
    const padding = await pixel(result.data, 50, 5);
    expect(padding[0]).toBeGreaterThan(240);
    expect(padding[1]).toBeLessThan(15);
  });
});

describe('transformImage: convert', () => {
  /** Each format encoded on its own, as transformImage would with a one-format list. */
  async function singly(input: Buffer, formats: ImageFormat[]): Promise<Map<ImageFormat, Buffer>> {
    const out = new Map<ImageFormat, Buffer>();
    for (const format of formats) out.set(format, (await transform(input, { formats: [format] })).data);
    return out;
  }

  it('encodes a single format as that format', async () => {
    const input = await flatPng();
    for (const format of ['png', 'jpeg', 'webp', 'avif'] as const) {
      const result = await transform(input, { formats: [format] });
      expect(result.format).toBe(format);
      expect((await sharp(result.data).metadata()).format).toBe(format === 'avif' ? 'heif' : format);
      expect([result.width, result.height]).toEqual([96, 64]);
    }
  });

  it.each([
    ['a photo-like image, smallest last', 'noisy', ['png', 'jpeg', 'webp', 'avif']],
    ['a photo-like image, smallest first', 'noisy', ['avif', 'png', 'jpeg']],
    ['a photo-like image, PNG or JPEG', 'noisy', ['png', 'jpeg']],
    ['a flat image, PNG or JPEG', 'flat', ['jpeg', 'png']],
    ['a flat image, PNG or JPEG reversed', 'flat', ['png', 'jpeg']],
  ] as const)('returns the smallest of the list: %s', async (_, kind, list) => {
    const input = kind === 'noisy' ? await noisyPng() : await flatPng();
    const each = await singly(input, [...list]);
    const sizes = [...each.values()].map((b) => b.length);
    const result = await transform(input, { formats: [...list] });
    expect(result.data.length).toBe(Math.min(...sizes));
    expect(Math.max(...sizes)).toBeGreaterThan(result.data.length); // the list was a real choice
    expect(result.data.equals(each.get(result.format as ImageFormat)!)).toBe(true);
    expect((await sharp(result.data).metadata()).format).toBe(result.format === 'avif' ? 'heif' : result.format);
  });

  it('picks different winners for different images: PNG for a flat one, JPEG for a photo-like one', async () => {
    expect((await transform(await flatPng(), { formats: ['jpeg', 'png'] })).format).toBe('png');
    expect((await transform(await noisyPng(), { formats: ['png', 'jpeg'] })).format).toBe('jpeg');
  });

});

describe('transformImage: transparency', () => {
  /** 64×32: the left half opaque blue, the right half fully transparent. */
  async function halfTransparent(): Promise<Buffer> {
    const raw = Buffer.alloc(64 * 32 * 4);
    for (let p = 0; p < 64 * 32; p++) if (p % 64 < 32) raw.set([0, 0, 255, 255], p * 4);
    return sharp(raw, { raw: { width: 64, height: 32, channels: 4 } }).png().toBuffer();
  }

  it('flattens a transparent image converted to JPEG onto the given background', async () => {
    const result = await transform(await halfTransparent(), { formats: ['jpeg'], background: '#ff0000' });
    const [r, g, b] = await pixel(result.data, 56, 16);
    expect(r).toBeGreaterThan(240);
    expect(g).toBeLessThan(15);
    expect(b).toBeLessThan(15);
    const [r2, g2, b2] = await pixel(result.data, 8, 16);
    expect([r2! < 15, g2! < 15, b2! > 240]).toEqual([true, true, true]);
  });

  it('flattens onto white when no background is given', async () => {
    const result = await transform(await halfTransparent(), { formats: ['jpeg'] });
    const [r, g, b] = await pixel(result.data, 56, 16);
    expect(Math.min(r!, g!, b!)).toBeGreaterThan(245);
  });

  it('keeps the transparency in formats with alpha, whatever the background', async () => {
    for (const format of ['png', 'webp'] as const) {
      const result = await transform(await halfTransparent(), { formats: [format], background: '#ff0000' });
      expect((await pixel(result.data, 56, 16))[3]).toBe(0);
      expect((await pixel(result.data, 8, 16))[3]).toBe(255);
    }
  });
});

describe('transformImage: preserve', () => {
  it('keeps no metadata at all unless asked', async () => {
    for (const format of ['jpeg', 'webp', 'png'] as const) {
      const meta = await sharp((await transform(await taggedJpeg(), { formats: [format] })).data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.comments ?? []).toEqual([]);
    }
  });

  it.each(['4:2:0', '4:4:4'] as const)('keeps exactly the asked EXIF fields in JPEG (%s input), in one EXIF segment', async (subsampling) => {
    const input = await taggedJpeg(subsampling);
    const cases = [
      [['copyright'], { IFD0: KEPT_IFD0 }],
      [['creation'], { IFD2: KEPT_IFD2 }],
      [['location'], { IFD3: KEPT_IFD3 }],
      [['copyright', 'creation', 'location'], { IFD0: KEPT_IFD0, IFD2: KEPT_IFD2, IFD3: KEPT_IFD3 }],
    ] as const;
    for (const [preserve, expected] of cases) {
      const result = await transform(input, { formats: ['jpeg'], preserve: [...preserve] });
      const exif = (await sharp(result.data).metadata()).exif!;
      expect(preservedExif(exif, ALL_FIELDS)).toEqual(expected);
      const tags = ifd0Tags(exif);
      expect(tags.has(TAG_COPYRIGHT)).toBe(preserve.includes('copyright' as never));
      expect(tags.has(GPS_IFD_TAG)).toBe(preserve.includes('location' as never));
      expect(tags.has(TAG_MAKE) || tags.has(TAG_MODEL)).toBe(false);
      expect(result.data.toString('latin1')).not.toMatch(/Secret|SECRET/);
      expect(exifSegments(result.data)).toBe(1);
      // Still a whole JPEG after the splice.
      expect((await sharp(result.data).raw().toBuffer()).length).toBe(200 * 100 * 3);
    }
  });

  it('keeps the asked EXIF fields in WebP too', async () => {
    const result = await transform(await taggedJpeg(), { formats: ['webp'], preserve: ['creation', 'location'] });
    const exif = (await sharp(result.data).metadata()).exif!;
    expect(preservedExif(exif, ALL_FIELDS)).toEqual({ IFD2: KEPT_IFD2, IFD3: KEPT_IFD3 });
    expect(ifd0Tags(exif).has(TAG_MAKE)).toBe(false);
    expect(result.data.toString('latin1')).not.toMatch(/Secret|SECRET/);
  });

  it('keeps only the copyright in PNG, as a text chunk (creation and location are not kept in PNG)', async () => {
    const all = await sharp((await transform(await taggedJpeg(), { formats: ['png'], preserve: [...ALL_FIELDS] })).data).metadata();
    expect(all.comments).toEqual([{ keyword: 'Copyright', text: '(c) Jane Doe' }]);
    expect(all.exif).toBeUndefined();
    const some = await sharp((await transform(await taggedJpeg(), { formats: ['png'], preserve: ['creation', 'location'] })).data).metadata();
    expect(some.comments ?? []).toEqual([]);
    expect(some.exif).toBeUndefined();
  });

  it("carries a PNG's copyright text chunk to JPEG, WebP and PNG output, only when copyright is asked", async () => {
    const input = withPngText(await flatPng(), 'Copyright', 'ACME Images 2026');
    const jpeg = await transform(input, { formats: ['jpeg'], preserve: ['copyright'] });
    expect(preservedExif((await sharp(jpeg.data).metadata()).exif, ALL_FIELDS)).toEqual({ IFD0: { Copyright: 'ACME Images 2026' } });
    const webp = await transform(input, { formats: ['webp'], preserve: ['copyright'] });
    expect(preservedExif((await sharp(webp.data).metadata()).exif, ALL_FIELDS)).toEqual({ IFD0: { Copyright: 'ACME Images 2026' } });
    const png = await transform(input, { formats: ['png'], preserve: ['copyright'] });
    expect((await sharp(png.data).metadata()).comments).toEqual([{ keyword: 'Copyright', text: 'ACME Images 2026' }]);

    for (const format of ['jpeg', 'png'] as const) {
      const meta = await sharp((await transform(input, { formats: [format], preserve: ['creation', 'location'] })).data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.comments ?? []).toEqual([]);
    }
  });

  it("prefers the EXIF copyright over a PNG's text chunk when both are there", async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366cc' } })
      .withExif({ IFD0: { Copyright: 'From EXIF' } })
      .png()
      .toBuffer();
    const input = withPngText(png, 'Copyright', 'From text');
    const result = await transform(input, { formats: ['png'], preserve: ['copyright'] });
    expect((await sharp(result.data).metadata()).comments).toEqual([{ keyword: 'Copyright', text: 'From EXIF' }]);
  });

  it("keeps a real photo's copyright and nothing else", async () => {
    // sharp's concert.jpg: big-endian EXIF with a Copyright in IFD0.
    const result = await transform(readCorpus('photos/sharp-concert-grey-icc.jpg'), {
      formats: ['jpeg'],
      preserve: [...ALL_FIELDS],
      resize: { method: 'scale', width: 100 },
    });
    expect([result.width, result.height]).toEqual([100, 67]);
    const exif = (await sharp(result.data).metadata()).exif!;
    expect(preservedExif(exif, ALL_FIELDS)).toEqual({ IFD0: { Copyright: 'Marsel Minga' } });
    expect(ifd0Tags(exif).has(TAG_MAKE)).toBe(false);
  });
});

describe('transformImage: errors', () => {
  it('refuses bytes that are no image format it reads, before decoding', async () => {
    await expect(transform(Buffer.from('definitely not an image, just text'))).rejects.toMatchObject({ name: 'CodecError', kind: 'unsupported-format' });
    await expect(transform(Buffer.alloc(0))).rejects.toMatchObject({ name: 'CodecError' });
  });

  it('reports an image that cannot be decoded as corrupt, in words users can read', async () => {
    for (const file of ['bad/gen-html-with-png-header.png', 'bad/sharp-truncated.png', 'bad/lepton-nofsync.jpg']) {
      const error = await transform(readCorpus(file), { formats: ['jpeg'] }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CodecError);
      expect(error).toMatchObject({ kind: 'corrupt', message: CORRUPT_MESSAGE });
    }
  });

  it('refuses an image over the pixel limit as a CodecError, without decoding it', async () => {
    // 65536×65536 declared in 0.5 MB. The limit is enforced at upload; a transform opens the original as every
    // compression does (the one pipeline), so it names the limit rather than calling the file damaged.
    const error = await transform(readCorpus('bad/sharp-bomb-65536x65536.png')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodecError);
    expect(error).toMatchObject({ kind: 'too-many-pixels', message: 'The image is 65536×65536 pixels (4295 megapixels); the limit is 100 megapixels' });
  });

  it('refuses a cover or thumb box above the pixel limit before decoding (it would enlarge without bound)', async () => {
    for (const method of ['cover', 'thumb'] as const) {
      const error = await transform(await flatPng(), { resize: { method, width: 16_384, height: 16_384 } }).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'too-many-pixels', message: 'The image is 16384×16384 pixels (268.4 megapixels); the limit is 100 megapixels' });
    }
  });

  it('gives the bytes a job with the same settings gives: one pipeline', async () => {
    const input = readCorpus('photos/exif-orient6-landscape.jpg');
    // Tinify's fit within 300×300 and convert to WebP or JPEG is a job with maxWidth/maxHeight 300 and Auto over those two.
    const transformed = await transformImage(input, { resize: { method: 'fit', width: 300, height: 300 }, formats: ['webp', 'jpeg'], preserve: [], quality: 70 });
    const job = await compress(input, { quality: 70, format: 'auto', formats: ['webp', 'jpeg'], maxWidth: 300, maxHeight: 300 });
    expect(transformed.data.equals(job.data)).toBe(true);
    expect([transformed.format, transformed.width, transformed.height]).toEqual([job.output.format, job.output.width, job.output.height]);
    // A single format converts as that fixed format does.
    const single = await transformImage(input, { formats: ['avif'], preserve: [], quality: 55 });
    expect(single.data.equals((await compress(input, { quality: 55, format: 'avif' })).data)).toBe(true);
  });

  it('stops at the time limit with a timeout error naming it', async () => {
    const error = await transformImage(await gradientPng(), { formats: ['avif', 'png'], preserve: [], quality: 75 }, 0).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodecError);
    expect(error).toMatchObject({ kind: 'timeout', message: 'The image took longer than 0 seconds to process and was stopped' });
  });
});
