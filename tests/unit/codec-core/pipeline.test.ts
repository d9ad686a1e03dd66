// The one pipeline with every strategy, over the synthetic engine: what each mode chooses, when the upload wins
// (never larger), and what is refused. No sharp: the core's rules alone, in milliseconds.
import { describe, expect, it } from 'vitest';
import { CodecError, compress, estimate, LOSSLESS_JPEG_MESSAGE, smartTarget, ssimulacra2 } from '#codec-core/index';
import { encodedSize, HEADER, LIMITS, picture, settingsWith, syntheticEngine, UPLOAD } from './synthetic-engine';

const SIZE = { width: 64, height: 48 };

describe('quality mode', () => {
  it('encodes a fixed format once, at the asked quality, at the upload’s size', async () => {
    const engine = syntheticEngine();
    const result = await compress(engine, UPLOAD, settingsWith({ format: 'webp', quality: 75 }), LIMITS);
    expect(engine.encodeCalls).toEqual([{ format: 'webp', quality: 75, lossless: false, exactQuality: false, size: null }]);
    expect(result.output).toEqual({ format: 'webp', bytes: encodedSize('webp', 75, false, SIZE), ...SIZE });
    expect(result.chosenQuality).toBe(75);
    expect(result.keptOriginal).toBe(false);
    expect(result.targetMet).toBeNull();
    expect(engine.closed).toBe(1);
  });

  it('clamps the quality to 1-100 and rounds it', async () => {
    const engine = syntheticEngine();
    await compress(engine, UPLOAD, settingsWith({ format: 'jpeg', quality: 140 }), LIMITS);
    await compress(engine, UPLOAD, settingsWith({ format: 'jpeg', quality: 0.4 }), LIMITS);
    await compress(engine, UPLOAD, settingsWith({ format: 'jpeg', quality: 54.6 }), LIMITS);
    expect(engine.encodeCalls.map((e) => e.quality)).toEqual([100, 1, 55]);
  });

  it('Auto encodes every candidate and keeps the smallest, with the decision recorded', async () => {
    const engine = syntheticEngine({ format: 'png' });
    const result = await compress(engine, UPLOAD, settingsWith({ format: 'auto', formats: ['jpeg', 'webp', 'avif'] }), LIMITS);
    expect(engine.encodeCalls.map((e) => e.format).sort()).toEqual(['avif', 'jpeg', 'webp']);
    expect(result.output.format).toBe('avif');
    expect(result.decision?.winner).toBe('avif');
    expect(result.decision?.candidates.map((c) => c.format).sort()).toEqual(['avif', 'jpeg', 'webp']);
  });

  it('resizes to the bounds and never passes on an upload that was to be resized', async () => {
    const engine = syntheticEngine({ passOn: 10 });
    const result = await compress(engine, UPLOAD, settingsWith({ format: 'jpeg', maxWidth: 32 }), LIMITS);
    expect(engine.encodeCalls[0]!.size).toEqual({ width: 32, height: 24 });
    expect(result.keptOriginal).toBe(false);
    expect(result.output).toMatchObject({ width: 32, height: 24 });
  });

  it('refuses bounds that ask for more pixels than the limit before encoding anything', async () => {
    const engine = syntheticEngine();
    const settings = settingsWith({ format: 'jpeg', maxWidth: 5000, maxHeight: 5000, fit: 'cover' });
    await expect(compress(engine, UPLOAD, settings, { ...LIMITS, maxPixels: 1_000_000 })).rejects.toMatchObject({ kind: 'too-many-pixels' });
    expect(engine.encodeCalls).toEqual([]);
    expect(engine.closed).toBe(1);
  });
});

describe('never larger', () => {
  const jpegAt80 = encodedSize('jpeg', 80, false, SIZE);

  it('passes the upload on when it is smaller than the encoding, in its own format', async () => {
    const engine = syntheticEngine({ passOn: jpegAt80 - 1 });
    const result = await compress(engine, UPLOAD, settingsWith({ format: 'original', quality: 80 }), LIMITS);
    expect(result.keptOriginal).toBe(true);
    expect(result.data.length).toBe(jpegAt80 - 1);
    expect(result.output).toMatchObject({ format: 'jpeg', bytes: jpegAt80 - 1 });
    expect(result.chosenQuality).toBeNull();
  });

  it('a tie goes to the upload; one byte more goes to the encoding', async () => {
    const tie = await compress(syntheticEngine({ passOn: jpegAt80 }), UPLOAD, settingsWith({ format: 'jpeg', quality: 80 }), LIMITS);
    expect(tie.keptOriginal).toBe(true);
    const larger = await compress(syntheticEngine({ passOn: jpegAt80 + 1 }), UPLOAD, settingsWith({ format: 'jpeg', quality: 80 }), LIMITS);
    expect(larger.keptOriginal).toBe(false);
    expect(larger.data.length).toBe(jpegAt80);
  });

  it('a conversion larger than the upload gives the upload, in its own format, and the note says why (0585)', async () => {
    const webpAt80 = encodedSize('webp', 80, false, SIZE);
    const larger = await compress(syntheticEngine({ passOn: webpAt80 - 1 }), UPLOAD, settingsWith({ format: 'webp', quality: 80 }), LIMITS);
    expect(larger.keptOriginal).toBe(true);
    expect(larger.output).toMatchObject({ format: 'jpeg', bytes: webpAt80 - 1 });
    expect(larger.notes).toEqual([`WebP of this image is 1% larger than the JPEG upload, so the upload is returned as JPEG, as it came (with only the metadata your settings keep)`]);
    // Asked for, and no larger: the conversion, even on a tie (the format was the point of asking).
    const tie = await compress(syntheticEngine({ passOn: webpAt80 }), UPLOAD, settingsWith({ format: 'webp', quality: 80 }), LIMITS);
    expect(tie.keptOriginal).toBe(false);
    expect(tie.output.format).toBe('webp');
    expect(tie.notes).toBeUndefined();
  });

  it('a JPEG XL, which browsers cannot show, is never the fallback: the conversion is given, and the note says it is larger', async () => {
    const auto = await compress(syntheticEngine({ format: 'jxl', passOn: 20, decodedFrom: { format: 'jxl', bytes: 100 } }), UPLOAD, settingsWith({ format: 'auto', mode: 'lossless' }), LIMITS);
    expect(auto.keptOriginal).toBe(false);
    expect(auto.notes).toEqual([expect.stringMatching(/^\w+ of this image is .* the JPEG XL upload, given as asked$/)]);
    const jpeg = await compress(syntheticEngine({ format: 'jxl', passOn: 20, decodedFrom: { format: 'jxl', bytes: 100 } }), UPLOAD, settingsWith({ format: 'jpeg' }), LIMITS);
    expect(jpeg.output.format).toBe('jpeg');
  });

  it('a HEIC, which cannot be handed back, whose conversion is larger than it is delivered as JPEG when that is no larger', async () => {
    const pngAt80 = encodedSize('png', 80, false, SIZE);
    const jpegAt80 = encodedSize('jpeg', 80, false, SIZE);
    const heic = (bytes: number) => syntheticEngine({ passOn: 1, decodedFrom: { format: 'heic', bytes } });
    const fallback = await compress(heic(jpegAt80), UPLOAD, settingsWith({ format: 'png', quality: 80 }), LIMITS);
    expect(fallback.output).toMatchObject({ format: 'jpeg', bytes: jpegAt80 });
    expect(fallback.keptOriginal).toBe(false);
    expect(fallback.notes).toEqual([expect.stringMatching(/^PNG of this image is [\d.]+ times the size of the HEIC upload, which browsers other than Safari cannot show, so it is delivered as JPEG/)]);
    // JPEG larger than the upload too: what was asked for, and the card says it is larger.
    const neither = await compress(heic(jpegAt80 - 1), UPLOAD, settingsWith({ format: 'png', quality: 80 }), LIMITS);
    expect(neither.output).toMatchObject({ format: 'png', bytes: pngAt80 });
    // No larger than the upload: what was asked for, no second search.
    const engine = heic(pngAt80);
    const asked = await compress(engine, UPLOAD, settingsWith({ format: 'png', quality: 80 }), LIMITS);
    expect(asked.output.format).toBe('png');
    expect(engine.encodeCalls.map((e) => e.format)).toEqual(['png']);
  });

  it('never passes on an upload the engine cannot strip, nor one to be resized', async () => {
    const unstrippable = await compress(syntheticEngine({ passOn: null }), UPLOAD, settingsWith({ format: 'webp' }), LIMITS);
    expect(unstrippable.keptOriginal).toBe(false);
    const resized = await compress(syntheticEngine({ passOn: 10 }), UPLOAD, settingsWith({ format: 'webp', maxWidth: 32 }), LIMITS);
    expect(resized.keptOriginal).toBe(false);
  });

  it('Auto weighs the upload among the candidates and records it', async () => {
    const engine = syntheticEngine({ passOn: 100 });
    const result = await compress(engine, UPLOAD, settingsWith({ format: 'auto', formats: ['jpeg', 'webp'] }), LIMITS);
    expect(result.keptOriginal).toBe(true);
    expect(result.decision).toMatchObject({ winner: 'jpeg', keptOriginal: true });
    expect(result.decision?.candidates).toContainEqual({ format: 'jpeg', bytes: 100, original: true });
  });
});

describe('lossless mode', () => {
  it('encodes losslessly in a format that has it', async () => {
    const engine = syntheticEngine({ format: 'png' });
    const result = await compress(engine, UPLOAD, settingsWith({ format: 'png', mode: 'lossless' }), LIMITS);
    expect(engine.encodeCalls).toEqual([expect.objectContaining({ format: 'png', lossless: true })]);
    expect(result.output.bytes).toBe(encodedSize('png', 100, true, SIZE));
  });

  it('JPEG has no lossless encoding: only the upload itself, else a clear refusal', async () => {
    const kept = await compress(syntheticEngine({ passOn: 900 }), UPLOAD, settingsWith({ format: 'jpeg', mode: 'lossless' }), LIMITS);
    expect(kept.keptOriginal).toBe(true);
    const refused = compress(syntheticEngine({ passOn: null }), UPLOAD, settingsWith({ format: 'jpeg', mode: 'lossless' }), LIMITS);
    await expect(refused).rejects.toEqual(new CodecError('unsupported-format', LOSSLESS_JPEG_MESSAGE));
  });
});

describe('size mode', () => {
  const target = 2000;

  it('gives the largest quality that fits the target, and says the target was met', async () => {
    const engine = syntheticEngine();
    const result = await compress(engine, UPLOAD, settingsWith({ format: 'jpeg', mode: 'size', targetSize: target }), LIMITS);
    expect(result.output.bytes).toBeLessThanOrEqual(target);
    expect(result.targetMet).toBe(true);
    const q = result.chosenQuality!;
    expect(encodedSize('jpeg', q, false, SIZE)).toBeLessThanOrEqual(target);
    expect(encodedSize('jpeg', q + 1, false, SIZE)).toBeGreaterThan(target);
    expect(engine.encodeCalls.every((e) => e.exactQuality)).toBe(true);
  });

  it('passes on an upload that already fits, without encoding anything', async () => {
    const engine = syntheticEngine({ passOn: target });
    const result = await compress(engine, UPLOAD, settingsWith({ format: 'jpeg', mode: 'size', targetSize: target }), LIMITS);
    expect(result).toMatchObject({ keptOriginal: true, targetMet: true });
    expect(engine.encodeCalls).toEqual([]);
  });

  it('an upload given back because the asked format came out larger is judged against the target like any result', async () => {
    // WebP at the highest quality within the target is larger than the JPEG upload, which is under the target too.
    const result = await compress(syntheticEngine({ passOn: target - 500 }), UPLOAD, settingsWith({ format: 'webp', mode: 'size', targetSize: target }), LIMITS);
    expect(result).toMatchObject({ keptOriginal: true, output: { format: 'jpeg', bytes: target - 500 }, targetMet: true });
    const over = await compress(syntheticEngine({ passOn: target + 1 }), UPLOAD, settingsWith({ format: 'jpeg', mode: 'size', targetSize: target }), LIMITS);
    expect(over.output.bytes).toBeLessThanOrEqual(target);
    expect(over.targetMet).toBe(true);
  });

  it('downscales when even the lowest quality is too big and resizing is allowed', async () => {
    const tiny = encodedSize('jpeg', 1, false, SIZE) - 20;
    const engine = syntheticEngine();
    const result = await compress(engine, UPLOAD, settingsWith({ format: 'jpeg', mode: 'size', targetSize: tiny, allowResize: true }), LIMITS);
    expect(result.output.width).toBeLessThan(SIZE.width);
    expect(result.output.bytes).toBeLessThanOrEqual(tiny);
    expect(result.targetMet).toBe(true);
  });

  it('gives the smallest it made and says the target was missed when resizing is not allowed', async () => {
    const tiny = encodedSize('jpeg', 1, false, SIZE) - 100;
    const result = await compress(syntheticEngine(), UPLOAD, settingsWith({ format: 'jpeg', mode: 'size', targetSize: tiny, allowResize: false }), LIMITS);
    expect(result.targetMet).toBe(false);
    expect(result.output.width).toBe(SIZE.width);
    expect(result.output.bytes).toBe(encodedSize('jpeg', result.chosenQuality!, false, SIZE));
    expect(result.output.bytes).toBeGreaterThan(tiny);
  });

  it('Auto keeps the smallest format that fits', async () => {
    const result = await compress(syntheticEngine({ format: 'png' }), UPLOAD, settingsWith({ format: 'auto', formats: ['jpeg', 'avif'], mode: 'size', targetSize: target }), LIMITS);
    expect(result.targetMet).toBe(true);
    expect(result.output.bytes).toBeLessThanOrEqual(target);
  });
});

describe('smart mode', () => {
  it('goes below the asked quality as far as the score for it allows, and never above', async () => {
    const engine = syntheticEngine();
    const result = await compress(engine, UPLOAD, settingsWith({ format: 'jpeg', mode: 'smart', quality: 80 }), LIMITS);
    const chosen = result.chosenQuality!;
    expect(chosen).toBeLessThanOrEqual(80);
    expect(result.perceptualScore).not.toBeNull();
    expect(result.perceptualScore!).toBeGreaterThanOrEqual(smartTarget('jpeg', 80));
    expect(engine.probes.length).toBeGreaterThan(1);
    // The score one quality lower misses the target (the noise grows as the quality falls).
    const lower = await syntheticEngine().decodePixels({ upright: SIZE, bounded: null } as never, Uint8Array.of(chosen - 1, 1));
    expect(ssimulacra2(picture(SIZE), lower)).toBeLessThan(smartTarget('jpeg', 80));
  });

  it('an image every quality shows perfectly goes to the lowest quality searched', async () => {
    const result = await compress(syntheticEngine({ easy: true }), UPLOAD, settingsWith({ format: 'jpeg', mode: 'smart', quality: 80 }), LIMITS);
    expect(result.chosenQuality).toBe(10);
    expect(result.output.bytes).toBe(encodedSize('jpeg', 10, false, SIZE));
  });

  it('never spends more than quality mode would', async () => {
    const smart = await compress(syntheticEngine(), UPLOAD, settingsWith({ format: 'webp', mode: 'smart', quality: 60 }), LIMITS);
    const quality = await compress(syntheticEngine(), UPLOAD, settingsWith({ format: 'webp', mode: 'quality', quality: 60 }), LIMITS);
    expect(smart.output.bytes).toBeLessThanOrEqual(quality.output.bytes);
    expect(smart.output.bytes).toBeGreaterThan(HEADER);
  });
});

describe('the estimate says what the pipeline gives', () => {
  it('a conversion larger than the upload: the estimate keeps the original, as the result does (0585)', async () => {
    const webpAt80 = encodedSize('webp', 80, false, SIZE);
    const settings = settingsWith({ format: 'webp', quality: 80 });
    const estimated = await estimate(syntheticEngine({ passOn: webpAt80 - 1 }), UPLOAD, settings, LIMITS);
    const result = await compress(syntheticEngine({ passOn: webpAt80 - 1 }), UPLOAD, settings, LIMITS);
    expect([estimated.keepsOriginal, estimated.estimatedBytes]).toEqual([result.keptOriginal, result.data.length]);
    expect(estimated.keepsOriginal).toBe(true);
  });
});

describe('AVIF past its memory limit (0587)', () => {
  it('Auto leaves AVIF out of a 25-megapixel image, saying why, and keeps it for the same image resized', async () => {
    const big = { width: 5000, height: 5000 };
    const engine = syntheticEngine({ size: big, format: 'png' });
    const result = await compress(engine, UPLOAD, settingsWith({ format: 'auto', formats: ['webp', 'avif'] }), LIMITS);
    expect(engine.encodeCalls.map((e) => e.format)).toEqual(['webp']);
    expect(result.decision?.skipped).toContainEqual({ format: 'avif', reason: 'over the 24 megapixel limit for AVIF' });
    const resized = syntheticEngine({ size: big, format: 'png' });
    await compress(resized, UPLOAD, settingsWith({ format: 'auto', formats: ['webp', 'avif'], maxWidth: 2000 }), LIMITS);
    expect(resized.encodeCalls.map((e) => e.format).sort()).toEqual(['avif', 'webp']);
  });
});
