// The HEIF box writer: AVIF metadata written, replaced and removed by rebuilding `meta`, with every offset kept true.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { withHeifMetadata } from '#server/codec/metadata/heif-metadata';
import { readCorpus } from './corpus';

const EXIF = { IFD0: { Copyright: 'Old Rights Ltd', Artist: 'Someone' } };
const OLD_XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><old-packet/></x:xmpmeta>';
const NEW_XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><new-packet/></x:xmpmeta>';

const tagged = (rotate = 0) =>
  sharp(readCorpus('photos/kodim03.png')).resize(96).rotate(rotate).avif({ quality: 50 }).withExif(EXIF).withXmp(OLD_XMP).toBuffer();
const pixels = async (avif: Buffer) => (await sharp(avif).raw().toBuffer()).toString('base64');
/** A TIFF block (no "Exif" prefix) as a camera would write it, made by libexif through a 1x1 JPEG. */
const newExif = async () => {
  const jpeg = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).jpeg().withExif({ IFD0: { Copyright: 'New Rights Ltd' } }).toBuffer();
  return (await sharp(jpeg).metadata()).exif!.subarray(6);
};

/** libheif's own reader, as a second opinion on the structure (it refuses broken item tables). */
function heifInfo(avif: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'heif-')), 'image.avif');
  fs.writeFileSync(file, avif);
  return execFileSync('heif-info', [file], { encoding: 'utf8' });
}

describe('withHeifMetadata', () => {
  it('replaces EXIF and XMP, adds an ICC profile, and leaves the pixels alone', async () => {
    const input = await tagged();
    const exif = await newExif();
    const icc = (await sharp(readCorpus('photos/sharp-concert-grey-icc.jpg')).metadata()).icc!;
    const out = withHeifMetadata(input, { exif, xmp: NEW_XMP, icc })!;
    const meta = await sharp(out).metadata();
    expect(meta.exif!.subarray(6).equals(exif)).toBe(true);
    expect(meta.xmp!.toString('utf8')).toBe(NEW_XMP);
    expect(meta.icc!.equals(icc)).toBe(true);
    expect(out.toString('latin1')).not.toMatch(/Old Rights Ltd|old-packet/);
    expect(await pixels(out)).toBe(await pixels(input));
    const info = heifInfo(out);
    expect(info).toMatch(/Exif: \d+ bytes/);
    expect(info).toMatch(/color profile: prof/);
  });

  it('strips to nothing, zeroing the old bytes, and writing again gives one of each, never two', async () => {
    const input = await tagged(90);
    const stripped = withHeifMetadata(input, {})!;
    const meta = await sharp(stripped).metadata();
    expect([meta.exif, meta.xmp, meta.icc]).toEqual([undefined, undefined, undefined]);
    expect(stripped.toString('latin1')).not.toMatch(/Old Rights Ltd|Someone|old-packet/);
    expect(await pixels(stripped)).toBe(await pixels(input));
    const twice = withHeifMetadata(withHeifMetadata(stripped, { xmp: NEW_XMP })!, { xmp: NEW_XMP })!;
    expect(twice.toString('latin1').split('new-packet').length - 1).toBe(1);
    expect(await pixels(twice)).toBe(await pixels(input));
    expect(heifInfo(twice)).toMatch(/96x\d+|\d+x96/);
  });

  it('keeps an identical profile where it is instead of adding a second copy', async () => {
    const icc = (await sharp(readCorpus('photos/sharp-concert-grey-icc.jpg')).metadata()).icc!;
    const once = withHeifMetadata(await tagged(), { icc })!;
    expect(withHeifMetadata(once, { icc })!.length).toBe(once.length);
  });

  it('returns null for files it cannot walk, and never throws', async () => {
    const input = await tagged();
    const broken = [
      Buffer.alloc(0),
      input.subarray(0, 60),
      input.subarray(0, input.length - 10).fill(0xff, 40, 44),
      Buffer.concat([input.subarray(0, 28), Buffer.from([0, 0, 0, 1]), Buffer.from('meta'), Buffer.alloc(8, 0xff)]),
      Buffer.from('not an image at all, just some text that is long enough'),
    ];
    for (const file of broken) expect(() => withHeifMetadata(file, { xmp: NEW_XMP })).not.toThrow();
    for (const file of broken) expect(withHeifMetadata(file, { xmp: NEW_XMP })).toBeNull();
  });
});
