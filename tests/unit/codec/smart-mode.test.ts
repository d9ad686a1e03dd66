// Smart mode's parts that need no encoder: the score each quality stands for, the proxy the search scores, and the
// search itself against scripted score curves. The whole mode, with real encoders, is tested through the API
// (tests/api/smart-mode.test.ts).
import { describe, expect, it } from 'vitest';
import { IMAGE_FORMATS } from '#contract/settings';
import { LOWEST, SMART_SCORED_PIXELS as PROXY_PIXELS, SMART_TARGETS, smartTarget } from '#codec-core/modes/smart';
import { MAX_PROBES, lowestReaching } from '#codec-core/modes/lowest-reaching';
import { TILE, proxyOf as proxyWithin } from '#codec-core/pixels';
import type { Pixels } from '#codec-core/engine';

const proxyOf = (image: Pixels) => proxyWithin(image, PROXY_PIXELS);

/** An image whose every pixel says where it came from: R,G = x,y modulo 256, B = (x >> 8) + 16 * (y >> 8). */
function labelled(width: number, height: number) {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set([x & 255, y & 255, (x >> 8) + 16 * (y >> 8)], (y * width + x) * 3);
  }
  return { data, width, height };
}

describe('smartTarget', () => {
  it.each(IMAGE_FORMATS)('is the %s table at its points and rises in between', (format) => {
    for (const [quality, score] of SMART_TARGETS[format]) expect(smartTarget(format, quality)).toBe(score);
    let last = -Infinity;
    for (let q = 1; q <= 100; q++) {
      expect(smartTarget(format, q)).toBeGreaterThanOrEqual(last);
      last = smartTarget(format, q);
    }
    expect(smartTarget(format, 1)).toBe(SMART_TARGETS[format][0]![1]);
    expect(smartTarget(format, 100)).toBe(SMART_TARGETS[format].at(-1)![1]);
    // Every target is a score a real encode can reach: SSIMULACRA 2 gives 100 for identical pixels only.
    expect(Math.max(...SMART_TARGETS[format].map(([, score]) => score))).toBeLessThan(100);
  });

  it('interpolates between the points', () => {
    const [[q0, s0], [q1, s1]] = SMART_TARGETS.jpeg.slice(4, 6) as [[number, number], [number, number]];
    expect(smartTarget('jpeg', (q0 + q1) / 2)).toBeCloseTo((s0 + s1) / 2, 6);
  });
});

describe('proxyOf', () => {
  it('is the image itself up to a megapixel', () => {
    const image = labelled(1024, 1024);
    expect(proxyOf(image)).toBe(image);
  });

  it('samples a large image as a mosaic of whole tiles from across it, within the pixel budget', () => {
    const image = labelled(4000, 3000);
    const proxy = proxyOf(image);
    expect(proxy.width * proxy.height).toBeLessThanOrEqual(PROXY_PIXELS);
    expect(proxy.width % TILE).toBe(0);
    expect(proxy.height % TILE).toBe(0);
    const sources = new Set<string>();
    for (let dy = 0; dy < proxy.height; dy += TILE) {
      for (let dx = 0; dx < proxy.width; dx += TILE) {
        // Each mosaic cell is one tile of the image, copied whole: its pixels run on from its top-left one.
        const at = (x: number, y: number) => {
          const i = ((dy + y) * proxy.width + dx + x) * 3;
          return [proxy.data[i]!, proxy.data[i + 1]!, proxy.data[i + 2]!];
        };
        const [r, g, b] = at(0, 0);
        const sx = (r! | ((b! & 15) << 8)) as number;
        const sy = (g! | ((b! >> 4) << 8)) as number;
        expect(sx % TILE).toBe(0);
        expect(sy % TILE).toBe(0);
        const [r2, g2] = at(TILE - 1, TILE - 1);
        expect([r2, g2]).toEqual([(sx + TILE - 1) & 255, (sy + TILE - 1) & 255]);
        sources.add(`${sx},${sy}`);
      }
    }
    // The tiles come from all over the image, not from one corner.
    const xs = [...sources].map((s) => Number(s.split(',')[0]));
    const ys = [...sources].map((s) => Number(s.split(',')[1]));
    expect(Math.min(...ys)).toBeLessThan(3000 / 4);
    expect(Math.max(...ys)).toBeGreaterThan((3000 * 3) / 4 - TILE);
    expect(new Set(xs).size).toBeGreaterThan(3);
    expect(sources.size).toBeGreaterThanOrEqual(PROXY_PIXELS / (TILE * TILE) - 1);
  });

  it('keeps a strip too thin for one tile as it is', () => {
    const strip = labelled(20_000, 60);
    expect(proxyOf(strip)).toBe(strip);
  });
});

describe('lowestReaching', () => {
  /** A scripted score curve that counts its probes. */
  const curve = (f: (q: number) => number) => {
    const probed: number[] = [];
    return { probed, score: async (q: number) => (probed.push(q), f(q)) };
  };

  it.each([12, 37, 64, 79, 80])('finds the exact lowest quality (%i) on a rising curve, in few probes, starting at the asked one', async (answer) => {
    const c = curve((q) => 70 + 0.6 * (q - answer)); // reaches 70 exactly at `answer`
    const found = await lowestReaching(c.score, 70, LOWEST, 80);
    expect(found.quality).toBe(answer);
    expect(found.score).toBeGreaterThanOrEqual(70);
    expect(c.probed.length).toBeLessThanOrEqual(MAX_PROBES);
    expect(c.probed[0]).toBe(80);
    expect(Math.max(...c.probed)).toBe(80);
  });

  it('finds it on a curve that is flat, then steep, with a dip (scores are not strictly monotone)', async () => {
    const c = curve((q) => (q < 60 ? 50 : q < 75 ? 60 + (q - 60) * 0.2 : 66 + (q - 75) * 2) - (q === 77 ? 5 : 0));
    const found = await lowestReaching(c.score, 70, LOWEST, 90);
    // 70 is first reached at 77, but 77 dips to 65: the answer is a probe that reached, never one that missed.
    expect(found.score).toBeGreaterThanOrEqual(70);
    expect(found.quality).toBeGreaterThanOrEqual(78);
    expect(found.quality).toBeLessThanOrEqual(80);
  });

  it('keeps the asked quality, after one probe, when even that misses the target: never above it', async () => {
    const c = curve((q) => q / 2);
    const found = await lowestReaching(c.score, 45, LOWEST, 80);
    expect(found).toEqual({ quality: 80, score: 40 });
    expect(c.probed).toEqual([80]);
  });

  it('goes no lower than the lowest quality even when everything reaches the target', async () => {
    const c = curve(() => 99);
    const found = await lowestReaching(c.score, 70, LOWEST, 80);
    expect(found.quality).toBe(LOWEST);
    expect(Math.min(...c.probed)).toBe(LOWEST);
    expect(c.probed.length).toBeLessThanOrEqual(MAX_PROBES);
  });

  it('spends at most MAX_PROBES encodes on a curve that jumps about', async () => {
    const c = curve((q) => ((q * 7919) % 13) + 64);
    const found = await lowestReaching(c.score, 70, LOWEST, 95);
    expect(c.probed.length).toBeLessThanOrEqual(MAX_PROBES);
    expect(found.score).toBeGreaterThanOrEqual(70);
    expect(c.probed).toContain(found.quality);
  });
});
