// What the pipeline's result says: the upload's facts, the notes (what opening left out, a result larger than the
// upload), the background transparency was flattened onto, the HEIC fallback only where it applies, and the pixel
// limit on a size asked for. Whole results are compared where they are short, so nothing extra slips in.
import { describe, expect, it } from 'vitest';
import { compress, type CodecSettings } from '#codec-core/index';
import { encodedSize, LIMITS, settingsWith, syntheticEngine, UPLOAD, type SyntheticEngine, type SyntheticOptions } from './synthetic-engine';

const SIZE = { width: 64, height: 48 };
const webpAt80 = encodedSize('webp', 80, false, SIZE);
const FRAMES_NOTE = 'This GIF has 12 frames; only the first was kept.';

async function run(changes: Partial<CodecSettings>, options: SyntheticOptions = {}, input = UPLOAD) {
  const engine = syntheticEngine(options);
  const traitsAsked: { colours: boolean }[] = [];
  const traits = engine.traits.bind(engine);
  engine.traits = async (image, wanted) => (traitsAsked.push(wanted), traits(image, wanted));
  const result = await compress(engine, input, settingsWith(changes), LIMITS);
  return { engine, result, traitsAsked };
}

const encodesOf = (engine: SyntheticEngine) => engine.encodeCalls.map((c) => `${c.format}${c.quality}${c.lossless ? ' lossless' : ''}`);

describe('the result’s facts and notes', () => {
  it('an encoding: the upload’s facts, the output’s, and no notes key at all when there is nothing to say', async () => {
    const { result } = await run({ format: 'webp', quality: 80 });
    expect({ ...result, data: result.data.length }).toEqual({
      data: webpAt80,
      input: { format: 'jpeg', bytes: UPLOAD.length, ...SIZE },
      output: { format: 'webp', bytes: webpAt80, ...SIZE },
      keptOriginal: false,
      flattenedOnto: null,
      decision: null,
      chosenQuality: 80,
      targetMet: null,
      perceptualScore: null,
    });
  });

  it('a kept upload: its own facts, and no notes key either', async () => {
    const { result } = await run({ format: 'jpeg', quality: 80 }, { passOn: 300 });
    expect({ ...result, data: result.data.length }).toEqual({
      data: 300,
      input: { format: 'jpeg', bytes: UPLOAD.length, ...SIZE },
      output: { format: 'jpeg', bytes: 300, ...SIZE },
      keptOriginal: true,
      flattenedOnto: null,
      decision: null,
      chosenQuality: null,
      targetMet: null,
      perceptualScore: null,
    });
  });

  it('a decoded upload is described as it came: its format and its bytes', async () => {
    const { result } = await run({ format: 'webp', quality: 80 }, { format: 'png', decodedFrom: { format: 'heic', bytes: 9000 } });
    expect(result.input).toEqual({ format: 'heic', bytes: 9000, ...SIZE });
  });

  it('what opening left out is said, before any other note, on encodings and kept uploads alike', async () => {
    expect((await run({ format: 'webp', quality: 80 }, { notes: [FRAMES_NOTE] })).result.notes).toEqual([FRAMES_NOTE]);
    expect((await run({ format: 'jpeg', quality: 80 }, { notes: [FRAMES_NOTE], passOn: 10 })).result).toMatchObject({ keptOriginal: true, notes: [FRAMES_NOTE] });
    const larger = await run({ format: 'webp', quality: 80 }, { notes: [FRAMES_NOTE], passOn: webpAt80 - 1 });
    expect(larger.result.notes).toEqual([FRAMES_NOTE, 'WebP of this image is 1% larger than the JPEG upload, so the upload is returned as JPEG, as it came (with only the metadata your settings keep)']);
    const given = await run({ format: 'webp', quality: 80 }, { notes: [FRAMES_NOTE] }, new Uint8Array(1000));
    expect(given.result.notes).toEqual([FRAMES_NOTE, 'WebP of this image is 72% larger than the JPEG upload, given as asked']);
  });

  it('a result as large as the upload is not said to be larger; one byte more is', async () => {
    expect((await run({ format: 'webp', quality: 80 }, {}, new Uint8Array(webpAt80))).result.notes).toBeUndefined();
    expect((await run({ format: 'webp', quality: 80 }, {}, new Uint8Array(webpAt80 - 1))).result.notes).toEqual(['WebP of this image is 1% larger than the JPEG upload, given as asked']);
  });
});

describe('flattening', () => {
  const transparent = { hasAlpha: true, traits: { transparent: true, photographic: true } };

  it('JPEG of a transparent image is flattened onto the background; the traits are looked at without counting colours', async () => {
    const { result, traitsAsked } = await run({ format: 'jpeg', background: '#123456' }, transparent);
    expect(result.flattenedOnto).toBe('#123456');
    expect(traitsAsked).toEqual([{ colours: false }]);
  });

  it('an alpha channel with no transparent pixel is not flattened', async () => {
    const { result, traitsAsked } = await run({ format: 'jpeg', background: '#123456' }, { hasAlpha: true, traits: { transparent: false, photographic: true } });
    expect(result.flattenedOnto).toBeNull();
    expect(traitsAsked).toEqual([{ colours: false }]);
  });

  it('no alpha channel, or a format that keeps it: nothing flattened and no traits looked at', async () => {
    const opaque = await run({ format: 'jpeg', background: '#123456' }, { traits: { transparent: true, photographic: true } });
    expect([opaque.result.flattenedOnto, opaque.traitsAsked]).toEqual([null, []]);
    const webp = await run({ format: 'webp', background: '#123456' }, transparent);
    expect([webp.result.flattenedOnto, webp.traitsAsked]).toEqual([null, []]);
  });

  it('Auto uses the traits it planned with, without looking again', async () => {
    const { result, traitsAsked } = await run({ format: 'auto', formats: ['jpeg'], background: '#abcdef' }, { ...transparent, format: 'png' });
    expect(result).toMatchObject({ flattenedOnto: '#abcdef', output: { format: 'jpeg' } });
    expect(traitsAsked).toEqual([{ colours: true }]);
  });
});

describe('the HEIC fallback applies only where it can', () => {
  const heic = (bytes: number, more: SyntheticOptions = {}) => ({ passOn: 1, decodedFrom: { format: 'heic' as const, bytes }, ...more });

  it('not for Auto: its candidates were the choice', async () => {
    const { engine, result } = await run({ format: 'auto', formats: ['png'], quality: 80 }, heic(3000));
    expect(encodesOf(engine)).toEqual(['png80']);
    expect(result.notes).toEqual(['PNG of this image is 78% larger than the HEIC upload, given as asked']);
  });

  it('not in lossless mode: JPEG has no lossless encoding', async () => {
    const { engine, result } = await run({ format: 'png', mode: 'lossless' }, heic(5000));
    expect(encodesOf(engine)).toEqual(['png80 lossless']);
    expect(result.notes).toEqual(['PNG of this image is 85% larger than the HEIC upload, given as asked']);
  });

  it('not when JPEG itself was asked for: it is not searched twice', async () => {
    const { engine, result } = await run({ format: 'jpeg', quality: 80 }, heic(1000));
    expect(encodesOf(engine)).toEqual(['jpeg80']);
    expect(result.notes).toEqual(['JPEG of this image is 2.1 times the size of the HEIC upload, given as asked']);
  });

  it('not for a resize, nor a format required as such', async () => {
    const resized = await run({ format: 'png', quality: 80, maxWidth: 32 }, heic(1000));
    expect([encodesOf(resized.engine), resized.result.output.format]).toEqual([['png80'], 'png']);
    const required = await run({ format: 'png', quality: 80, formatRequired: true }, heic(2200));
    expect([encodesOf(required.engine), required.result.output.format]).toEqual([['png80'], 'png']);
    const asked = await run({ format: 'png', quality: 80 }, heic(2200));
    expect([encodesOf(asked.engine), asked.result.output.format]).toEqual([['png80', 'jpeg80'], 'jpeg']);
  });
});

describe('the size asked for is held to the pixel limit', () => {
  const box = (width: number, height: number) => settingsWith({ format: 'jpeg', maxWidth: width, maxHeight: height, fit: 'cover' });
  const limits = { ...LIMITS, maxPixels: 1_000_000 };

  it('exactly the limit is allowed; one row more is refused, before anything is encoded', async () => {
    const allowed = await compress(syntheticEngine(), UPLOAD, box(1000, 1000), limits);
    expect(allowed.output).toMatchObject({ width: 1000, height: 1000 });
    const engine = syntheticEngine();
    await expect(compress(engine, UPLOAD, box(1000, 1001), limits)).rejects.toMatchObject({
      kind: 'too-many-pixels',
      message: 'The image is 1000×1001 pixels (1 megapixels); the limit is 1 megapixels',
    });
    expect([engine.encodeCalls.length, engine.closed]).toEqual([0, 1]);
  });
});
