// Animated PNG: every frame read (libvips reads only the default image), composited with its dispose and blend ops,
// and written as animated WebP with its delays and loop count; a frame bomb refused from acTL before decoding; frames
// outside the canvas, frame counts that do not match and truncated frame data refused as damaged.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CodecError, estimate } from '#server/codec/index';
import { apng, solid, textured } from '../../support/animation';
import { compress, HANG_GUARD_MS } from './unhurried';

const W = 40;
const H = 30;

/** The RGBA pixel at (x, y) of frame `page` of an animated result. */
async function pixelAt(image: Buffer, page: number, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image, { page }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [...data.subarray(at, at + 4)];
}

const errorOf = (input: Buffer, format?: 'avif') => compress(input, { quality: 80, format }).then(() => null, (e: unknown) => e as CodecError);

describe('animated PNG', { timeout: HANG_GUARD_MS }, () => {
  it('keeps every frame, the delays and the loop count, as animated WebP in original format', async () => {
    const frames = [0, 1, 2].map((k) => ({ rgba: textured(W, H, k), width: W, height: H, delay: [100, 250, 40][k]! }));
    const input = await apng({ width: W, height: H, loop: 2 }, frames);
    const result = await compress(input, { quality: 80 });
    expect(result.frames).toBe(3);
    expect(result.input).toEqual({ format: 'png', bytes: input.length, width: W, height: H });
    expect(result.output).toMatchObject({ format: 'webp', width: W, height: H });
    const meta = await sharp(result.data, { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.pageHeight, meta.delay, meta.loop]).toEqual(['webp', 3, H, [100, 250, 40], 2]);
    // The last frame is the last frame, not the default image repeated.
    const last = await sharp(result.data, { page: 2 }).raw().toBuffer();
    expect(last.equals(await sharp(result.data, { page: 0 }).raw().toBuffer())).toBe(false);
  });

  it('composites sub-frames: blend over and source, dispose to background and to previous', async () => {
    const red = solid(W, H, [255, 0, 0, 255]);
    const input = await apng({ width: W, height: H, loop: 0 }, [
      { rgba: red, width: W, height: H, delay: 100 },
      // Half-transparent blue over the red at (10, 10), then cleared to transparent after it is shown.
      { rgba: solid(10, 10, [0, 0, 255, 128]), width: 10, height: 10, x: 10, y: 10, delay: 100, blend: 1, dispose: 1 },
      // Green replacing (source) at (0, 0), then the canvas restored to what it was before it.
      { rgba: solid(5, 5, [0, 255, 0, 255]), width: 5, height: 5, delay: 100, blend: 0, dispose: 2 },
      // A 1×1 frame drawn over: the canvas shows what the dispose ops left.
      { rgba: solid(1, 1, [0, 0, 0, 0]), width: 1, height: 1, x: 39, y: 29, delay: 100, blend: 1 },
    ]);
    const result = await compress(input, { quality: 80, mode: 'lossless', format: 'webp' });
    expect(result.output.format).toBe('webp');
    expect(await pixelAt(result.data, 0, 15, 15)).toEqual([255, 0, 0, 255]);
    const blended = await pixelAt(result.data, 1, 15, 15);
    expect(blended[0]).toBeGreaterThan(120);
    expect(blended[0]).toBeLessThan(135);
    expect(blended[2]).toBeGreaterThan(120);
    expect(blended[3]).toBe(255);
    expect(await pixelAt(result.data, 1, 2, 2)).toEqual([255, 0, 0, 255]);
    // Frame 3: green at the corner, and the blue square cleared to transparent by frame 2's dispose.
    expect(await pixelAt(result.data, 2, 2, 2)).toEqual([0, 255, 0, 255]);
    expect((await pixelAt(result.data, 2, 15, 15))[3]).toBe(0);
    // Frame 4: the green restored away (dispose to previous), the cleared square still clear.
    expect(await pixelAt(result.data, 3, 2, 2)).toEqual([255, 0, 0, 255]);
    expect((await pixelAt(result.data, 3, 15, 15))[3]).toBe(0);
  });

  it('refuses an acTL claiming a million frames from the header, naming the limit', async () => {
    const frames = [0, 1].map((k) => ({ rgba: textured(100, 100, k), width: 100, height: 100, delay: 100 }));
    const error = await errorOf(await apng({ width: 100, height: 100, loop: 0 }, frames, 1_000_000));
    expect(error).toBeInstanceOf(CodecError);
    expect(error!.kind).toBe('too-many-pixels');
    expect(error!.message).toBe(
      'The animation is 100×100 pixels × 1000000 frames (10000 megapixels in all); the limit is 100 megapixels (width × height × frames)',
    );
  });

  it('refuses as damaged: a frame outside the canvas, fewer frames than acTL says, truncated frame data', async () => {
    const base = { rgba: textured(W, H, 0), width: W, height: H, delay: 100 };
    const outside = await apng({ width: W, height: H, loop: 0 }, [base, { rgba: textured(10, 10, 1), width: 10, height: 10, x: 35, y: 0, delay: 100 }]);
    const missing = await apng({ width: W, height: H, loop: 0 }, [base, { ...base, rgba: textured(W, H, 1) }], 3);
    const whole = await apng({ width: W, height: H, loop: 0 }, [base, { ...base, rgba: textured(W, H, 1) }]);
    const fdat = whole.indexOf('fdAT');
    const truncated = whole.subarray(0, fdat + 20);
    for (const input of [outside, missing, truncated]) {
      const error = await errorOf(input);
      expect(error).toBeInstanceOf(CodecError);
      expect(error!.kind).toBe('corrupt');
    }
  });

  it('an APNG asked for as AVIF is refused, naming the limitation', async () => {
    const frames = [0, 1].map((k) => ({ rgba: textured(W, H, k), width: W, height: H, delay: 100 }));
    const error = await errorOf(await apng({ width: W, height: H, loop: 0 }, frames), 'avif');
    expect(error?.kind).toBe('unsupported-format');
    expect(error?.message).toMatch(/^Animated AVIF cannot be made here: the AVIF encoder writes still pictures only/);
  });

  it('the live estimate reads an APNG as the animation its job makes, not as its default image (0603)', async () => {
    const frames = [0, 1].map((k) => ({ rgba: textured(W, H, k), width: W, height: H, delay: 100 }));
    const input = await apng({ width: W, height: H, loop: 0 }, frames);
    const [estimated, compressed] = [await estimate(input, { quality: 80, format: 'webp' }), await compress(input, { quality: 80, format: 'webp' })];
    expect([estimated.format, estimated.width, estimated.height]).toEqual(['webp', W, H]);
    // Both frames are in the pixels the estimate samples: it weighs them all, as the job encodes them all.
    expect(estimated.estimatedBytes / compressed.data.length).toBeGreaterThan(0.6);
    expect(estimated.estimatedBytes / compressed.data.length).toBeLessThan(1.5);
  });

  it('an APNG the animated WebP is no smaller than is kept as it came in original format, its frames intact', async () => {
    // One-pixel checkerboards: deflate shrinks their repeating rows to nothing, lossy WebP cannot.
    const checker = (phase: number) => {
      const data = solid(64, 64, [255, 255, 255, 255]);
      for (let p = 0; p < 64 * 64; p++) if (((p % 64) + Math.floor(p / 64) + phase) % 2) data.set([0, 0, 0, 255], p * 4);
      return data;
    };
    const frames = [0, 1, 0].map((phase) => ({ rgba: checker(phase), width: 64, height: 64, delay: 100 }));
    const input = await apng({ width: 64, height: 64, loop: 0 }, frames);
    const asWebp = await compress(input, { quality: 80, format: 'webp' });
    expect(asWebp.data.length).toBeGreaterThanOrEqual(input.length);
    const result = await compress(input, { quality: 80 });
    expect(result.keptOriginal).toBe(true);
    expect(result.output).toEqual({ format: 'png', bytes: input.length, width: 64, height: 64 });
    expect(result.data.equals(input)).toBe(true);
    expect(result.frames).toBe(3);
  });
});
