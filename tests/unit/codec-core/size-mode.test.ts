// Size mode over the synthetic engine, encode by encode: where each quality search starts and how it closes in, how
// Auto searches the formats after the first only above the quality already fitting, and the downscale when nothing
// fits (its start, its bounds, its early stop). The sizes are exact, so every chosen quality and byte count is too.
import { describe, expect, it } from 'vitest';
import { compress, meetsTarget, type CodecSettings, type ImageFormat, type Size } from '#codec-core/index';
import { newJob } from '#codec-core/job';
import { sizeStrategy } from '#codec-core/modes/size';
import type { Found } from '#codec-core/modes/strategy';
import { encodedSize, HEADER, LIMITS, settingsWith, syntheticEngine, UPLOAD, type SyntheticEngine, type SyntheticOptions } from './synthetic-engine';

const SIZE = { width: 64, height: 48 };

/** Every encode of the upload as [format, quality, size or null]; all of them exact and lossy, as searches need. */
function encodesOf(engine: SyntheticEngine) {
  expect(engine.encodeCalls.every((c) => c.exactQuality && !c.lossless)).toBe(true);
  return engine.encodeCalls.map((c) => [c.format, c.quality, c.size && `${c.size.width}x${c.size.height}`]);
}

async function sized(changes: Partial<CodecSettings>, options: SyntheticOptions = {}) {
  const engine = syntheticEngine(options);
  const result = await compress(engine, UPLOAD, settingsWith({ format: 'jpeg', mode: 'size', ...changes }), LIMITS);
  return { engine, result, encodes: encodesOf(engine) };
}

describe('the quality search', () => {
  it('starts at the asked quality, aims along the slope, and gives the highest that fits', async () => {
    // JPEG at 80 is 2136 bytes; 77 is 1991, 78 is 2055.
    const { result, encodes } = await sized({ targetSize: 2000 });
    expect(encodes).toEqual([['jpeg', 80, null], ['jpeg', 77, null], ['jpeg', 78, null]]);
    expect(result).toEqual({
      data: expect.any(Uint8Array),
      input: { format: 'jpeg', bytes: UPLOAD.length, ...SIZE },
      output: { format: 'jpeg', bytes: 1991, ...SIZE },
      keptOriginal: false,
      flattenedOnto: null,
      decision: null,
      chosenQuality: 77,
      targetMet: true,
      perceptualScore: null,
    });
    expect(result.data.length).toBe(1991);
  });

  it('another asked quality is another start', async () => {
    const { result, encodes } = await sized({ targetSize: 2000, quality: 50 });
    expect(encodes.map((e) => e[1])).toEqual([50, 75, 88, 77, 78]);
    expect(result.chosenQuality).toBe(77);
  });

  it('a target met exactly is met; one byte less is the quality below', async () => {
    expect((await sized({ targetSize: 1991 })).result).toMatchObject({ chosenQuality: 77, targetMet: true, output: { bytes: 1991 } });
    const below = await sized({ targetSize: 1990 });
    expect(below.result).toMatchObject({ chosenQuality: 76, targetMet: true, output: { bytes: encodedSize('jpeg', 76, false, SIZE) } });
  });

  it('a target above quality 100 is reached in two encodes', async () => {
    const { result, encodes } = await sized({ targetSize: 1_000_000 });
    expect(encodes).toEqual([['jpeg', 80, null], ['jpeg', 100, null]]);
    expect(result).toMatchObject({ chosenQuality: 100, targetMet: true, output: { bytes: encodedSize('jpeg', 100, false, SIZE) } });
  });

  it('nothing fits and no resize: quality 1, the smallest made, and the target missed', async () => {
    const { result, encodes } = await sized({ targetSize: 100, allowResize: false });
    expect(encodes).toEqual([['jpeg', 80, null], ['jpeg', 1, null]]);
    expect(result).toMatchObject({ chosenQuality: 1, targetMet: false, output: { bytes: 170, ...SIZE } });
  });

  it('searches the bounded size when bounds are set', async () => {
    const { result, encodes } = await sized({ targetSize: 60, maxWidth: 32 });
    expect(encodes).toEqual([80, 6, 43, 7, 8, 25, 9].map((q) => ['jpeg', q, '32x24']));
    expect(result).toMatchObject({ chosenQuality: 8, targetMet: true, output: { bytes: 60, width: 32, height: 24 } });
  });

  it('refuses a missing, zero, negative or unnumbered target before encoding anything', async () => {
    for (const targetSize of [undefined, 0, -5, Number.NaN]) {
      const engine = syntheticEngine();
      await expect(compress(engine, UPLOAD, settingsWith({ format: 'jpeg', mode: 'size', targetSize }), LIMITS)).rejects.toEqual(new RangeError('size mode needs a positive targetSize'));
      expect(engine.encodeCalls).toEqual([]);
    }
  });
});

describe('Auto in size mode', () => {
  const auto = (targetSize: number, options: SyntheticOptions = {}, changes: Partial<CodecSettings> = {}) =>
    sized({ format: 'auto', formats: ['jpeg', 'webp', 'avif'], targetSize, ...changes }, { format: 'png', ...options });

  it('the first format fitting at 100 leaves the others nothing to search, and says so', async () => {
    const { result, encodes } = await auto(2000);
    expect(encodes).toEqual([['avif', 80, null], ['avif', 94, null], ['avif', 100, null]]);
    expect(result.decision).toEqual({
      winner: 'avif',
      keptOriginal: false,
      candidates: [{ format: 'avif', bytes: 1952 }],
      skipped: [
        { format: 'webp', reason: 'AVIF already fits at the highest quality' },
        { format: 'jpeg', reason: 'AVIF already fits at the highest quality' },
      ],
    });
  });

  it('fitting at 99, the next formats are each tried at 100 alone', async () => {
    const { result, encodes } = await auto(1915);
    expect(encodes.slice(-2)).toEqual([['webp', 100, null], ['jpeg', 100, null]]);
    expect(result).toMatchObject({ chosenQuality: 99, targetMet: true, output: { format: 'avif', bytes: 1915 } });
    expect(result.decision?.candidates).toEqual([{ format: 'avif', bytes: 1915 }, { format: 'webp', bytes: 2597 }, { format: 'jpeg', bytes: 3242 }]);
  });

  it('a later format fitting at a higher quality wins over the earlier fits', async () => {
    // AVIF twice as large as WebP here: it fits at 60, WebP (searched from 61) at 87, exactly the target; JPEG
    // (searched from 88) does not fit and is recorded by its smallest.
    const factor: Record<ImageFormat, number> = { avif: 1.6, jxl: 0.7, webp: 0.8, jpeg: 1, png: 2.5 };
    const bytes = (f: ImageFormat, q: number, lossless: boolean, s: Size) => HEADER + Math.ceil(s.width * s.height * factor[f] * (0.05 + (q / 100) ** 2));
    const { result, encodes } = await auto(2000, { bytes });
    expect(encodes.map(([f, q]) => `${f}${q}`)).toEqual(['avif80', 'avif62', 'avif31', 'avif59', 'avif60', 'webp60', 'webp82', 'webp86', 'webp87', 'webp94', 'webp88', 'jpeg88']);
    expect(result).toMatchObject({ chosenQuality: 87, targetMet: true, output: { format: 'webp', bytes: 2000 } });
    expect(result.decision?.candidates).toEqual([{ format: 'avif', bytes: 1973 }, { format: 'webp', bytes: 2000 }, { format: 'jpeg', bytes: 2549 }]);
  });

  it('nothing fits and no resize: the smallest of every format’s smallest, the first of equals', async () => {
    const { result, encodes } = await auto(100, {}, { formats: ['jpeg', 'webp'], allowResize: false });
    expect(encodes).toEqual([['webp', 80, null], ['webp', 1, null], ['jpeg', 80, null], ['jpeg', 1, null]]);
    expect(result).toMatchObject({ chosenQuality: 1, targetMet: false, output: { format: 'webp', bytes: 140 } });
    expect(result.decision?.candidates).toEqual([{ format: 'webp', bytes: 140 }, { format: 'jpeg', bytes: 170 }]);
    const tie = await auto(100, { bytes: () => 500 }, { formats: ['jpeg', 'webp'], allowResize: false });
    expect(tie.result).toMatchObject({ chosenQuality: 80, targetMet: false, output: { format: 'webp', bytes: 500 } });
  });

  it('nothing fits with resizing allowed: the downscale is in the format whose smallest was smallest', async () => {
    const { result, encodes } = await auto(100, {}, { formats: ['jpeg', 'webp'], allowResize: true });
    expect(encodes.slice(4)).toEqual([['webp', 50, '19x14'], ['webp', 50, '22x17'], ['webp', 50, '21x16']]);
    expect(result).toMatchObject({ chosenQuality: 50, targetMet: true, output: { format: 'webp', bytes: 97, width: 21, height: 16 } });
  });
});

describe('the downscale', () => {
  it('starts from the smallest encode brought to quality 50, searches the long side and keeps the shape', async () => {
    const { result, encodes } = await sized({ targetSize: 100, allowResize: true });
    expect(encodes).toEqual([['jpeg', 80, null], ['jpeg', 1, null], ['jpeg', 50, '16x12'], ['jpeg', 50, '19x14'], ['jpeg', 50, '41x31'], ['jpeg', 50, '20x15']]);
    expect(result).toMatchObject({ chosenQuality: 50, targetMet: true, output: { bytes: 96, width: 19, height: 14 } });
  });

  it('a portrait image is searched on its height', async () => {
    const { result, encodes } = await sized({ targetSize: 100, allowResize: true }, { size: { width: 48, height: 64 } });
    expect(encodes.slice(2).map((e) => e[2])).toEqual(['12x16', '14x19', '31x41', '15x20']);
    expect(result.output).toMatchObject({ width: 14, height: 19 });
  });

  it('a large image: the first guess scales the long side by the target against the full size at quality 50', async () => {
    // JPEG at 1 is 54 124 bytes at 1200×900, about 235 000 at 50: (20 000 / 235 000)^(1/1.5) of 1200 is 231.
    const { result, encodes } = await sized({ targetSize: 20_000, allowResize: true }, { size: { width: 1200, height: 900 } });
    expect(encodes.slice(2).map((e) => e[2])).toEqual(['231x173', '324x243', '298x224', '297x223']);
    expect(result).toMatchObject({ targetMet: true, output: { bytes: 19_886, width: 297, height: 223 } });
  });

  it('stops when the side that fits is within 3% of one that does not (485 of 500, exactly)', async () => {
    const { result, encodes } = await sized({ targetSize: 53_031, allowResize: true }, { size: { width: 1200, height: 900 } });
    expect(encodes.slice(2).map((e) => e[2])).toEqual(['444x333', '500x375', '485x364']);
    expect(result.output).toMatchObject({ bytes: 52_978, width: 485, height: 364 });
  });

  it('never reaches the full size: at most one pixel less on the long side, even when the full size would fit', async () => {
    // Quality 50 is cheap here at any size, the other qualities never fit: the quality search misses 50 and the
    // downscale stops at 63 though 64×48 at 50 (324 bytes) is within the target.
    const bytes = (f: ImageFormat, q: number, lossless: boolean, s: Size) => HEADER + Math.ceil(s.width * s.height * (q === 50 ? 0.1 : 1));
    const { result, encodes } = await sized({ targetSize: 330, allowResize: true }, { bytes });
    expect(encodes).toEqual([['jpeg', 80, null], ['jpeg', 5, null], ['jpeg', 2, null], ['jpeg', 1, null], ['jpeg', 50, '26x20'], ['jpeg', 50, '63x47']]);
    expect(result).toMatchObject({ chosenQuality: 50, targetMet: true, output: { bytes: 313, width: 63, height: 47 } });
    // An image smaller than the lowest long side of 16 is still tried one pixel smaller.
    const small = await sized({ targetSize: 20, allowResize: true }, { bytes, size: { width: 12, height: 9 } });
    expect(small.encodes.at(-1)).toEqual(['jpeg', 50, '11x8']);
    expect(small.result).toMatchObject({ targetMet: false, output: { bytes: 25, width: 11, height: 8 } });
  });

  it('nothing fits even at the lowest side: the smaller of the downscale and the full size at quality 1', async () => {
    const down = await sized({ targetSize: 20, allowResize: true });
    expect(down.encodes.slice(2)).toEqual([['jpeg', 50, '16x12']]);
    expect(down.result).toMatchObject({ chosenQuality: 50, targetMet: false, output: { bytes: 74, width: 16, height: 12 } });
    // 20×15 at quality 1 (32 bytes) is smaller than 16×12 at 50 (74).
    const full = await sized({ targetSize: 20, allowResize: true }, { size: { width: 20, height: 15 } });
    expect(full.encodes.slice(2)).toEqual([['jpeg', 50, '16x12']]);
    expect(full.result).toMatchObject({ chosenQuality: 1, targetMet: false, output: { bytes: 32, width: 20, height: 15 } });
  });
});

describe('sizeStrategy.search', () => {
  async function jobFor(targetSize: number, allowResize = true) {
    const engine = syntheticEngine();
    const image = await engine.open(UPLOAD, settingsWith({ format: 'jpeg', mode: 'size', targetSize, allowResize }), LIMITS);
    return { engine, job: newJob(engine, image) };
  }
  const fit = (format: ImageFormat, quality: number, fits: boolean): Found => ({ format, quality, fits, encoded: { data: new Uint8Array(1), ...SIZE } });

  it('answers the best fit with the smallest encode made, each saying whether it fits', async () => {
    const { job } = await jobFor(2000);
    const found = (await sizeStrategy.search(job, 'jpeg', [])) as Found;
    expect([found.quality, found.fits, found.smallest?.quality, found.smallest?.fits]).toEqual([77, true, 77, true]);
    const { job: tiny } = await jobFor(100);
    const missed = (await sizeStrategy.search(tiny, 'jpeg', [])) as Found;
    expect([missed.quality, missed.fits, missed.smallest?.quality, missed.smallest?.fits]).toEqual([1, false, 1, false]);
    // The smallest exactly at the target fits.
    const { job: exact } = await jobFor(1991);
    const met = (await sizeStrategy.search(exact, 'jpeg', [])) as Found;
    expect([met.quality, met.smallest?.quality, met.smallest?.fits]).toEqual([77, 77, true]);
  });

  it('the fallback’s downscale says whether it fits', async () => {
    const { job } = await jobFor(100);
    const found = [(await sizeStrategy.search(job, 'jpeg', [])) as Found];
    const down = await sizeStrategy.fallback(job, found);
    expect([down?.quality, down?.fits, down?.encoded.width, down?.encoded.height]).toEqual([50, true, 19, 14]);
    const { job: tiny } = await jobFor(20);
    const none = await sizeStrategy.fallback(tiny, [(await sizeStrategy.search(tiny, 'jpeg', [])) as Found]);
    expect([none?.quality, none?.fits, none?.encoded.width, none?.encoded.height]).toEqual([50, false, 16, 12]);
    expect(await sizeStrategy.fallback(tiny, [])).toBeNull();
    // Without resizing, the smallest made as it is.
    const { job: kept } = await jobFor(100, false);
    const smallest = await sizeStrategy.fallback(kept, [(await sizeStrategy.search(kept, 'jpeg', [])) as Found]);
    expect([smallest?.quality, smallest?.fits, smallest?.encoded.width]).toEqual([1, false, 64]);
  });

  it('searches above the last candidate that fit, ignoring those that did not', async () => {
    const { engine, job } = await jobFor(1_000_000);
    await sizeStrategy.search(job, 'jpeg', [fit('avif', 60, true), fit('jxl', 87, true), fit('webp', 95, false)]);
    expect(engine.encodeCalls.map((c) => c.quality)).toEqual([88, 100]);
    expect(await sizeStrategy.search(job, 'png', [fit('avif', 60, true), fit('webp', 100, true)])).toEqual({ skipped: 'WebP already fits at the highest quality' });
  });

  it('meetsTarget: at most the target in size mode, else no verdict', () => {
    expect(meetsTarget({ mode: 'size', targetSize: 2000 }, 2000)).toBe(true);
    expect(meetsTarget({ mode: 'size', targetSize: 2000 }, 2001)).toBe(false);
    expect(meetsTarget({ mode: 'size' }, 1e12)).toBe(true);
    expect(meetsTarget({ mode: 'quality', targetSize: 2000 }, 1)).toBeNull();
  });
});
