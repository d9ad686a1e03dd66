import { describe, expect, it } from 'vitest';
import { similarity, type RawImage } from '#codec-core/metrics/similarity';

function image(width: number, height: number, channels: number, pixel: (x: number, y: number, c: number) => number): RawImage {
  const data = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) for (let c = 0; c < channels; c++) data[(y * width + x) * channels + c] = pixel(x, y, c);
  return { data, width, height, channels };
}

const gradient = (x: number, y: number) => (x * 4 + y) & 0xff;

describe('similarity (the palette quality floor)', () => {
  it('scores identical images as 1', async () => {
    const a = image(64, 64, 3, gradient);
    expect(await similarity(a, a)).toEqual({ mean: 1, worst: 1 });
  });

  it('scores posterised detail well below the floor', async () => {
    const a = image(64, 64, 3, (x, y) => ((x ^ y) & 1 ? 200 : 40) + (x % 5));
    const b = image(64, 64, 3, () => 120);
    const s = await similarity(a, b);
    expect(s.mean).toBeLessThan(0.5);
    expect(s.worst).toBeLessThan(0.5);
  });

  it('lets the worst region pull the score down even when most of the image is perfect', async () => {
    const a = image(128, 128, 3, gradient);
    const b = image(128, 128, 3, (x, y) => (x < 16 && y < 16 ? 255 - gradient(x, y) : gradient(x, y)));
    const s = await similarity(a, b);
    expect(s.mean).toBeGreaterThan(0.9);
    expect(s.worst).toBeLessThan(0.5);
  });

  it('sees alpha damage on either background', async () => {
    const a = image(32, 32, 4, (x, y, c) => (c === 3 ? (x * 8) & 0xff : 128));
    const b = image(32, 32, 4, (_x, _y, c) => (c === 3 ? 255 : 128));
    expect((await similarity(a, b)).mean).toBeLessThan(0.9);
  });

  it('refuses to compare images of different sizes', async () => {
    expect(await similarity(image(8, 8, 3, gradient), image(8, 9, 3, gradient))).toEqual({ mean: 0, worst: 0 });
  });

  it('lets the event loop run while it scores a large image', async () => {
    const big = image(2000, 1000, 3, gradient);
    let turns = 0;
    const timer = setInterval(() => turns++, 0);
    await similarity(big, big);
    clearInterval(timer);
    // Without yielding, no timer could fire until the whole score was done.
    expect(turns).toBeGreaterThan(0);
  });
});
