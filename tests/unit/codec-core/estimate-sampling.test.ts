// The live estimate's own parts: the sampling engine (every encoding of the upload is the sample's, scaled up to the
// whole), the preview's encoding, an animation's stacked frames standing for all of them, an upload a caller passes on
// instead, and the API's shape of the answer. Over the synthetic engine, whose sizes are exact.
import { describe, expect, it } from 'vitest';
import { CodecError, estimate, estimateJson, type ImageFormat } from '#codec-core/index';
import { samplingEngine } from '#codec-core/estimate';
import { encodedSize, LIMITS, picture, settingsWith, syntheticEngine, UPLOAD } from './synthetic-engine';

const SIZE = { width: 64, height: 48 };
const PARAMS = { quality: 50, lossless: false, exactQuality: true, size: null };

describe('samplingEngine', () => {
  async function sampling() {
    const engine = syntheticEngine({ passOn: 77 });
    const image = await engine.open(UPLOAD, settingsWith({ format: 'jpeg' }), LIMITS);
    const sample = picture({ width: 32, height: 24 });
    return { engine, image, sample, sampled: samplingEngine(engine, sample, SIZE) };
  }

  it('encodes the sample for the upload and stands it for the whole image by the pixel ratio', async () => {
    const { engine, image, sampled } = await sampling();
    const bytes = encodedSize('jpeg', 50, false, { width: 32, height: 24 });
    const encoded = await sampled.encode(image, 'upload', 'jpeg', PARAMS);
    expect([encoded.data.length, encoded.width, encoded.height, encoded.estimatedBytes]).toEqual([bytes, 64, 48, bytes * 4]);
    // The same with the output size asked for explicitly; the engine saw the sample, never a size.
    await sampled.encode(image, 'upload', 'jpeg', { ...PARAMS, size: SIZE });
    expect(engine.encodeCalls).toEqual([]);
    expect(engine.pixelEncodes).toEqual([1, 2].map(() => ({ format: 'jpeg', ...PARAMS, width: 32, height: 24 })));
  });

  it('scales by the frames the whole stands for, and rounds', async () => {
    const { image } = await sampling();
    const sample = picture({ width: 30, height: 20 });
    const encoded = await samplingEngine(syntheticEngine(), sample, SIZE, 3).encode(image, 'upload', 'webp', PARAMS);
    const bytes = encodedSize('webp', 50, false, { width: 30, height: 20 });
    expect(encoded.estimatedBytes).toBe(Math.round((bytes * 64 * 48 * 3) / 600));
  });

  it('refuses any other size of the upload: a downscale is not estimated', async () => {
    const { image, sampled } = await sampling();
    const refusal = new RangeError('the estimate samples the image at its output size only');
    await expect(sampled.encode(image, 'upload', 'jpeg', { ...PARAMS, size: { width: 32, height: 48 } })).rejects.toEqual(refusal);
    await expect(sampled.encode(image, 'upload', 'jpeg', { ...PARAMS, size: { width: 64, height: 24 } })).rejects.toEqual(refusal);
    await expect(samplingEngine(syntheticEngine(), picture(SIZE), { width: 64, height: 47 }).encode(image, 'upload', 'jpeg', PARAMS)).rejects.toEqual(refusal);
  });

  it('encodes bare pixels as they are, with no estimate', async () => {
    const { engine, image, sampled } = await sampling();
    const region = picture({ width: 10, height: 10 });
    const encoded = await sampled.encode(image, region, 'png', PARAMS);
    expect(encoded).toEqual({ data: expect.any(Uint8Array), width: 10, height: 10 });
    expect(encoded.data.length).toBe(encodedSize('png', 50, false, { width: 10, height: 10 }));
    expect(engine.pixelEncodes).toEqual([{ format: 'png', ...PARAMS, width: 10, height: 10 }]);
  });

  it('everything else is the engine’s own, and the pixels are the sample', async () => {
    const { engine, image, sample, sampled } = await sampling();
    expect(sampled.encodes).toBe(engine.encodes);
    expect(sampled.cannotEncode('jxl')).toBe('jxl is not made by this engine');
    expect((await sampled.open(UPLOAD, settingsWith({ format: 'avif' }), LIMITS)).settings.format).toBe('avif');
    sampled.close(image);
    expect(engine.closed).toBe(1);
    expect(await sampled.traits(image, { colours: true })).toEqual({ transparent: false, photographic: true });
    expect(sampled.passOn(image)?.length).toBe(77);
    expect(await sampled.pixels(image)).toBe(sample);
    expect(engine.pixelsCalls).toBe(0);
    expect(await sampled.decodePixels(image, Uint8Array.of(100, 1))).toEqual(picture(SIZE));
  });
});

describe('the preview', () => {
  const previewOf = (engine: ReturnType<typeof syntheticEngine>) => engine.pixelEncodes.at(-1);

  it('is the region in the result’s format at its quality, never exact, at its own size', async () => {
    const engine = syntheticEngine();
    const estimated = await estimate(engine, UPLOAD, settingsWith({ format: 'webp', quality: 70 }), LIMITS, { left: 4, top: 2, width: 20, height: 10 });
    expect(previewOf(engine)).toEqual({ format: 'webp', quality: 70, lossless: false, exactQuality: false, size: null, width: 20, height: 10 });
    expect(estimated.preview.length).toBe(encodedSize('webp', 70, false, { width: 20, height: 10 }));
    expect(estimated.region).toEqual({ left: 4, top: 2, width: 20, height: 10 });
  });

  it('a lossless result is previewed losslessly', async () => {
    const engine = syntheticEngine({ format: 'png' });
    const estimated = await estimate(engine, UPLOAD, settingsWith({ format: 'webp', mode: 'lossless' }), LIMITS);
    expect(estimated.quality).toBeNull();
    expect(previewOf(engine)).toEqual({ format: 'webp', quality: 100, lossless: true, exactQuality: false, size: null, ...SIZE });
  });

  it('a kept upload is previewed as a fast lossless PNG', async () => {
    const engine = syntheticEngine({ passOn: 10 });
    const estimated = await estimate(engine, UPLOAD, settingsWith({ format: 'jpeg', quality: 70 }), LIMITS);
    expect([estimated.keepsOriginal, estimated.previewFormat, estimated.format]).toEqual([true, 'png', 'jpeg']);
    expect(previewOf(engine)).toEqual({ format: 'png', quality: 100, lossless: true, exactQuality: false, size: null, fast: true, ...SIZE });
  });
});

describe('an animation', () => {
  it('its stacked frames stand for all of them, and the preview and size are of the first', async () => {
    const engine = syntheticEngine({ frames: { count: 10, inPixels: 2 } });
    const estimated = await estimate(engine, UPLOAD, settingsWith({ format: 'webp', quality: 70 }), LIMITS);
    const stacked = encodedSize('webp', 70, false, { width: 64, height: 96 });
    // The sample is the two frames (64×96): ten frames of 64×48 are five times its pixels.
    expect(engine.pixelEncodes.map(({ width, height }) => [width, height])).toEqual([[64, 96], [64, 48]]);
    expect(estimated).toMatchObject({ format: 'webp', estimatedBytes: stacked * 5, sampled: true, width: 64, height: 48, quality: 70, previewFormat: 'webp' });
    expect(estimated.region).toEqual({ left: 0, top: 0, width: 64, height: 48 });
  });

  it('every frame in the pixels: nothing sampled', async () => {
    const estimated = await estimate(syntheticEngine({ frames: { count: 2, inPixels: 2 } }), UPLOAD, settingsWith({ format: 'webp', quality: 70 }), LIMITS);
    expect([estimated.sampled, estimated.estimatedBytes, estimated.height]).toEqual([false, encodedSize('webp', 70, false, { width: 64, height: 96 }), 48]);
  });
});

describe('an upload the caller passes on instead', () => {
  const made = (format: ImageFormat, quality: number) => ({ format, bytes: encodedSize(format, quality, false, SIZE) });

  it('is weighed against what the run made, and when it is passed on the estimate says so', async () => {
    const asked: unknown[] = [];
    const instead = async (given: unknown) => (asked.push(given), { bytes: 300 });
    const engine = syntheticEngine();
    const estimated = await estimate(engine, UPLOAD, settingsWith({ format: 'webp', quality: 70 }), LIMITS, undefined, undefined, instead);
    expect(asked).toEqual([made('webp', 70)]);
    expect(estimated).toMatchObject({ format: 'webp', estimatedBytes: 300, keepsOriginal: true, quality: null, targetMet: null, previewFormat: 'png' });
    expect(engine.pixelEncodes.at(-1)).toMatchObject({ format: 'png', lossless: true, fast: true });
  });

  it('is judged against the target in size mode', async () => {
    const settings = settingsWith({ format: 'jpeg', mode: 'size', targetSize: 2000 });
    const within = await estimate(syntheticEngine(), UPLOAD, settings, LIMITS, undefined, undefined, async () => ({ bytes: 2000 }));
    expect([within.keepsOriginal, within.targetMet, within.estimatedBytes]).toEqual([true, true, 2000]);
    const over = await estimate(syntheticEngine(), UPLOAD, settings, LIMITS, undefined, undefined, async () => ({ bytes: 2001 }));
    expect([over.keepsOriginal, over.targetMet, over.estimatedBytes]).toEqual([true, false, 2001]);
  });

  it('not passed on: the run’s own answer; an upload the run kept is not weighed again', async () => {
    const none = await estimate(syntheticEngine(), UPLOAD, settingsWith({ format: 'webp', quality: 70 }), LIMITS, undefined, undefined, async () => null);
    expect(none).toMatchObject({ estimatedBytes: made('webp', 70).bytes, keepsOriginal: false, quality: 70, previewFormat: 'webp' });
    let asked = 0;
    const kept = await estimate(syntheticEngine({ passOn: 10 }), UPLOAD, settingsWith({ format: 'jpeg' }), LIMITS, undefined, undefined, async () => (asked++, { bytes: 1 }));
    expect([asked, kept.estimatedBytes, kept.keepsOriginal]).toEqual([0, 10, true]);
  });
});

describe('what the estimate refuses', () => {
  it('a fixed format the engine does not make, in the engine’s words', async () => {
    const engine = syntheticEngine({ encodes: ['jpeg', 'webp'] });
    await expect(estimate(engine, UPLOAD, settingsWith({ format: 'avif' }), LIMITS)).rejects.toEqual(new CodecError('unsupported-format', 'avif is not made by this engine'));
    expect(engine.closed).toBe(1);
  });
});

describe('estimateJson', () => {
  it('is the estimate in the API’s words, with the format’s MIME type and the preview’s URL', () => {
    const region = { left: 1, top: 2, width: 3, height: 4 };
    const common = { estimatedBytes: 1234, keepsOriginal: false, sampled: true, width: 640, height: 480, region, quality: 61, targetMet: true, previewFormat: 'avif' as const };
    expect(estimateJson({ ...common, format: 'avif' }, 'blob:preview')).toEqual({
      outputFormat: 'avif',
      outputMimeType: 'image/avif',
      estimatedSize: 1234,
      keepsOriginal: false,
      sampled: true,
      width: 640,
      height: 480,
      region,
      quality: 61,
      targetMet: true,
      preview: 'blob:preview',
    });
    expect(estimateJson({ ...common, format: 'svg', keepsOriginal: true, quality: null, targetMet: null }, '')).toMatchObject({ outputFormat: 'svg', outputMimeType: 'image/svg+xml', keepsOriginal: true, quality: null, targetMet: null });
  });
});
