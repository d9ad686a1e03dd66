// Resize: fit inside maxWidth/maxHeight after the orientation is applied, aspect ratio kept, never enlarged,
// and a resized result is never swapped for the upload.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compress } from './unhurried';
import { fitInside } from '#codec-core/geometry';
import { readCorpus } from './corpus';

describe('fitInside', () => {
  it('fits either bound or both, keeps the ratio and never enlarges', () => {
    expect(fitInside({ width: 768, height: 512 }, 400)).toEqual({ width: 400, height: 267 });
    expect(fitInside({ width: 768, height: 512 }, undefined, 256)).toEqual({ width: 384, height: 256 });
    expect(fitInside({ width: 768, height: 512 }, 400, 200)).toEqual({ width: 300, height: 200 });
    expect(fitInside({ width: 768, height: 512 }, 2000, 2000)).toBeNull();
    expect(fitInside({ width: 768, height: 512 }, 768)).toBeNull();
    expect(fitInside({ width: 10_000, height: 3 }, 100)).toEqual({ width: 100, height: 1 });
  });

  it('never lands a side beyond its bound', () => {
    for (let w = 1; w <= 300; w += 7) {
      for (let h = 1; h <= 300; h += 11) {
        const fitted = fitInside({ width: w, height: h }, 97, 61);
        if (!fitted) continue;
        expect(fitted.width).toBeLessThanOrEqual(97);
        expect(fitted.height).toBeLessThanOrEqual(61);
        expect(fitted.width === 97 || fitted.height === 61).toBe(true);
      }
    }
  });
});

describe('compress with maxWidth/maxHeight', () => {
  it('bounds a sideways-stored phone photo by its displayed size, upright', async () => {
    // Stored 1200×1800 with orientation 6: displayed 1800×1200.
    const input = readCorpus('photos/exif-orient6-landscape.jpg');
    const result = await compress(input, { quality: 80, maxWidth: 600 });
    expect([result.input.width, result.input.height]).toEqual([1800, 1200]);
    expect([result.output.width, result.output.height]).toEqual([600, 400]);
    const meta = await sharp(result.data).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([600, 400, 1]);
    // The same picture the upload shows, scaled: not a rotated or squeezed one.
    const expected = await sharp(input).rotate().resize(600, 400).raw().toBuffer();
    const unrotated = await sharp(input).resize(600, 400, { fit: 'fill' }).raw().toBuffer();
    const got = await sharp(result.data).raw().toBuffer();
    expect(meanDifference(got, expected)).toBeLessThan(4);
    expect(meanDifference(got, unrotated)).toBeGreaterThan(20);
  });

  it('applies the tighter of two bounds', async () => {
    const result = await compress(readCorpus('photos/kodim03.png'), { quality: 80, format: 'webp', maxWidth: 400, maxHeight: 200 });
    expect([result.output.width, result.output.height]).toEqual([300, 200]);
    expect([result.output.format, result.chosenQuality]).toEqual(['webp', 80]);
  });

  it('never enlarges', async () => {
    const input = readCorpus('photos/kodim03.png');
    const result = await compress(input, { quality: 80, format: 'jpeg', maxWidth: 2000, maxHeight: 2000 });
    expect([result.output.width, result.output.height]).toEqual([768, 512]);
  });

  it('never swaps a resized result for the upload, even when the upload is smaller', async () => {
    // A coarse JPEG asked for at quality 100 only grows when re-encoded: without resizing the upload is kept.
    const input = await sharp(readCorpus('photos/kodim03.png')).jpeg({ quality: 20 }).toBuffer();
    const kept = await compress(input, { quality: 100 });
    expect(kept.keptOriginal).toBe(true);
    const resized = await compress(input, { quality: 100, maxWidth: 760 });
    expect(resized.keptOriginal).toBe(false);
    expect(resized.data.length).toBeGreaterThan(input.length);
    expect([resized.output.width, resized.output.height]).toEqual([760, 507]);
  });

  it('leaves the upload out of Auto\'s candidates when it is larger than the bounds', async () => {
    const input = await sharp(readCorpus('photos/kodim03.png')).jpeg({ quality: 20 }).toBuffer();
    const result = await compress(input, { quality: 100, format: 'auto', formats: ['jpeg', 'webp'], maxWidth: 700 });
    expect(result.keptOriginal).toBe(false);
    expect(result.output.width).toBe(700);
    expect(result.decision!.candidates.some((c) => c.original)).toBe(false);
    expect(result.decision!.skipped.map((s) => s.format)).toContain('jpeg');
  });

  it('resizes a PNG from its pixels, not from the upload (which the lossless path may otherwise reuse)', async () => {
    // At quality 100 and in lossless mode PNG is lossless only, where the upload's own stream may be optimised.
    const input = readCorpus('png/squoosh-logo-palette.png');
    for (const options of [{ quality: 100 }, { quality: 80, mode: 'lossless' as const }]) {
      const result = await compress(input, { ...options, maxWidth: 100 });
      const meta = await sharp(result.data).metadata();
      expect([meta.width, meta.height]).toEqual([100, 100]);
      expect([result.output.width, result.output.height]).toEqual([100, 100]);
    }
  });
});

function meanDifference(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}
