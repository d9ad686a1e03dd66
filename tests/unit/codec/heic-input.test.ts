// HEIC input (iPhone photos): decoded by libheif in WebAssembly, upright, in the right colours, with its alpha, and
// written as JPEG when `original` is asked for. Files are made from corpus images with libheif's heif-enc.
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { CodecError } from '#server/codec/index';
import { ifd0Tags, ORIENTATION_TAG } from '../../support/exif-tags';
import { heicFrom, withIrot } from '../../support/heic';
import { corpusPath } from '../../support/paths';
import { HEIF_ENC_MISSING } from '../../support/system-tools';
import { compress, HANG_GUARD_MS } from './unhurried';

/** Mean absolute difference per channel value between two images of the same size, as upright RGB. */
async function meanDifference(a: Buffer | Sharp, b: Buffer | Sharp): Promise<number> {
  const rgb = async (x: Buffer | Sharp) => (Buffer.isBuffer(x) ? sharp(x) : x).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const [pa, pb] = await Promise.all([rgb(a), rgb(b)]);
  expect([pa.info.width, pa.info.height]).toEqual([pb.info.width, pb.info.height]);
  let sum = 0;
  for (let i = 0; i < pa.data.length; i++) sum += Math.abs(pa.data[i]! - pb.data[i]!);
  return sum / pa.data.length;
}

const KODIM = corpusPath('photos', 'kodim23.png'); // 768×512

describe.skipIf(HEIF_ENC_MISSING)(`HEIC input${HEIF_ENC_MISSING ? ` (skipped: ${HEIF_ENC_MISSING})` : ''}`, { timeout: HANG_GUARD_MS }, () => {
  it('original format gives a JPEG of the same picture, and the facts name the HEIC upload', async () => {
    const heic = heicFrom(KODIM, 90);
    const result = await compress(heic, { quality: 90 });
    expect(result.input).toEqual({ format: 'heic', bytes: heic.length, width: 768, height: 512 });
    expect(result.output.format).toBe('jpeg');
    expect(result.keptOriginal).toBe(false);
    expect((await sharp(result.data).metadata()).format).toBe('jpeg');
    expect(await meanDifference(result.data, await sharp(KODIM).toBuffer())).toBeLessThan(3);
  });

  it('comes out upright when HEIF rotates it with irot (a portrait phone shot)', async () => {
    const rotated = withIrot(heicFrom(KODIM, 90), 1); // 90° counter-clockwise
    const result = await compress(rotated, { quality: 90, format: 'png' });
    expect([result.output.width, result.output.height]).toEqual([512, 768]);
    expect(await meanDifference(result.data, sharp(KODIM).rotate(270))).toBeLessThan(3);
  });

  it('ignores an EXIF orientation inside the HEIC: the HEIF boxes alone say how it is shown', async () => {
    // heif-enc stores the JPEG's pixels as they are (1200×1800, no irot) and copies its EXIF (orientation 6) along:
    // by HEIF's rules that file shows 1200×1800, as libheif's own heif-convert gives it. Honouring the EXIF too is the
    // double rotation phone photos get in tools that do (iPhones write irot and the EXIF orientation both).
    const source = corpusPath('photos', 'exif-orient6-landscape.jpg');
    const heic = heicFrom(source, 90);
    const { exif } = await sharp(heic).metadata();
    expect(ifd0Tags(exif!).get(ORIENTATION_TAG)).toBe(6);
    const result = await compress(heic, { quality: 90, maxWidth: 600, metadata: 'keep' });
    const upright = await sharp(source).resize(600, 900).png().toBuffer(); // the stored pixels, no EXIF
    expect([result.output.width, result.output.height]).toEqual([600, 900]);
    expect(await meanDifference(result.data, upright)).toBeLessThan(4);
    expect((await sharp(result.data).metadata()).orientation ?? 1).toBe(1);
  });

  it('converts a Display P3 photo to sRGB through its own profile (saturated colours stay right)', async () => {
    const source = corpusPath('png', 'jxl-p3-color-ring-icc.png');
    const fromHeic = await compress(heicFrom(source, 95), { quality: 95, format: 'webp' });
    const fromPng = await compress(await sharp(source).toBuffer(), { quality: 95, format: 'webp' });
    expect(await meanDifference(fromHeic.data, fromPng.data)).toBeLessThan(3);
  });

  it('keeps an alpha channel for a format that has one', async () => {
    const result = await compress(heicFrom(corpusPath('png', 'sharp-blackbug-alpha.png'), 90), { quality: 90, format: 'webp' });
    const { data, info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    let transparent = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! < 16) transparent++;
    expect(transparent).toBeGreaterThan(data.length / 4 / 10);
  });

  it('never passes on the decoded pixels as a "kept original", even in lossless PNG', async () => {
    const heic = heicFrom(KODIM, 60);
    const result = await compress(heic, { quality: 80, format: 'png', mode: 'lossless' });
    expect(result.keptOriginal).toBe(false);
    expect(result.output.format).toBe('png');
  });

  it('refuses a truncated HEIC as damaged', async () => {
    const heic = heicFrom(KODIM, 60);
    const error = await compress(heic.subarray(0, Math.floor(heic.length / 2)), { quality: 80 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodecError);
    expect((error as CodecError).kind).toBe('corrupt');
  });

  it('refuses a HEIC whose header claims no image', async () => {
    const heic = heicFrom(KODIM, 60);
    const broken = Buffer.from(heic);
    broken.write('xxxx', broken.indexOf('pitm', 0, 'latin1'), 'latin1'); // no primary item any more
    const error = await compress(broken, { quality: 80 }).catch((e: unknown) => e);
    expect((error as CodecError).kind).toBe('corrupt');
  });

  it('refuses a HEIC over the pixel limit from its header, naming the limit', async () => {
    const error = await compress(heicFrom(KODIM, 60), { quality: 80, maxPixels: 100_000 }).catch((e: unknown) => e);
    expect((error as CodecError).kind).toBe('too-many-pixels');
    expect((error as CodecError).message).toMatch(/768×512.*limit is 0\.1 megapixels/);
  });
});
