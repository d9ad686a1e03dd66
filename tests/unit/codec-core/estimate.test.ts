// The live estimate is the pipeline over a sampling engine: for an image no larger than the sample it must answer
// exactly what compress gives in every mode and case, and for a larger one the sample's sizes scaled up by the pixel
// ratio. Over the synthetic engine: the core's rules alone, without sharp.
import { describe, expect, it } from 'vitest';
import { compress, estimate, ESTIMATE_SAMPLE_PIXELS, type CodecSettings } from '#codec-core/index';
import { encodedSize, LIMITS, settingsWith, syntheticEngine, UPLOAD, type SyntheticOptions } from './synthetic-engine';

const SIZE = { width: 64, height: 48 };

async function both(options: SyntheticOptions, settings: CodecSettings) {
  const estimated = await estimate(syntheticEngine(options), UPLOAD, settings, LIMITS);
  const result = await compress(syntheticEngine(options), UPLOAD, settings, LIMITS);
  return { estimated, result };
}

/** What the estimate claims, next to the same facts of the real result. */
const claimOf = (e: Awaited<ReturnType<typeof estimate>>) => ({ format: e.format, bytes: e.estimatedBytes, kept: e.keepsOriginal, quality: e.quality, targetMet: e.targetMet });
const factsOf = (r: Awaited<ReturnType<typeof compress>>) => ({ format: r.output.format, bytes: r.output.bytes, kept: r.keptOriginal, quality: r.chosenQuality, targetMet: r.targetMet });

const jpegAt80 = encodedSize('jpeg', 80, false, SIZE);
const CASES: [string, SyntheticOptions, Partial<CodecSettings>][] = [
  ['quality, a fixed format', {}, { format: 'webp', quality: 70 }],
  ['quality, Auto', { format: 'png' }, { format: 'auto', formats: ['jpeg', 'webp', 'avif'], quality: 80 }],
  ['quality, the upload smaller than the encoding', { passOn: jpegAt80 - 1 }, { format: 'jpeg', quality: 80 }],
  ['quality, a conversion larger than the upload (0585)', { passOn: encodedSize('webp', 80, false, SIZE) - 1 }, { format: 'webp', quality: 80 }],
  ['lossless', { format: 'png' }, { format: 'webp', mode: 'lossless' }],
  ['lossless JPEG: only the upload', { passOn: 900 }, { format: 'jpeg', mode: 'lossless' }],
  ['smart', {}, { format: 'avif', mode: 'smart', quality: 80 }],
  ['smart, an easy image', { easy: true }, { format: 'webp', mode: 'smart', quality: 80 }],
  ['size, met', {}, { format: 'jpeg', mode: 'size', targetSize: 2000 }],
  ['size, the upload already fits', { passOn: 1500 }, { format: 'jpeg', mode: 'size', targetSize: 2000 }],
  ['size, not met and no resize', {}, { format: 'jpeg', mode: 'size', targetSize: encodedSize('jpeg', 1, false, SIZE) - 100, allowResize: false }],
  ['size, Auto', { format: 'png' }, { format: 'auto', formats: ['jpeg', 'avif'], mode: 'size', targetSize: 2000 }],
  ['a HEIC delivered as JPEG when its conversion is larger (0585)', { passOn: 1, decodedFrom: { format: 'heic', bytes: jpegAt80 } }, { format: 'png', quality: 80 }],
];

describe('an image within the sample: the estimate is the result', () => {
  it.each(CASES)('%s', async (_name, options, changes) => {
    const { estimated, result } = await both(options, settingsWith(changes));
    expect(estimated.sampled).toBe(false);
    expect(claimOf(estimated)).toEqual(factsOf(result));
  });
});

describe('the estimate runs on the sample', () => {
  it('a large image: every encoding is of the sample, its size scaled up to the whole', async () => {
    const big = { width: 1024, height: 1024 };
    const engine = syntheticEngine({ size: big });
    const estimated = await estimate(engine, UPLOAD, settingsWith({ format: 'webp', quality: 70 }), LIMITS);
    expect(estimated.sampled).toBe(true);
    // No whole-image encode; one of the sample, and one of the preview region.
    expect(engine.encodeCalls).toEqual([]);
    expect(engine.probes).toHaveLength(2);
    const whole = encodedSize('webp', 70, false, big);
    // The synthetic size is proportional to the pixels apart from its header, which is scaled up with the rest.
    expect(Math.abs(estimated.estimatedBytes - whole) / whole).toBeLessThan(0.001);
    expect(ESTIMATE_SAMPLE_PIXELS).toBeLessThan(big.width * big.height);
    expect([estimated.width, estimated.height]).toEqual([big.width, big.height]);
  });

  it('size mode: the target is judged on the scaled-up size, and a downscale is not estimated', async () => {
    const big = { width: 1024, height: 1024 };
    const tiny = encodedSize('jpeg', 1, false, big) - 100;
    const engine = syntheticEngine({ size: big });
    const estimated = await estimate(engine, UPLOAD, settingsWith({ format: 'jpeg', mode: 'size', targetSize: tiny, allowResize: true }), LIMITS);
    expect(estimated.targetMet).toBe(false);
    expect([estimated.width, estimated.height]).toEqual([big.width, big.height]);
    const fitting = await estimate(syntheticEngine({ size: big }), UPLOAD, settingsWith({ format: 'jpeg', mode: 'size', targetSize: 200_000 }), LIMITS);
    const real = await compress(syntheticEngine({ size: big }), UPLOAD, settingsWith({ format: 'jpeg', mode: 'size', targetSize: 200_000 }), LIMITS);
    expect(fitting.targetMet).toBe(true);
    expect(fitting.quality).toBe(real.chosenQuality);
  });

  it('the preview is the region at the chosen format and quality; a kept upload is previewed as lossless PNG', async () => {
    const engine = syntheticEngine();
    const estimated = await estimate(engine, UPLOAD, settingsWith({ format: 'avif', mode: 'smart', quality: 80 }), LIMITS, { left: 0, top: 0, width: 16, height: 16 });
    expect(estimated.previewFormat).toBe('avif');
    expect(engine.probes.at(-1)).toEqual({ format: 'avif', quality: estimated.quality });
    expect(estimated.preview.length).toBe(encodedSize('avif', estimated.quality!, false, { width: 16, height: 16 }));
    const kept = await estimate(syntheticEngine({ passOn: 10 }), UPLOAD, settingsWith({ format: 'jpeg' }), LIMITS);
    expect([kept.keepsOriginal, kept.previewFormat, kept.quality]).toEqual([true, 'png', null]);
  });
});
