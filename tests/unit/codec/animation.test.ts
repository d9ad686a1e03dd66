// Animated GIF and WebP: every frame, its timing and the loop count kept in an animated WebP; a frame bomb refused
// from its header with the limit named; formats that cannot animate refused clearly; still GIFs through the pipeline.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CodecError } from '#server/codec/index';
import { animation, gifFrameBomb } from '../../support/animation';
import { compress, HANG_GUARD_MS } from './unhurried';

const SPEC = { frames: 4, width: 96, height: 64, delay: [100, 250, 400, 50], loop: 3 };

async function framesOf(image: Buffer) {
  const meta = await sharp(image, { animated: true }).metadata();
  return { format: meta.format, pages: meta.pages, width: meta.width, pageHeight: meta.pageHeight, delay: meta.delay, loop: meta.loop };
}

describe('animated images', { timeout: HANG_GUARD_MS }, () => {
  it('an animated GIF in original format becomes an animated WebP with the same frames, timing and loop count', async () => {
    const gif = await animation('gif', SPEC);
    const result = await compress(gif, { quality: 80 });
    expect(result.frames).toBe(4);
    expect(result.input).toEqual({ format: 'gif', bytes: gif.length, width: 96, height: 64 });
    expect(result.output).toMatchObject({ format: 'webp', width: 96, height: 64 });
    expect(await framesOf(result.data)).toEqual({ format: 'webp', pages: 4, width: 96, pageHeight: 64, delay: SPEC.delay, loop: 3 });
    expect(result.data.length).toBeLessThan(gif.length);
    // The third frame is the third frame, not the first one repeated.
    const third = await sharp(result.data, { page: 2 }).raw().toBuffer();
    const first = await sharp(result.data, { page: 0 }).raw().toBuffer();
    expect(third.equals(first)).toBe(false);
  });

  it('a drawn GIF (flat colours) comes out as lossless WebP frames when those are smaller than lossy ones', async () => {
    const frames = await Promise.all(
      Array.from({ length: 8 }, (_, k) => {
        const data = Buffer.alloc(160 * 100 * 3, 255);
        for (let y = 30; y < 60; y++) for (let x = 10 + k * 15; x < 40 + k * 15; x++) data.set([200, 30, 30], (y * 160 + x) * 3);
        return sharp(data, { raw: { width: 160, height: 100, channels: 3 } }).png().toBuffer();
      }),
    );
    const gif = await sharp(frames, { join: { animated: true } }).gif({ delay: Array<number>(8).fill(100), loop: 0 }).toBuffer();
    const result = await compress(gif, { quality: 80 });
    expect(result.data.length).toBeLessThan(gif.length);
    for (const page of [0, 4, 7]) {
      const want = await sharp(gif, { page }).removeAlpha().raw().toBuffer();
      expect((await sharp(result.data, { page }).removeAlpha().raw().toBuffer()).equals(want)).toBe(true);
    }
  });

  it('an animated WebP keeps its frames, and is resized frame by frame when bounds are asked for', async () => {
    const webp = await animation('webp', SPEC);
    const result = await compress(webp, { quality: 80, format: 'webp', maxWidth: 48 });
    expect(await framesOf(result.data)).toEqual({ format: 'webp', pages: 4, width: 48, pageHeight: 32, delay: SPEC.delay, loop: 3 });
    expect(result.output).toMatchObject({ width: 48, height: 32 });
  });

  it('an animated WebP that re-encoding cannot shrink is passed on without its EXIF and XMP, frames and loop intact', async () => {
    const plain = await animation('webp', SPEC);
    const tagged = await sharp(plain, { animated: true })
      .webp({ quality: 5, loop: SPEC.loop, delay: SPEC.delay })
      .withExif({ IFD0: { Copyright: 'Someone' }, IFD3: { GPSMapDatum: 'SECRET-DATUM' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><secret-place/></x:xmpmeta>')
      .toBuffer();
    expect(tagged.toString('latin1')).toContain('SECRET-DATUM');
    const result = await compress(tagged, { quality: 100 });
    expect(result.keptOriginal).toBe(true);
    expect(result.data.toString('latin1')).not.toMatch(/SECRET-DATUM|secret-place|Someone/);
    const meta = await sharp(result.data, { animated: true }).metadata();
    expect([meta.pages, meta.loop, meta.delay, meta.exif, meta.xmp]).toEqual([SPEC.frames, SPEC.loop, SPEC.delay, undefined, undefined]);
    expect((await compress(tagged, { quality: 100, metadata: 'keep-all' })).data.equals(tagged)).toBe(true);
  });

  it('refuses a frame bomb from its header, naming the limit (width × height × frames)', async () => {
    const bomb = gifFrameBomb(200); // 200 frames of 1000×1000: 200 megapixels in a few kilobytes
    expect(bomb.length).toBeLessThan(10_000);
    const error = await compress(bomb, { quality: 80 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodecError);
    expect((error as CodecError).kind).toBe('too-many-pixels');
    expect((error as CodecError).message).toBe(
      'The animation is 1000×1000 pixels × 200 frames (200 megapixels in all); the limit is 100 megapixels (width × height × frames)',
    );
  });

  it('a format that cannot animate is refused with the formats that can', async () => {
    const error = await compress(await animation('gif', SPEC), { quality: 80, format: 'jpeg' }).catch((e: unknown) => e);
    expect((error as CodecError).kind).toBe('unsupported-format');
    expect((error as CodecError).message).toBe('Animated images are saved as animated WebP: choose Keep original, WebP or Auto');
  });

  it('a still GIF goes through the pipeline and comes out as WebP in original format', async () => {
    const still = await animation('gif', { ...SPEC, frames: 1, delay: [100] });
    const result = await compress(still, { quality: 80 });
    expect(result.frames).toBeUndefined();
    expect(result.input.format).toBe('gif');
    expect(result.output.format).toBe('webp');
  });
});
