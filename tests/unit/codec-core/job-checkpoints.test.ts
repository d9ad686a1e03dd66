// The checkpoints around every engine call (stoppable.ts) and the job that carries them (job.ts), on their own: each
// call is checked before it starts and after it answers, against every stop; what is not work (the formats, the words
// for a format not made, closing) is never refused; and a job without a stop uses the engine as it is.
import { describe, expect, it } from 'vitest';
import { clampQuality, type OpenImage } from '#codec-core/index';
import { newJob, stoppedBy } from '#codec-core/job';
import { stoppable } from '#codec-core/stoppable';
import { LIMITS, picture, settingsWith, syntheticEngine, UPLOAD } from './synthetic-engine';

const PARAMS = { quality: 60, lossless: false, exactQuality: false, size: null };

async function opened(options: Parameters<typeof syntheticEngine>[0] = {}) {
  const engine = syntheticEngine({ passOn: 123, ...options });
  const image = await engine.open(UPLOAD, settingsWith({ format: 'webp' }), LIMITS);
  return { engine, image };
}

describe('stoppable', () => {
  it('with no stop fired, every call is the engine’s own answer', async () => {
    const { engine, image } = await opened();
    const checked = stoppable(engine, [new AbortController().signal]);
    expect(checked.encodes).toBe(engine.encodes);
    expect(checked.cannotEncode('jxl')).toBe('jxl is not made by this engine');
    expect((await checked.open(UPLOAD, settingsWith({ format: 'png' }), LIMITS)).settings.format).toBe('png');
    expect(await checked.traits(image, { colours: true })).toEqual({ transparent: false, photographic: true });
    expect((await checked.encode(image, 'upload', 'webp', PARAMS)).data.length).toBe((await engine.encode(image, 'upload', 'webp', PARAMS)).data.length);
    expect(checked.passOn(image)?.length).toBe(123);
    expect(await checked.pixels(image)).toEqual(picture({ width: 64, height: 48 }));
    const encoded = await engine.encode(image, 'upload', 'jpeg', { ...PARAMS, quality: 100 });
    expect(await checked.decodePixels(image, encoded.data)).toEqual(picture({ width: 64, height: 48 }));
    checked.close(image);
    expect(engine.closed).toBe(1);
  });

  it('once any of the stops has fired, every call that works throws its reason before starting', async () => {
    const { engine, image } = await opened();
    const reason = new Error('the second stop');
    const checked = stoppable(engine, [new AbortController().signal, AbortSignal.abort(reason)]);
    await expect(checked.open(UPLOAD, settingsWith({}), LIMITS)).rejects.toBe(reason);
    await expect(checked.traits(image, { colours: false })).rejects.toBe(reason);
    await expect(checked.encode(image, 'upload', 'webp', PARAMS)).rejects.toBe(reason);
    await expect(checked.pixels(image)).rejects.toBe(reason);
    await expect(checked.decodePixels(image, new Uint8Array(20))).rejects.toBe(reason);
    expect(() => checked.passOn(image)).toThrow(reason);
    expect(engine.encodeCalls).toEqual([]);
    expect(engine.pixelsCalls).toBe(0);
    // Not work: still answered, so a stopped job can say what it could not make and release what it holds.
    expect(checked.encodes).toBe(engine.encodes);
    expect(checked.cannotEncode('avif')).toBe('avif is not made by this engine');
    checked.close(image);
    expect(engine.closed).toBe(1);
  });

  it('an answer that arrives after a stop fired is dropped for the stop’s reason', async () => {
    const { engine, image } = await opened();
    const controller = new AbortController();
    const reason = new Error('fired during the call');
    const checked = stoppable(
      {
        ...engine,
        pixels: async (at: OpenImage) => {
          const pixels = await engine.pixels(at);
          controller.abort(reason);
          return pixels;
        },
      },
      [controller.signal],
    );
    await expect(checked.pixels(image)).rejects.toBe(reason);
    expect(engine.pixelsCalls).toBe(1);
  });
});

describe('the job', () => {
  it('without a signal or an image stop the engine is used as it is; with either it is checked', async () => {
    const { engine, image } = await opened();
    expect(stoppedBy(engine, image)).toBe(engine);
    expect(newJob(engine, image).engine).toBe(engine);
    const signalled = stoppedBy(engine, image, new AbortController().signal);
    expect(signalled).not.toBe(engine);
    // Only the stops there are are checked: a signal alone, or the image's own stop alone, works.
    expect(signalled.passOn(image)?.length).toBe(123);
    const own = await opened({ stop: new AbortController().signal });
    const withOwnStop = stoppedBy(own.engine, own.image);
    expect(withOwnStop).not.toBe(own.engine);
    expect(withOwnStop.passOn(own.image)?.length).toBe(123);
    const stopped = await opened({ stop: AbortSignal.abort(new Error('deadline')) });
    expect(() => newJob(stopped.engine, stopped.image).engine.passOn(stopped.image)).toThrow('deadline');
  });

  it('the search budget ends that many seconds after the job starts, by the job’s clock; none without one', async () => {
    const { engine, image } = await opened();
    const now = () => 50_000;
    expect(newJob(engine, image, { searchSeconds: 2.5, now }).searchEndsAt).toBe(52_500);
    expect(newJob(engine, image, { searchSeconds: 0, now }).searchEndsAt).toBe(50_000);
    expect(newJob(engine, image, { now }).searchEndsAt).toBeNull();
    expect(newJob(engine, image, { now }).now()).toBe(50_000);
  });

  it('decodes the pixels once however often a mode asks, and carries the clamped quality', async () => {
    const { engine, image } = await opened();
    const job = newJob(engine, { ...image, settings: { ...image.settings, quality: 72.5 } });
    const [first, second] = await Promise.all([job.pixels(), job.pixels()]);
    expect(await job.pixels()).toBe(first);
    expect(second).toBe(first);
    expect(engine.pixelsCalls).toBe(1);
    expect(job.quality).toBe(73);
    expect(job.image.settings.quality).toBe(72.5);
  });

  it('clamps the quality to 1-100, rounded; a quality that is not a number is the default 80', () => {
    expect([0, 0.5, 1, 1.49, 99.5, 100, 101, -20].map(clampQuality)).toEqual([1, 1, 1, 1, 100, 100, 100, 1]);
    expect([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY].map(clampQuality)).toEqual([80, 80, 80]);
  });
});
