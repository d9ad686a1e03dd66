// Smart mode over the synthetic engine, probe by probe: the score each quality stands for per format, the probes of
// the sample (exact, lossy, at the sample's own size), the one whole encode at the chosen quality with the format's
// guard rails on, and the score given with the result. Also the order and choice rules every mode shares.
import { describe, expect, it } from 'vitest';
import { compress, smartTarget, ssimulacra2, type CodecSettings, type ImageFormat } from '#codec-core/index';
import { likeliestFirst, smallestOf, type Found } from '#codec-core/modes/strategy';
import { encodedSize, LIMITS, picture, settingsWith, syntheticEngine, UPLOAD, type SyntheticOptions } from './synthetic-engine';

const SIZE = { width: 64, height: 48 };

async function smart(changes: Partial<CodecSettings>, options: SyntheticOptions = {}) {
  const engine = syntheticEngine(options);
  const result = await compress(engine, UPLOAD, settingsWith({ mode: 'smart', ...changes }), LIMITS);
  return { engine, result, probed: engine.probes.map((p) => `${p.format}${p.quality}`) };
}

/** The score the synthetic engine's encoding at `quality` gets against the picture, as smart mode measures it. */
async function scoreAt(quality: number, size = SIZE) {
  const decoded = await syntheticEngine().decodePixels({ upright: size, bounded: null } as never, Uint8Array.of(quality, 1));
  return ssimulacra2(picture(size), decoded);
}

describe('smartTarget', () => {
  it('interpolates each format’s table between its points', () => {
    expect(smartTarget('jpeg', 35)).toBeCloseTo(47.15, 10);
    expect(smartTarget('jpeg', 84)).toBeCloseTo(81.8, 10);
    expect(smartTarget('webp', 84)).toBeCloseTo(76.15, 10);
    expect(smartTarget('avif', 45)).toBeCloseTo(40.9, 10);
    expect(smartTarget('webp', 60)).toBeCloseTo(54, 10);
  });

  it('gives the table’s own score at its points', () => {
    expect([30, 40, 50, 60, 72, 80, 88, 96].map((q) => smartTarget('jpeg', q))).toEqual([41.1, 53.2, 60, 64.9, 73.2, 79, 84.6, 91.1].map((s) => expect.closeTo(s, 10)));
    expect(smartTarget('avif', 80)).toBeCloseTo(76.4, 10);
  });

  it('holds the scores at the table’s ends', () => {
    expect([1, 10, 29.9].map((q) => smartTarget('jpeg', q))).toEqual([41.1, 41.1, 41.1]);
    expect([97, 100].map((q) => smartTarget('jpeg', q))).toEqual([91.1, 91.1]);
    expect([smartTarget('webp', 5), smartTarget('webp', 100), smartTarget('avif', 20), smartTarget('avif', 99)]).toEqual([39.7, 89.1, 20.4, 92.4]);
  });

  it('PNG and JPEG XL use JPEG’s table', () => {
    for (const q of [20, 45, 66, 90, 100]) {
      expect(smartTarget('png', q)).toBe(smartTarget('jpeg', q));
      expect(smartTarget('jxl', q)).toBe(smartTarget('jpeg', q));
    }
    expect(smartTarget('png', 66)).toBeCloseTo(69.05, 10);
  });
});

describe('the smart search', () => {
  it('probes the sample from the asked quality down, then encodes the whole image once at the lowest reaching', async () => {
    // The target for JPEG at 80 is 79: 76 scores 79.7, 75 only 78.8.
    const { engine, result, probed } = await smart({ format: 'jpeg', quality: 80 });
    expect(probed).toEqual(['jpeg80', 'jpeg74', 'jpeg76', 'jpeg75']);
    expect(engine.pixelEncodes.every((p) => !p.lossless && p.exactQuality && p.size === null && p.width === 64 && p.height === 48)).toBe(true);
    expect(engine.encodeCalls).toEqual([{ format: 'jpeg', quality: 76, lossless: false, exactQuality: false, size: null }]);
    expect(result).toMatchObject({ chosenQuality: 76, targetMet: null, output: { format: 'jpeg', bytes: encodedSize('jpeg', 76, false, SIZE) } });
    expect(await scoreAt(76)).toBeGreaterThanOrEqual(smartTarget('jpeg', 80));
    expect(await scoreAt(75)).toBeLessThan(smartTarget('jpeg', 80));
  });

  it('gives the score it measured, to one decimal', async () => {
    const { result } = await smart({ format: 'jpeg', quality: 80 });
    const measured = await scoreAt(76);
    expect(result.perceptualScore).toBe(Math.round(measured * 10) / 10);
    expect(result.perceptualScore).toBe(79.7);
  });

  it('each format is held to its own table', async () => {
    const webp = await smart({ format: 'webp', quality: 60 });
    expect(webp.probed).toEqual(['webp60', 'webp48', 'webp52', 'webp53']);
    expect(webp.result).toMatchObject({ chosenQuality: 53, perceptualScore: 55.1 });
    const avif = await smart({ format: 'avif', quality: 90 });
    expect(avif.probed).toEqual(['avif90', 'avif84', 'avif82', 'avif45', 'avif63', 'avif72', 'avif77', 'avif81']);
    expect(avif.result).toMatchObject({ chosenQuality: 82, perceptualScore: 87 });
  });

  it('an image every quality shows perfectly goes down to 10, the lowest searched', async () => {
    const { result, probed } = await smart({ format: 'jpeg', quality: 80 }, { easy: true });
    expect(probed).toEqual(['jpeg80', 'jpeg50', 'jpeg29', 'jpeg19', 'jpeg14', 'jpeg11', 'jpeg10']);
    expect(result).toMatchObject({ chosenQuality: 10, perceptualScore: 100, output: { bytes: encodedSize('jpeg', 10, false, SIZE) } });
  });

  it('an asked quality at or below 10 is the whole range: one probe, and that quality', async () => {
    const five = await smart({ format: 'jpeg', quality: 5 }, { easy: true });
    expect(five.probed).toEqual(['jpeg5']);
    expect(five.engine.encodeCalls.map((c) => c.quality)).toEqual([5]);
    const ten = await smart({ format: 'jpeg', quality: 10 });
    expect(ten.probed).toEqual(['jpeg10']);
    // Missing the target at the asked quality keeps it: smart mode never goes above.
    expect(ten.result).toMatchObject({ chosenQuality: 10, perceptualScore: Math.round((await scoreAt(10)) * 10) / 10 });
    expect(ten.result.perceptualScore).toBeLessThan(smartTarget('jpeg', 10));
  });

  it('a bounded image is probed and encoded at its bounded size', async () => {
    const { engine, result } = await smart({ format: 'jpeg', quality: 80, maxWidth: 32 });
    expect(engine.pixelEncodes.map((p) => [p.width, p.height])).toEqual([[32, 24], [32, 24], [32, 24]]);
    expect(engine.encodeCalls).toEqual([{ format: 'jpeg', quality: result.chosenQuality, lossless: false, exactQuality: false, size: { width: 32, height: 24 } }]);
    expect(result.output).toMatchObject({ width: 32, height: 24 });
  });

  it('Auto searches every candidate, likeliest first, and keeps the smallest result', async () => {
    const { engine, result, probed } = await smart({ format: 'auto', formats: ['jpeg', 'webp', 'avif'], quality: 80 }, { format: 'png' });
    expect(probed).toEqual(['avif80', 'avif70', 'avif73', 'avif72', 'webp80', 'webp58', 'webp65', 'webp67', 'webp66', 'jpeg80', 'jpeg74', 'jpeg76', 'jpeg75']);
    expect(engine.encodeCalls.map((c) => `${c.format}${c.quality}`)).toEqual(['avif73', 'webp66', 'jpeg76']);
    expect(engine.pixelsCalls).toBe(1);
    expect(result).toMatchObject({ chosenQuality: 73, perceptualScore: 76.9, output: { format: 'avif', bytes: encodedSize('avif', 73, false, SIZE) } });
    expect(result.decision?.candidates).toEqual([
      { format: 'avif', bytes: encodedSize('avif', 73, false, SIZE) },
      { format: 'webp', bytes: encodedSize('webp', 66, false, SIZE) },
      { format: 'jpeg', bytes: encodedSize('jpeg', 76, false, SIZE) },
    ]);
  });
});

describe('the order and the choice every mode shares', () => {
  it('orders the candidates likeliest smallest first, each once', () => {
    expect(likeliestFirst(['png', 'jpeg', 'webp', 'jxl', 'avif', 'png', 'jpeg'])).toEqual(['avif', 'jxl', 'webp', 'jpeg', 'png']);
    expect(likeliestFirst(['jpeg', 'webp'])).toEqual(['webp', 'jpeg']);
    expect(likeliestFirst([])).toEqual([]);
  });

  const found = (format: ImageFormat, bytes: number, estimatedBytes?: number): Found => ({
    format,
    quality: 50,
    encoded: { data: new Uint8Array(bytes), width: 1, height: 1, ...(estimatedBytes === undefined ? {} : { estimatedBytes }) },
  });

  it('chooses the smallest, the first of equals, by the size each stands for', () => {
    expect(smallestOf([])).toBeNull();
    const [a, b, c] = [found('avif', 30), found('webp', 20), found('jpeg', 20)];
    expect(smallestOf([a, b, c])).toBe(b);
    expect(smallestOf([c, b])).toBe(c);
    expect(smallestOf([b, found('png', 5, 500), found('jxl', 50, 10)])?.format).toBe('jxl');
  });
});
