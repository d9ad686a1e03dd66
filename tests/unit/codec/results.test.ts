// The facts a result reports (results.ts): whether transparent pixels were flattened onto the background, for an
// image with an alpha channel written in a format without one.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compress } from './unhurried';

/** A 24×16 RGBA PNG, green, whose left half has the given alpha (the right half is opaque). */
function rgba(alpha: number): Promise<Buffer> {
  const [width, height] = [24, 16];
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) pixels.set([40, 160, 90, i % width < width / 2 ? alpha : 255], i * 4);
  return sharp(pixels, { raw: { width, height, channels: 4 } }).png().toBuffer();
}

describe('flattenedOnto', () => {
  it('names the background when a transparent image is written as JPEG', async () => {
    const input = await rgba(0);
    expect((await sharp(input).metadata()).hasAlpha).toBe(true);
    for (const mode of ['quality', 'size'] as const) {
      const result = await compress(input, { quality: 80, format: 'jpeg', background: '#336699', mode, targetSize: 100_000, formatRequired: true });
      expect([result.output.format, result.flattenedOnto]).toEqual(['jpeg', '#336699']);
      // The transparent half shows the background.
      const { data } = await sharp(result.data).extract({ left: 2, top: 6, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
      expect(Math.max(...[...data].map((v, i) => Math.abs(v - [0x33, 0x66, 0x99][i]!)))).toBeLessThan(8);
    }
  });

  it('is null for an image whose alpha channel is opaque throughout, and for a format that keeps alpha', async () => {
    const opaque = await rgba(255);
    expect((await sharp(opaque).metadata()).hasAlpha).toBe(true);
    for (const mode of ['quality', 'size'] as const) {
      const result = await compress(opaque, { quality: 80, format: 'jpeg', background: '#336699', mode, targetSize: 100_000, formatRequired: true });
      expect([result.output.format, result.flattenedOnto]).toEqual(['jpeg', null]);
    }
    const webp = await compress(await rgba(0), { quality: 80, format: 'webp', background: '#336699' });
    expect([webp.output.format, webp.flattenedOnto]).toEqual(['webp', null]);
  });
});
