// AVIF past libaom's memory (0587): asked for, a 25-megapixel AVIF fails at once with the limit and the way out
// named, before a pixel is encoded; within the limit (a maximum size asked for) it is made.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compress } from '#server/codec/index';

describe('AVIF results are limited to 24 megapixels', () => {
  it('refuses a 25-megapixel AVIF naming the limit, and makes it at a size within it', async () => {
    // One colour: a small file, quick to read, with 25 megapixels in its header.
    const input = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#3a7' } }).jpeg().toBuffer();
    await expect(compress(input, { quality: 80, format: 'avif' })).rejects.toMatchObject({
      kind: 'too-many-pixels',
      message: 'An AVIF of 5000×5000 pixels (25 megapixels) needs more memory than a compression may use; AVIF results are limited to 24 megapixels: choose WebP, JPEG or Auto, or a maximum width or height',
    });
    const resized = await compress(input, { quality: 80, format: 'avif', maxWidth: 1000 });
    expect([resized.output.format, resized.output.width]).toEqual(['avif', 1000]);
  });
});
