// Private mode's "pass the upload on" (the browser engine's passOn: the core's stripForPassOn): when the original wins, it leaves the
// device's tab without its private metadata, with its pixels byte for byte and still shown upright; and the small
// rules around the local queue (ZIP names, re-tune fields, the remembered switch).
import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { exifOrientation, jpegIsSubsampled, stripForPassOn } from '#codec-core/index';
import { sniffFormat } from '#client/private/sniff.ts';
import { uniqueNames } from '#client/private/local-zip.ts';
import { retunedSettings } from '#client/private/local-job.ts';
import { compressSettingsSchema } from '#contract/settings-schema';
import { loadPrivateMode, storePrivateMode } from '#client/lib/private-mode.ts';
import { corpusPath } from '../../support/paths';
import { ifd0Tags, GPS_IFD_TAG, ORIENTATION_TAG } from '../../support/exif-tags';

const read = (...parts: string[]) => new Uint8Array(fs.readFileSync(corpusPath(...parts)));
const passOnStripped = (input: Uint8Array, format: 'jpeg' | 'png' | 'webp' | 'avif') => stripForPassOn(input, format, 'strip');
const rawPixels = async (data: Uint8Array) => (await sharp(data).raw().toBuffer()).toString('base64');

describe('passing the upload on in private mode', () => {
  it('drops a JPEG’s EXIF but keeps its orientation as a one-tag block, pixels unchanged', async () => {
    const input = read('photos', 'exif-orient6-landscape.jpg');
    const kept = passOnStripped(input, 'jpeg')!;
    expect(kept.length).toBeLessThan(input.length);
    const meta = await sharp(kept).metadata();
    expect(meta.orientation).toBe(6);
    expect([...ifd0Tags(meta.exif!).keys()]).toEqual([ORIENTATION_TAG]);
    expect(await rawPixels(kept)).toBe(await rawPixels(input));
  });

  it('drops a large camera EXIF block (with its GPS) from a phone photo', async () => {
    const input = read('photos', 'lepton-iphone.jpg');
    expect(ifd0Tags((await sharp(input).metadata()).exif!).has(GPS_IFD_TAG)).toBe(true);
    const kept = passOnStripped(input, 'jpeg')!;
    expect(input.length - kept.length).toBeGreaterThan(16_000);
    expect((await sharp(kept).metadata()).exif).toBeUndefined();
    expect(await rawPixels(kept)).toBe(await rawPixels(input));
  });

  it('keeps the colour profile, which changes how the picture looks', async () => {
    const kept = passOnStripped(read('photos', 'sharp-concert-grey-icc.jpg'), 'jpeg')!;
    expect((await sharp(kept).metadata()).icc).toBeDefined();
  });

  it('drops PNG text chunks and keeps the picture', async () => {
    const plain = await sharp(read('photos', 'kodim23.png')).resize(64).png().toBuffer();
    const withText = await sharp(plain).withMetadata().withExifMerge({ IFD0: { Copyright: 'someone', ImageDescription: 'secret place' } }).png().toBuffer();
    const input = new Uint8Array(withText);
    expect(Buffer.from(input).includes('secret place')).toBe(true);
    const kept = passOnStripped(input, 'png')!;
    expect(Buffer.from(kept).includes('secret place')).toBe(false);
    expect(await rawPixels(kept)).toBe(await rawPixels(input));
  });

  it('passes on a WebP as it is without EXIF or XMP, rebuilt without them otherwise, and a damaged JPEG not at all', async () => {
    const clean = new Uint8Array(await sharp(read('photos', 'kodim03.png')).resize(64).webp().toBuffer());
    expect(passOnStripped(clean, 'webp')).toBe(clean);
    const tagged = new Uint8Array(await sharp(clean).withExifMerge({ IFD0: { Copyright: 'secret-owner' } }).webp().toBuffer());
    const rebuilt = passOnStripped(tagged, 'webp')!;
    expect(Buffer.from(rebuilt).includes('secret-owner')).toBe(false);
    expect(await rawPixels(rebuilt)).toBe(await rawPixels(tagged));
    const jpeg = read('photos', 'turbo-testorig.jpg');
    expect(passOnStripped(jpeg.subarray(0, 300), 'jpeg')).toBeNull();
  });

  it('reads orientation and chroma subsampling from the headers', () => {
    expect(exifOrientation(new Uint8Array(0))).toBe(1);
    expect(jpegIsSubsampled(read('photos', 'jxl-flower-q85-420-progressive.jpg'))).toBe(true);
    expect(jpegIsSubsampled(read('photos', 'lepton-grayscale.jpg'))).toBe(false);
    expect(['turbo-testorig.jpg', 'kodim03.png'].map((n) => sniffFormat(read('photos', n)))).toEqual(['jpeg', 'png']);
    expect(sniffFormat(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});

describe('the local queue’s rules', () => {
  it('names ZIP entries uniquely, as single downloads are named', () => {
    expect(uniqueNames(['a.jpg', 'b.jpg', 'A.jpg', 'a.jpg', 'noext'])).toEqual(['a.jpg', 'b.jpg', 'A (2).jpg', 'a (3).jpg', 'noext']);
  });

  it('applies a re-tune’s changes: null removes a bound, target size only in size mode, metadata always removed', () => {
    const before = { quality: 80, type: 'web', format: 'jpeg', mode: 'size', targetSize: 100_000, allowResize: true, maxWidth: 800, metadata: 'strip', background: '#ffffff' } as const;
    const after = retunedSettings(before, { quality: 60, format: 'auto', mode: 'quality', maxWidth: null, metadata: 'keep' }, ['avif', 'webp', 'jpeg', 'png', 'jxl']);
    // Auto's candidates are what this browser shows, as asked: the engine itself leaves out JPEG XL, which it does not
    // make (its `encodes`, 0600), and says so in the decision; the settings are not edited for it.
    expect(after).toEqual({ quality: 60, type: 'web', format: 'auto', formats: 'avif,webp,jpeg,png,jxl', mode: 'quality', maxWidth: null, metadata: 'strip', background: '#ffffff' });
    // The worker's schema takes it as the server takes an upload's fields: no bound, no target.
    const parsed = compressSettingsSchema.parse(after);
    expect(parsed).toMatchObject({ quality: 60, format: 'auto', mode: 'quality', maxWidth: undefined, allowResize: false, metadata: 'strip' });
    expect([...parsed.formats!].sort()).toEqual(['avif', 'jpeg', 'jxl', 'png', 'webp']);
    expect(parsed.targetSize).toBeUndefined();
  });

  it('remembers the switch, and falls back to off when storage is blocked', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(loadPrivateMode(storage)).toBe(false);
    storePrivateMode(true, storage);
    expect(loadPrivateMode(storage)).toBe(true);
    const blocked = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(loadPrivateMode(blocked)).toBe(false);
    expect(() => storePrivateMode(true, blocked)).not.toThrow();
  });
});
