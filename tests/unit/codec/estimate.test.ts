// Adjust's live estimate (estimate.ts) in the codec's own process: the region it previews, the format Auto would
// pick, when the upload would be kept, and how the size of a large image is scaled up from its sample.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compress } from './unhurried';
import { ESTIMATE_SAMPLE_PIXELS, PREVIEW_MAX_SIDE, estimate } from '#server/codec/index';
import { CodecError } from '#server/codec/types';

/** A photograph-like image: gaussian noise over a mid grey, so every encoder has real work to do. */
function noisyJpeg(width: number, height: number, quality = 90): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 130, b: 140 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg({ quality })
    .toBuffer();
}

/** A flat graphic: two colours, halves of the image. */
function flatPng(width: number, height: number): Promise<Buffer> {
  const half = sharp({ create: { width: Math.floor(width / 2), height, channels: 3, background: { r: 20, g: 90, b: 200 } } }).png().toBuffer();
  return half.then((left) =>
    sharp({ create: { width, height, channels: 3, background: { r: 240, g: 240, b: 240 } } })
      .composite([{ input: left, left: 0, top: 0 }])
      .png()
      .toBuffer(),
  );
}

describe('estimate: the region previewed', () => {
  it('previews the whole of a small image', async () => {
    const e = await estimate(await noisyJpeg(300, 200), { quality: 70 });
    expect(e.region).toEqual({ left: 0, top: 0, width: 300, height: 200 });
    expect({ width: e.width, height: e.height }).toEqual({ width: 300, height: 200 });
    const preview = await sharp(e.preview).metadata();
    expect({ format: preview.format, width: preview.width, height: preview.height }).toEqual({ format: 'jpeg', width: 300, height: 200 });
  });

  it('previews the centre of a large image, at most PREVIEW_MAX_SIDE on each side', async () => {
    expect(PREVIEW_MAX_SIDE).toBe(800);
    const e = await estimate(await noisyJpeg(1000, 900), { quality: 70 });
    expect(e.region).toEqual({ left: 100, top: 50, width: 800, height: 800 });
  });

  it('clamps a region asked for to the image, rounding to whole pixels', async () => {
    const input = await noisyJpeg(400, 300);
    expect((await estimate(input, { quality: 70, region: { left: 350.4, top: -20, width: 100.6, height: 50 } })).region).toEqual({
      left: 299,
      top: 0,
      width: 101,
      height: 50,
    });
    expect((await estimate(input, { quality: 70, region: { left: 10, top: 20, width: 5000, height: 0 } })).region).toEqual({
      left: 0,
      top: 20,
      width: 400,
      height: 1,
    });
    expect((await estimate(input, { quality: 70, region: { left: 100.6, top: 280, width: 60, height: 40 } })).region).toEqual({
      left: 101,
      top: 260,
      width: 60,
      height: 40,
    });
  });

  it('previews exactly the pixels of the region', async () => {
    // Left half blue, right half light grey: a region inside the right half previews grey only.
    const e = await estimate(await flatPng(400, 100), { quality: 90, format: 'png', region: { left: 250, top: 10, width: 100, height: 50 } });
    const { data, info } = await sharp(e.preview).raw().toBuffer({ resolveWithObject: true });
    expect({ width: info.width, height: info.height }).toEqual({ width: 100, height: 50 });
    for (let p = 0; p < data.length; p += info.channels) expect(data[p + 2]).toBeGreaterThan(220);
  });
});

describe('estimate: size and format', () => {
  it('measures a small image whole, and matches what the encoder makes of it', async () => {
    const input = await noisyJpeg(320, 240);
    const e = await estimate(input, { quality: 60, format: 'webp' });
    expect(e.sampled).toBe(false);
    expect(e.format).toBe('webp');
    expect(e.previewFormat).toBe('webp');
    // The preview of a whole small image is the whole image encoded: its size is the estimate.
    expect(e.estimatedBytes).toBe(e.preview.length);
  });

  it('scales a large image\'s size up from a sample of about a quarter megapixel, close to the real result', async () => {
    expect(ESTIMATE_SAMPLE_PIXELS).toBe(262_144);
    const input = await noisyJpeg(1200, 1000);
    const e = await estimate(input, { quality: 60, format: 'jpeg' });
    expect(e.sampled).toBe(true);
    const real = await compress(input, { quality: 60, format: 'jpeg' });
    // Noise is uniform, so the sample is representative: within 25% (a scale off by the sample ratio is 4.6x).
    expect(e.estimatedBytes / real.data.length).toBeGreaterThan(0.75);
    expect(e.estimatedBytes / real.data.length).toBeLessThan(1.25);
  });

  it('lets Auto pick the smallest allowed format, and a single format is taken as asked', async () => {
    const input = await flatPng(300, 200);
    const auto = await estimate(input, { quality: 70, format: 'auto', formats: ['jpeg', 'webp'] });
    expect(auto.format).toBe('webp');
    const jpeg = await estimate(input, { quality: 70, format: 'jpeg' });
    expect(jpeg.format).toBe('jpeg');
    expect(auto.estimatedBytes).toBeLessThan(jpeg.estimatedBytes);
    const allFormats = await estimate(input, { quality: 70, format: 'auto' });
    expect(allFormats.estimatedBytes).toBeLessThanOrEqual(auto.estimatedBytes);
  });

  it('keeps the upload when re-encoding it in its own format gives no less, and previews it losslessly', async () => {
    // A JPEG saved at quality 40 re-encoded at 100 only grows.
    const input = await noisyJpeg(200, 150, 40);
    const e = await estimate(input, { quality: 100 });
    expect(e.keepsOriginal).toBe(true);
    expect(e.estimatedBytes).toBe(input.length);
    expect(e.previewFormat).toBe('png');
    expect((await sharp(e.preview).metadata()).format).toBe('png');

    // Converted, a larger WebP would be handed back as the JPEG, so the estimate says so too (0585); a WebP the
    // format is required of is estimated as WebP.
    const converted = await estimate(input, { quality: 100, format: 'webp' });
    expect(converted.keepsOriginal).toBe(true);
    const required = await estimate(input, { quality: 100, format: 'webp', formatRequired: true });
    expect([required.keepsOriginal, required.format]).toEqual([false, 'webp']);
  });

  it('never keeps the upload when the bounds ask for a smaller image, and estimates at that size', async () => {
    // Saved at quality 5, the upload is smaller than its 300-pixel-wide re-encode at 100: only the bounds decide.
    const input = await noisyJpeg(400, 300, 5);
    const e = await estimate(input, { quality: 100, maxWidth: 300 });
    expect({ width: e.width, height: e.height }).toEqual({ width: 300, height: 225 });
    expect(e.estimatedBytes).toBeGreaterThan(input.length);
    expect(e.keepsOriginal).toBe(false);
    expect(e.previewFormat).toBe('jpeg');
  });

  it('refuses what compress() refuses, with the same error', async () => {
    await expect(estimate(Buffer.from('not an image at all'), { quality: 70 })).rejects.toBeInstanceOf(CodecError);
  });
});
