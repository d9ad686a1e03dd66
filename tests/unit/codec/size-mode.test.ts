// Size mode: the largest encoding not above the target, else (downscaled when allowed) the smallest; Auto picks
// the format that fits at the highest quality.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type ImageFormat } from '#server/codec/index';
import { HANG_GUARD_MS, compress } from './unhurried';
import { codecTimeLimit, workingBytesPerPixel } from '#server/codec/time-limit';
import { RESIZE_QUALITY } from '#codec-core/modes/size';
import { largestFitting } from '#codec-core/modes/largest-fitting';
import { readCorpus } from './corpus';

const photo = () => readCorpus('photos/kodim03.png'); // 768×512

/** Bytes of a quality-mode encode: the same encoders size mode searches with (for JPEG, WebP and AVIF). */
const bytesAt = async (format: ImageFormat, quality: number, extra: object = {}) =>
  (await compress(photo(), { quality, format, ...extra })).data.length;

describe('size mode', () => {
  it.each([
    ['jpeg', 30_000],
    ['webp', 20_000],
    ['avif', 15_000],
  ] as const)('finds the highest %s quality within %i bytes', { timeout: HANG_GUARD_MS }, async (format, target) => {
    const result = await compress(photo(), { quality: 80, format, mode: 'size', targetSize: target });
    expect(result.targetMet).toBe(true);
    expect(result.data.length).toBeLessThanOrEqual(target);
    expect([result.output.width, result.output.height]).toEqual([768, 512]);
    const q = result.chosenQuality!;
    expect(q).toBeGreaterThan(1);
    expect(q).toBeLessThan(100);
    expect(await bytesAt(format, q)).toBe(result.data.length);
    // One step up no longer fits (AVIF maps neighbouring steps onto one libaom setting: the next that differs).
    let above = q + 1;
    while (format === 'avif' && above < 100 && (await bytesAt(format, above)) === result.data.length) above++;
    expect(await bytesAt(format, above)).toBeGreaterThan(target);
  });

  it('counts kept metadata in the size', async () => {
    const input = await sharp(photo()).jpeg({ quality: 95 }).withExif({ IFD0: { Copyright: 'x'.repeat(8000) } }).toBuffer();
    const result = await compress(input, { quality: 80, mode: 'size', targetSize: 30_000, metadata: 'keep' });
    expect(result.targetMet).toBe(true);
    expect(result.data.length).toBeLessThanOrEqual(30_000);
    expect(result.data.toString('latin1')).toContain('x'.repeat(8000));
    const stripped = await compress(input, { quality: 80, mode: 'size', targetSize: 30_000 });
    expect(stripped.chosenQuality!).toBeGreaterThan(result.chosenQuality!);
  });

  it('reaches a PNG target through the palette', { timeout: HANG_GUARD_MS }, async () => {
    const input = readCorpus('png/sharp-embedgravitybird-alpha.png'); // 487 KB, 576×384
    const result = await compress(input, { quality: 80, mode: 'size', targetSize: 120_000 });
    expect([result.output.format, result.targetMet]).toEqual(['png', true]);
    expect(result.data.length).toBeLessThanOrEqual(120_000);
    expect(result.chosenQuality!).toBeLessThan(100);
    const meta = await sharp(result.data).metadata();
    expect([meta.width, meta.height, meta.isPalette]).toEqual([576, 384, true]);
  });

  it('returns the smallest encoding, at full size, when the target cannot be reached', async () => {
    const result = await compress(photo(), { quality: 80, format: 'jpeg', mode: 'size', targetSize: 1024 });
    expect(result.targetMet).toBe(false);
    expect(result.chosenQuality).toBe(1);
    expect([result.output.width, result.output.height]).toEqual([768, 512]);
    expect(result.data.length).toBe(await bytesAt('jpeg', 1));
  });

  it('downscales, as little as fits, when allowed', { timeout: HANG_GUARD_MS }, async () => {
    const target = 2000;
    expect(await bytesAt('jpeg', 1)).toBeGreaterThan(target);
    const result = await compress(photo(), { quality: 80, format: 'jpeg', mode: 'size', targetSize: target, allowResize: true });
    expect(result.targetMet).toBe(true);
    expect(result.chosenQuality).toBe(RESIZE_QUALITY);
    expect(result.data.length).toBeLessThanOrEqual(target);
    const { width, height } = result.output;
    expect(width).toBeLessThan(768);
    expect(Math.abs(width / height - 1.5)).toBeLessThan(0.02);
    expect((await sharp(result.data).metadata()).width).toBe(width);
    // Within 3% of the least downscale: 4% more pixels per side no longer fit.
    expect(await bytesAt('jpeg', RESIZE_QUALITY, { maxWidth: Math.ceil(width * 1.04) })).toBeGreaterThan(target);
  });

  it('passes on an upload that already fits, without a loss', async () => {
    const input = await sharp(photo()).jpeg({ quality: 60 }).toBuffer();
    const result = await compress(input, { quality: 80, mode: 'size', targetSize: input.length + 100 });
    expect([result.keptOriginal, result.targetMet, result.chosenQuality]).toEqual([true, true, null]);
    expect(result.data.length).toBeLessThanOrEqual(input.length);
  });

  it('lets Auto take the format that fits at the highest quality', { timeout: HANG_GUARD_MS }, async () => {
    const target = 20_000;
    const result = await compress(photo(), { quality: 80, format: 'auto', mode: 'size', targetSize: target });
    expect(result.targetMet).toBe(true);
    expect(result.data.length).toBeLessThanOrEqual(target);
    const winner = result.output.format;
    expect(result.decision!.winner).toBe(winner);
    for (const format of ['jpeg', 'webp', 'avif'] as const) {
      if (format === winner) continue;
      const alone = await compress(photo(), { quality: 80, format, mode: 'size', targetSize: target });
      expect(alone.chosenQuality!).toBeLessThanOrEqual(result.chosenQuality!);
    }
  });

  it('lets Auto downscale or give the smallest when nothing fits', { timeout: HANG_GUARD_MS }, async () => {
    const smallest = await compress(photo(), { quality: 80, format: 'auto', formats: ['jpeg', 'webp'], mode: 'size', targetSize: 1024 });
    expect(smallest.targetMet).toBe(false);
    expect([smallest.output.width, smallest.chosenQuality]).toEqual([768, 1]);
    const downscaled = await compress(photo(), { quality: 80, format: 'auto', formats: ['jpeg', 'webp'], mode: 'size', targetSize: 1500, allowResize: true });
    expect(downscaled.targetMet).toBe(true);
    expect(downscaled.output.width).toBeLessThan(768);
    expect(downscaled.data.length).toBeLessThanOrEqual(1500);
  });

  /** A flat 200×120 graphic as lossless WebP: 44 bytes, less than any lossy encoding of it in any format, even downscaled. */
  const tinyLossless = () => sharp({ create: { width: 200, height: 120, channels: 3, background: { r: 200, g: 30, b: 30 } } }).webp({ lossless: true, effort: 6 }).toBuffer();
  /** A 128×85 photo as a quality-95 JPEG: larger than its encodings at low qualities. */
  const photoJpeg95 = () => sharp(photo()).resize(128).jpeg({ quality: 95 }).toBuffer();

  it.each([false, true])('passes on the upload when nothing fits and it is smaller than every encoding (allowResize %s)', async (allowResize) => {
    const input = await tinyLossless();
    const result = await compress(input, { quality: 80, format: 'webp', mode: 'size', targetSize: 10, allowResize });
    expect([result.keptOriginal, result.targetMet, result.chosenQuality, result.decision]).toEqual([true, false, null, null]);
    expect(result.data.equals(input)).toBe(true);
    expect([result.output.width, result.output.height]).toEqual([200, 120]);
  });

  it('gives the smallest encoding, not the upload, when nothing fits and the upload is larger', async () => {
    const input = await photoJpeg95();
    const result = await compress(input, { quality: 80, format: 'jpeg', mode: 'size', targetSize: 200 });
    expect([result.keptOriginal, result.targetMet, result.chosenQuality]).toEqual([false, false, 1]);
    expect(result.data.length).toBeLessThan(input.length);
    expect(result.data.length).toBe((await compress(input, { quality: 1, format: 'jpeg' })).data.length);
  });

  it('lets Auto pass on an upload that already fits, as its own candidate', async () => {
    const input = await sharp(photo()).resize(128).jpeg({ quality: 60 }).toBuffer();
    const result = await compress(input, { quality: 80, format: 'auto', formats: ['jpeg', 'webp'], mode: 'size', targetSize: input.length + 10 });
    expect([result.keptOriginal, result.targetMet, result.chosenQuality]).toEqual([true, true, null]);
    expect(result.data.equals(input)).toBe(true);
    expect(result.decision).toEqual({ winner: 'jpeg', keptOriginal: true, candidates: [{ format: 'jpeg', bytes: input.length, original: true }], skipped: [] });
  });

  it('lets Auto skip the formats after one that fits at the highest quality', async () => {
    const input = await sharp(photo()).extract({ left: 300, top: 200, width: 32, height: 24 }).png().toBuffer();
    const result = await compress(input, { quality: 80, format: 'auto', formats: ['jpeg', 'webp', 'avif'], mode: 'size', targetSize: 100_000 });
    expect([result.output.format, result.chosenQuality, result.targetMet, result.keptOriginal]).toEqual(['avif', 100, true, false]);
    expect(result.decision).toEqual({
      winner: 'avif',
      keptOriginal: false,
      candidates: [{ format: 'avif', bytes: result.data.length }],
      skipped: [
        { format: 'webp', reason: 'AVIF already fits at the highest quality' },
        { format: 'jpeg', reason: 'AVIF already fits at the highest quality' },
      ],
    });
  });

  it.each([false, true])('lets Auto pass on the upload when nothing fits and it is the smallest (allowResize %s)', async (allowResize) => {
    const input = await tinyLossless();
    const result = await compress(input, { quality: 80, format: 'auto', mode: 'size', targetSize: 10, allowResize });
    expect([result.keptOriginal, result.targetMet, result.chosenQuality]).toEqual([true, false, null]);
    expect(result.data.equals(input)).toBe(true);
    const decision = result.decision!;
    expect([decision.winner, decision.keptOriginal]).toEqual(['webp', true]);
    expect(decision.candidates[0]).toEqual({ format: 'webp', bytes: input.length, original: true });
    expect(Math.min(...decision.candidates.slice(1).map((c) => c.bytes))).toBeGreaterThan(input.length);
  });

  it('lets Auto give its smallest encoding, not the upload, when nothing fits and the upload is larger', async () => {
    const input = await photoJpeg95();
    const result = await compress(input, { quality: 80, format: 'auto', formats: ['jpeg', 'webp'], mode: 'size', targetSize: 200 });
    expect([result.keptOriginal, result.targetMet, result.chosenQuality]).toEqual([false, false, 1]);
    const decision = result.decision!;
    expect([decision.winner, decision.keptOriginal]).toEqual([result.output.format, false]);
    expect(decision.candidates[0]).toEqual({ format: 'jpeg', bytes: input.length, original: true });
    expect(result.data.length).toBe(Math.min(...decision.candidates.map((c) => c.bytes)));
    expect(result.data.length).toBeLessThan(input.length);
  });

  it('reports the clamped quality in quality mode, and none when the upload was kept', async () => {
    const result = await compress(photo(), { quality: 150, format: 'webp' });
    expect([result.chosenQuality, result.targetMet]).toEqual([100, null]);
    const kept = await compress(readCorpus('png/squoosh-logo-palette.png'), { quality: 80 });
    expect([kept.keptOriginal, kept.chosenQuality]).toEqual([true, null]);
  });

  it('gives size mode the time of several encodes, and lossless its slower encoders', () => {
    expect(codecTimeLimit(30, 'jpeg', 'png', undefined, { mode: 'size' })).toBeGreaterThanOrEqual(5 * codecTimeLimit(30, 'jpeg', 'png'));
    expect(codecTimeLimit(30, 'avif', 'png', undefined, { mode: 'lossless' })).toBeGreaterThan(codecTimeLimit(30, 'avif', 'png'));
    expect(codecTimeLimit(30, 'webp', 'png', undefined, { mode: 'quality' })).toBe(codecTimeLimit(30, 'webp', 'png'));
    expect(workingBytesPerPixel('webp', 'png', undefined, { mode: 'lossless' })).toBeGreaterThan(workingBytesPerPixel('webp', 'png'));
    expect(workingBytesPerPixel('avif', 'png', undefined, { metadata: 'keep' })).toBeGreaterThan(workingBytesPerPixel('avif', 'png'));
  });
});

describe('largestFitting', () => {
  const sizes = (at: number) => Math.round(1000 * Math.exp(0.04 * at));

  it('finds the largest setting that fits in a few probes', async () => {
    for (const target of [1100, 5000, 20_000, 50_000]) {
      const seen: number[] = [];
      const outcome = await largestFitting(async (at) => {
        seen.push(at);
        return { bytes: sizes(at), result: at };
      }, { lo: 1, hi: 100, target, start: 80, model: 'linear', slope: 0.03, maxProbes: 10 });
      const expected = Math.floor(Math.log(target / 1000) / 0.04 + 1e-9);
      expect(outcome.best!.at).toBe(Math.max(...[...Array(101).keys()].filter((q) => q >= 1 && sizes(q) <= target)));
      expect(Math.abs(outcome.best!.at - expected)).toBeLessThanOrEqual(1);
      expect(seen.length).toBeLessThanOrEqual(5);
      expect(new Set(seen).size).toBe(seen.length);
    }
  });

  it('gives no best and the smallest probe when nothing fits', async () => {
    const outcome = await largestFitting(async (at) => ({ bytes: sizes(at), result: at }), {
      lo: 1, hi: 100, target: 500, start: 80, model: 'linear', slope: 0.03, maxProbes: 10,
    });
    expect(outcome.best).toBeNull();
    expect(outcome.smallest!.at).toBe(1);
  });

  it('stays within its probe budget, and answers with a measured probe, when sizes do not follow the setting', async () => {
    const noisy = (at: number) => 1000 + ((at * 7919) % 97) * 100;
    let probes = 0;
    const outcome = await largestFitting(async (at) => {
      probes++;
      return { bytes: noisy(at), result: at };
    }, { lo: 1, hi: 100, target: 8000, start: 50, model: 'linear', slope: 0.03, maxProbes: 8 });
    expect(probes).toBeLessThanOrEqual(8);
    expect(outcome.best).not.toBeNull();
    expect(noisy(outcome.best!.at)).toBeLessThanOrEqual(8000);
    expect(outcome.smallest!.bytes).toBe(noisy(outcome.smallest!.at));
  });
});
