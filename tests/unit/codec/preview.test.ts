// The job card's preview (preview.ts): the result upright, fitted inside PREVIEW_MAX_EDGE and never enlarged, as
// WebP; the decoder is as lenient as the codec's own (a truncated file still gets a preview) but keeps the pixel limit.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PREVIEW_MAX_EDGE, makePreview } from '#server/codec/preview';
import { readCorpus } from './corpus';

const LIMIT = 100_000_000;

const facts = async (image: Buffer) => {
  const meta = await sharp(image).metadata();
  return { format: meta.format, width: meta.width, height: meta.height, orientation: meta.orientation ?? 1 };
};

describe('makePreview', () => {
  it('rotates upright and fits inside the preview box', async () => {
    // Stored 1000×500 with orientation 6: shown 500×1000.
    const input = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#336699' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(PREVIEW_MAX_EDGE).toBe(400);
    expect(await facts(await makePreview(input, LIMIT))).toEqual({ format: 'webp', width: 200, height: 400, orientation: 1 });
  });

  it('does not enlarge a small image', async () => {
    const input = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#336699' } }).png().toBuffer();
    expect(await facts(await makePreview(input, LIMIT))).toEqual({ format: 'webp', width: 120, height: 80, orientation: 1 });
  });

  it('encodes with lanczos3 at WebP quality 70, effort 2', async () => {
    const input = await sharp(readCorpus('photos/kodim03.png')).resize(600).png().toBuffer();
    const expected = await sharp(input).resize(400, 400, { fit: 'inside', kernel: 'lanczos3' }).webp({ quality: 70, effort: 2 }).toBuffer();
    expect((await makePreview(input, LIMIT)).equals(expected)).toBe(true);
  });

  it('previews a truncated file, as the codec decodes it', async () => {
    const whole = await sharp(readCorpus('photos/kodim03.png')).resize(256).jpeg().toBuffer();
    const truncated = whole.subarray(0, Math.floor(whole.length * 0.6));
    await expect(sharp(truncated).webp().toBuffer()).rejects.toThrow(/premature end/i);
    expect(await facts(await makePreview(truncated, LIMIT))).toEqual({ format: 'webp', width: 256, height: 171, orientation: 1 });
  });

  it('refuses an image over the pixel limit', async () => {
    const input = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } }).png().toBuffer();
    await expect(makePreview(input, 400 * 300 - 1)).rejects.toThrow(/pixel limit/i);
    expect(await facts(await makePreview(input, 400 * 300))).toEqual({ format: 'webp', width: 400, height: 300, orientation: 1 });
  });
});
