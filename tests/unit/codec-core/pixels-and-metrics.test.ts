// The core's pixel samples and metrics, on synthetic pictures: the mosaic and the crop copy exact pixels, the colour
// count stops at its limit, and the metrics order distortions as people do. SSIMULACRA 2 is checked against the
// reference implementation on real photographs in tests/unit/codec/perceptual.test.ts; the scores pinned here are
// what that checked implementation gives for the synthetic picture, so any change to its arithmetic shows here too.
import { describe, expect, it } from 'vitest';
import { proxyOf, ssimulacra2, type Pixels } from '#codec-core/index';
import { chromaDetail } from '#codec-core/metrics/chroma';
import { flatColourError, similarity } from '#codec-core/metrics/similarity';
import { clampRegion, crop, moreColoursThan, TILE } from '#codec-core/pixels';
import { picture } from './synthetic-engine';

const REF = picture({ width: 96, height: 80 });
const withData = (image: Pixels, map: (v: number, i: number) => number): Pixels => ({ ...image, data: Uint8Array.from(image.data, (v, i) => Math.max(0, Math.min(255, map(v, i)))) });
const noisy = (amplitude: number) => withData(REF, (v, i) => v + (((i * 2654435761) >>> 0) % (2 * amplitude + 1)) - amplitude);
const BLURRED = withData(REF, (v, i) => Math.round((v + REF.data[Math.max(0, i - 3)]! + REF.data[Math.min(REF.data.length - 1, i + 3)]!) / 3));
const QUANTISED = withData(REF, (v) => Math.round(v / 24) * 24);
const rgb = (image: Pixels) => ({ ...image, channels: 3 });

describe('samples', () => {
  it('an image within the budget is its own sample', () => {
    expect(proxyOf(REF, REF.width * REF.height)).toBe(REF);
  });

  it('a larger image is a square mosaic of whole tiles copied from it, within the budget', () => {
    const big = picture({ width: 10 * TILE + 5, height: 6 * TILE + 3 });
    const budget = 9 * TILE * TILE;
    const sample = proxyOf(big, budget);
    expect(sample.width * sample.height).toBeLessThanOrEqual(budget);
    expect([sample.width % TILE, sample.height % TILE]).toEqual([0, 0]);
    expect([sample.width, sample.height]).toEqual([3 * TILE, 3 * TILE]);
    // Every row of every tile is a row of the image at a tile-aligned place.
    const rowsOf = (image: Pixels) => new Set(Array.from({ length: image.height }, (_, y) => Array.from({ length: image.width / TILE }, (_, t) => image.data.subarray((y * image.width + t * TILE) * 3, (y * image.width + (t + 1) * TILE) * 3).join())).flat());
    const source = new Set<string>();
    for (let y = 0; y < big.height; y++) for (let t = 0; (t + 1) * TILE <= big.width; t++) source.add(big.data.subarray((y * big.width + t * TILE) * 3, (y * big.width + (t + 1) * TILE) * 3).join());
    for (const row of rowsOf(sample)) expect(source.has(row)).toBe(true);
    // The first tile is the image's first, the tiles spread over it (not all from the top).
    expect(sample.data.subarray(0, TILE * 3)).not.toEqual(sample.data.subarray((2 * TILE * sample.width) * 3, (2 * TILE * sample.width + TILE) * 3));
  });

  it('a strip too thin for one tile stays whole', () => {
    const strip = picture({ width: 5000, height: 40 });
    expect(proxyOf(strip, 10_000)).toBe(strip);
  });

  it('the region is the centre by default, clamped to the image and the longest side allowed', () => {
    expect(clampRegion(REF, undefined, 40)).toEqual({ left: 28, top: 20, width: 40, height: 40 });
    expect(clampRegion(REF, undefined, 1000)).toEqual({ left: 0, top: 0, width: 96, height: 80 });
    expect(clampRegion(REF, { left: 90, top: -5, width: 30, height: 30 }, 1000)).toEqual({ left: 66, top: 0, width: 30, height: 30 });
    expect(clampRegion(REF, { left: 10.4, top: 10.6, width: 0, height: 500 }, 60)).toEqual({ left: 10, top: 11, width: 1, height: 60 });
  });

  it('a crop copies exactly the region’s pixels', () => {
    const region = { left: 7, top: 5, width: 11, height: 9 };
    const part = crop(REF, region);
    expect([part.width, part.height]).toEqual([11, 9]);
    for (let y = 0; y < 9; y++) {
      for (let x = 0; x < 11; x++) {
        const at = ((region.top + y) * REF.width + region.left + x) * 3;
        expect([...part.data.subarray((y * 11 + x) * 3, (y * 11 + x) * 3 + 3)]).toEqual([...REF.data.subarray(at, at + 3)]);
      }
    }
  });

  it('counts distinct colours up to the limit, over the channels given', () => {
    const colours = Uint8Array.from({ length: 30 }, (_, i) => Math.floor(i / 3));
    expect(moreColoursThan(colours, 3, 10)).toBe(false);
    expect(moreColoursThan(colours, 3, 9)).toBe(true);
    // The same bytes read as pixels of one channel: 10 values; as pixels of two channels pairs differ.
    expect(moreColoursThan(colours, 1, 9)).toBe(true);
    expect(moreColoursThan(Uint8Array.from([1, 2, 3, 1, 2, 4]), 3, 1)).toBe(true);
    expect(moreColoursThan(Uint8Array.from([1, 2, 3, 1, 2, 3]), 3, 1)).toBe(false);
  });
});

describe('SSIMULACRA 2', () => {
  it('gives 100 for identical pixels and less for every distortion, the stronger the lower', () => {
    expect(ssimulacra2(REF, REF)).toBe(100);
    const light = ssimulacra2(REF, noisy(4));
    const heavy = ssimulacra2(REF, noisy(16));
    expect(light).toBeLessThan(100);
    expect(heavy).toBeLessThan(light);
  });

  it('scores the synthetic distortions as the reference-checked implementation does', () => {
    expect(ssimulacra2(REF, noisy(4))).toBeCloseTo(81.12303138558015, 6);
    expect(ssimulacra2(REF, noisy(16))).toBeCloseTo(34.02144198225321, 6);
    expect(ssimulacra2(REF, BLURRED)).toBeCloseTo(52.03136951720603, 6);
    expect(ssimulacra2(REF, QUANTISED)).toBeCloseTo(51.76794348454671, 6);
    const small = picture({ width: 20, height: 12 });
    expect(ssimulacra2(small, withData(small, (v) => 255 - v))).toBeCloseTo(42.03917839417126, 6);
  });

  it('refuses images of different sizes', () => {
    expect(() => ssimulacra2(REF, picture({ width: 96, height: 79 }))).toThrow(/differ in size/);
  });
});

describe('block SSIM and flat colours (the PNG palette floor)', () => {
  it('identical images score 1; distortions score their pinned values, the worst block below the mean', async () => {
    expect(await similarity(rgb(REF), rgb(REF))).toEqual({ mean: 1, worst: 1 });
    const light = await similarity(rgb(REF), rgb(noisy(4)));
    expect(light.mean).toBeCloseTo(0.9897405389301561, 9);
    expect(light.worst).toBeCloseTo(0.9830073519449871, 9);
    const blurred = await similarity(rgb(REF), rgb(BLURRED));
    expect(blurred.mean).toBeCloseTo(0.9357686562025884, 9);
    expect(blurred.worst).toBeCloseTo(0.7580371956579723, 9);
    expect((await similarity(rgb(REF), rgb(noisy(16)))).mean).toBeLessThan(light.mean);
  });

  it('images of different sizes are as different as can be', async () => {
    expect(await similarity(rgb(REF), rgb(picture({ width: 95, height: 80 })))).toEqual({ mean: 0, worst: 0 });
  });

  it('judges transparency on black and on white: a colour change under half transparency counts', async () => {
    const rgba = (value: number, alpha: number) => ({ data: Uint8Array.from({ length: 16 * 16 * 4 }, (_, i) => (i % 4 === 3 ? alpha : (i * 7 + value) % 256)), width: 16, height: 16, channels: 4 });
    expect((await similarity(rgba(0, 128), rgba(0, 128))).mean).toBe(1);
    expect((await similarity(rgba(0, 128), rgba(60, 128))).mean).toBeLessThan(0.9);
  });

  it('finds flat blocks and measures how far their colour moved and how noisy they became', async () => {
    const flat = { data: new Uint8Array(8 * 8 * 3).fill(100), width: 8, height: 8, channels: 3 };
    expect(await flatColourError(flat, flat)).toEqual({ blocks: 4, shift: 0, noise: 0 });
    const shifted = { ...flat, data: new Uint8Array(8 * 8 * 3).fill(105) };
    expect(await flatColourError(flat, shifted)).toEqual({ blocks: 4, shift: 5, noise: 5 });
    const dithered = { ...flat, data: Uint8Array.from(flat.data, (v, i) => (Math.floor(i / 3) % 2 ? v + 8 : v - 8)) };
    expect(await flatColourError(flat, dithered)).toEqual({ blocks: 4, shift: 0, noise: 8 });
    // A textured reference has no flat block to judge.
    expect((await flatColourError(rgb(REF), rgb(noisy(4)))).blocks).toBe(0);
    expect(await flatColourError(flat, { ...flat, width: 4 })).toEqual({ blocks: 0, shift: 255, noise: 255 });
  });

  it('ignores the colour of fully transparent flat blocks, never shown', async () => {
    const clear = { data: new Uint8Array(4 * 4 * 4), width: 4, height: 4, channels: 4 };
    const recoloured = { ...clear, data: Uint8Array.from(clear.data, (_, i) => (i % 4 === 3 ? 0 : 200)) };
    expect(await flatColourError(clear, recoloured)).toEqual({ blocks: 0, shift: 0, noise: 0 });
  });
});

describe('chroma detail (JPEG’s subsampling choice)', () => {
  it('grey and uniform images have none; alternating colours in every 2×2 block are all detail', () => {
    const grey = { data: new Uint8Array(8 * 8).fill(90), width: 8, height: 8, channels: 1 };
    expect(chromaDetail(grey)).toEqual({ rms: 0, p99: 0, share: 0 });
    const uniform = { data: Uint8Array.from({ length: 8 * 8 * 3 }, (_, i) => [200, 30, 60][i % 3]!), width: 8, height: 8, channels: 3 };
    expect(chromaDetail(uniform)).toEqual({ rms: 0, p99: 0, share: 0 });
    const checker = { data: Uint8Array.from({ length: 8 * 8 * 3 }, (_, i) => ((Math.floor(i / 3) % 8) + Math.floor(i / 24)) % 2 ? [255, 0, 0][i % 3]! : [0, 0, 255][i % 3]!), width: 8, height: 8, channels: 3 };
    const detail = chromaDetail(checker);
    expect(detail.share).toBe(1);
    expect(detail.rms).toBeGreaterThan(100);
    expect(chromaDetail({ ...checker, width: 1, height: 1 })).toEqual({ rms: 0, p99: 0, share: 0 });
  });

  it('measures the synthetic picture as the implementation always has', () => {
    const detail = chromaDetail(rgb(REF));
    expect(detail.rms).toBeCloseTo(16.23533929201219, 9);
    expect(detail.p99).toBe(66);
    expect(detail.share).toBeCloseTo(0.06770833333333333, 12);
  });
});
