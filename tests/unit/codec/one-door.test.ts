// The codec's one door (engine-for.ts): compress, the live estimate and Tinify's transformations choose the engine
// from the upload's bytes the same way, so an animation is estimated and transformed as the animation its job makes,
// and an SVG is transformed to a raster by the sanitising engine. Real files made by others (tests/fixtures/real).
import sharp, { type Region } from 'sharp';
import { describe, expect, it } from 'vitest';
import { CodecError, estimate } from '#server/codec/index';
import { ANIMATION_FORMATS_MESSAGE } from '#server/codec/animation/compress-animation';
import { engineFor } from '#server/codec/engine-for';
import { tinyGif } from '../../support/animation';
import { readRealFile } from '../../support/real-files';
import { transformImage } from './transform';
import { compress, HANG_GUARD_MS } from './unhurried';

const LIMITS = { maxPixels: 100_000_000, timeoutSeconds: 600 };
const pages = async (data: Buffer) => (await sharp(data, { animated: true }).metadata()).pages ?? 1;

describe('engineFor', () => {
  it('sends animations to the animation engine, SVG to the SVG door, everything else to the still engine', async () => {
    const kinds = async (name: string) => (await engineFor(readRealFile(name), LIMITS)).kind;
    expect(await kinds('gif-animated-fire.gif')).toBe('animation');
    expect(await kinds('webp-animated.webp')).toBe('animation');
    expect(await kinds('apng-delays.png')).toBe('animation');
    expect(await kinds('svg-icon-embedded-png.svg')).toBe('svg');
    expect(await kinds('webp-photo.webp')).toBe('still');
    expect(await kinds('png-rgba.png')).toBe('still');
  });
});

describe('the live estimate goes through the same door as compress', () => {
  it('estimates an animated GIF as the animated WebP its job makes, every frame counted', async () => {
    const gif = readRealFile('gif-animated-fire.gif');
    const settings = { quality: 80, format: 'auto' as const, timeoutSeconds: 600 };
    const [estimated, compressed] = [await estimate(gif, settings), await compress(gif, settings)];
    expect(compressed.output.format).toBe('webp');
    expect([estimated.format, estimated.width, estimated.height]).toEqual(['webp', compressed.output.width, compressed.output.height]);
    expect(estimated.sampled).toBe(true);
    // Three frames stand for all 33: a still estimate of one frame was 4% of the result.
    const ratio = estimated.estimatedBytes / compressed.data.length;
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.5);
  }, HANG_GUARD_MS);

  it('estimates the GIF kept as it came when no animated WebP is smaller, exactly as compress keeps it', async () => {
    const gif = tinyGif('made by someone');
    const settings = { quality: 80, format: 'original' as const, timeoutSeconds: 600 };
    const [estimated, compressed] = [await estimate(gif, settings), await compress(gif, settings)];
    expect([compressed.output.format, compressed.keptOriginal]).toEqual(['gif', true]);
    expect([estimated.format, estimated.keepsOriginal, estimated.quality, estimated.previewFormat]).toEqual(['gif', true, null, 'png']);
    expect(estimated.estimatedBytes).toBe(compressed.data.length);
  }, HANG_GUARD_MS);
});

describe('a Tinify transformation is an ordinary compress task', () => {
  it('keeps every frame of an animated GIF and an animated WebP, with the bytes their job gives', async () => {
    for (const name of ['gif-animated-fire.gif', 'webp-animated.webp']) {
      const upload = readRealFile(name);
      const transformed = await transformImage(upload, { formats: ['webp'], preserve: [], quality: 80 }, 600);
      const job = await compress(upload, { quality: 80, format: 'webp', formatRequired: true, mode: 'quality', metadata: { preserve: [] } });
      expect(transformed.format, name).toBe('webp');
      expect(await pages(transformed.data), name).toBe(await pages(upload));
      expect(Buffer.compare(transformed.data, job.data), name).toBe(0);
    }
  }, HANG_GUARD_MS);

  it('crops every frame of an animation to a cover box, not squashes it', async () => {
    const gif = readRealFile('gif-animated-fire.gif'); // 30 × 60, 33 frames
    const transformed = await transformImage(gif, { formats: ['webp'], preserve: [], quality: 80, resize: { method: 'cover', width: 30, height: 30 } }, 600);
    const meta = await sharp(transformed.data, { animated: true }).metadata();
    expect([transformed.width, transformed.height, meta.pages, meta.pageHeight]).toEqual([30, 30, 33, 30]);
    // The centre 30 × 30 of the first frame, not the whole frame squeezed to half its height.
    const first = async (data: Buffer, crop?: Region) => {
      const frame = sharp(data, { pages: 1 });
      return (crop ? frame.extract(crop) : frame).removeAlpha().raw().toBuffer();
    };
    const cropped = await first(gif, { left: 0, top: 15, width: 30, height: 30 });
    const squashed = await sharp(gif, { pages: 1 }).resize(30, 30, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    const made = await first(transformed.data);
    const distance = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
    expect(distance(made, cropped)).toBeLessThan(distance(made, squashed));
  }, HANG_GUARD_MS);

  it('refuses, in words, to convert an animation to a format that cannot hold it, instead of dropping its frames', async () => {
    const gif = readRealFile('gif-animated-fire.gif');
    const refused = await transformImage(gif, { formats: ['png'], preserve: [], quality: 80 }, 600).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CodecError);
    expect((refused as CodecError).message).toBe(ANIMATION_FORMATS_MESSAGE);
  }, HANG_GUARD_MS);

  it('converts an SVG to the raster asked for, never SVG text, even over a list of formats', async () => {
    const svg = readRealFile('svg-icon-embedded-png.svg');
    const one = await transformImage(svg, { formats: ['png'], preserve: [], quality: 80 }, 600);
    const list = await transformImage(svg, { formats: ['png', 'webp'], preserve: [], quality: 80 }, 600);
    expect(one.format).toBe('png');
    expect(['png', 'webp']).toContain(list.format);
    expect((await sharp(list.data).metadata()).format).toBe(list.format);
  }, HANG_GUARD_MS);
});
