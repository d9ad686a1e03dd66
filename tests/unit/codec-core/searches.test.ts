// The two searches behind size and smart modes, and the geometry of bounds, on exact functions: the answer must be
// the optimum a full scan finds, within the probe budget, and only ever a setting that was measured.
import { describe, expect, it } from 'vitest';
import { boundsOf, fitInside, scaledBy } from '#codec-core/index';
import { largestFitting, type SearchOptions } from '#codec-core/modes/largest-fitting';
import { MAX_PROBES } from '#codec-core/modes/lowest-reaching';
import { reach } from './probed';

/** A search over `sizeAt`, recording every setting encoded. */
async function fit(sizeAt: (at: number) => number, options: Partial<SearchOptions> & Pick<SearchOptions, 'target'>) {
  const probed: number[] = [];
  const o: SearchOptions = { lo: 1, hi: 100, start: 80, model: 'linear', slope: 0.03, maxProbes: 20, ...options };
  const outcome = await largestFitting(async (at) => {
    probed.push(at);
    return { bytes: sizeAt(at), result: at };
  }, o);
  return { ...outcome, probed };
}

/** The largest setting in [lo, hi] within the target, by scanning every one. */
const scan = (sizeAt: (at: number) => number, target: number, lo = 1, hi = 100) => {
  let best: number | null = null;
  for (let at = lo; at <= hi; at++) if (sizeAt(at) <= target) best = at;
  return best;
};

const SHAPES: [string, (q: number) => number][] = [
  ['exponential in quality', (q) => Math.round(1000 * Math.exp(0.03 * q))],
  ['quadratic', (q) => 500 + 3 * q * q],
  ['steps of ten', (q) => 2000 + 400 * Math.floor(q / 10)],
  ['flat then steep', (q) => (q < 90 ? 3000 : 3000 + 2000 * (q - 89))],
];

describe('largestFitting (size mode)', () => {
  it.each(SHAPES)('finds the largest fitting setting for sizes %s, within twice log2 of the range', async (_name, sizeAt) => {
    for (const target of [sizeAt(1) - 1, sizeAt(1), sizeAt(37), sizeAt(63) + 1, sizeAt(99), sizeAt(100), sizeAt(100) + 5]) {
      const { best, smallest, probed } = await fit(sizeAt, { target });
      expect(best?.at ?? null, `target ${target}`).toBe(scan(sizeAt, target));
      expect(probed.length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(100)) + 1);
      expect(new Set(probed).size).toBe(probed.length);
      expect(probed.every((at) => at >= 1 && at <= 100)).toBe(true);
      // The smallest encoding made is among the probes, and no probe was smaller.
      expect(Math.min(...probed.map(sizeAt))).toBe(smallest!.bytes);
    }
  });

  it('answers nothing fits when even the lowest setting is over, with the smallest it made', async () => {
    const sizeAt = (q: number) => 1000 + q;
    const { best, smallest } = await fit(sizeAt, { target: 500 });
    expect(best).toBeNull();
    expect(smallest?.at).toBe(1);
  });

  it('spends no more than its budget, and answers with a measured probe', async () => {
    const sizeAt = (q: number) => 100 * q;
    const { best, probed } = await fit(sizeAt, { target: 4321, maxProbes: 2, start: 40 });
    expect(probed).toHaveLength(2);
    expect(probed).toContain(best!.at);
    expect(sizeAt(best!.at)).toBeLessThanOrEqual(4321);
  });

  it('starts from a known failing setting and searches only below it', async () => {
    const sizeAt = (q: number) => 100 * q;
    const { best, probed } = await fit(sizeAt, { target: 3050, knownFailing: { at: 60, bytes: 6000 }, start: 50 });
    expect(best?.at).toBe(30);
    expect(probed.every((at) => at < 60)).toBe(true);
  });

  it('on the log model (a side length) finds the largest side that fits, and may stop when close enough', async () => {
    const area = (side: number) => Math.round(side * side * 0.75);
    const exact = await fit(area, { lo: 16, hi: 3999, target: 1_000_000, start: 1000, model: 'log', slope: 1.5 });
    expect(exact.best?.at).toBe(scan(area, 1_000_000, 16, 3999));
    const close = await fit(area, { lo: 16, hi: 3999, target: 1_000_000, start: 1000, model: 'log', slope: 1.5, closeEnough: (a, b) => a >= b * 0.97 });
    expect(close.best!.at).toBeGreaterThanOrEqual(Math.floor(scan(area, 1_000_000, 16, 3999)! * 0.97));
    expect(close.probed.length).toBeLessThanOrEqual(exact.probed.length);
  });

  it('bisects when the sizes do not follow the model (falling sizes)', async () => {
    const sizeAt = (q: number) => 10_000 - q;
    const { best } = await fit(sizeAt, { target: 9950 });
    expect(best?.at).toBe(100);
  });
});

describe('lowestReaching (smart mode)', () => {
  const lowest = (scoreAt: (q: number) => number, target: number, lo: number, hi: number) => {
    for (let q = lo; q <= hi; q++) if (scoreAt(q) >= target) return q;
    return hi;
  };

  it.each([
    ['linear', (q: number) => 20 + 0.7 * q],
    ['concave', (q: number) => 100 - 4000 / (q + 40)],
  ])('finds the lowest quality reaching the target for %s scores, within its probe budget', async (_name, scoreAt) => {
    for (const target of [scoreAt(10), scoreAt(33), scoreAt(57) + 0.01, scoreAt(80)]) {
      const { answer, probed } = await reach(scoreAt, target);
      expect(answer.quality, `target ${target}`).toBe(lowest(scoreAt, target, 10, 80));
      expect(answer.score).toBe(scoreAt(answer.quality));
      expect(probed.length).toBeLessThanOrEqual(MAX_PROBES);
      expect(probed[0]).toBe(80);
    }
  });

  it('on plateaus (scores that rise in steps) answers a measured quality that reaches the target', async () => {
    const scoreAt = (q: number) => 30 + 10 * Math.floor(q / 15);
    for (const target of [40, 50, 60, 70]) {
      const { answer, probed } = await reach(scoreAt, target);
      expect(answer.score).toBeGreaterThanOrEqual(target);
      expect(probed).toContain(answer.quality);
      expect(answer.quality).toBeLessThanOrEqual(80);
      expect(answer.quality).toBeGreaterThanOrEqual(lowest(scoreAt, target, 10, 80));
    }
  });

  it('never goes above the asked quality: when that misses, it is the answer after one probe', async () => {
    const { answer, probed } = await reach(() => 40, 50);
    expect(answer).toEqual({ quality: 80, score: 40 });
    expect(probed).toEqual([80]);
  });

  it('a range of one quality probes it alone', async () => {
    const { answer, probed } = await reach((q) => q, 0, 30, 30);
    expect(answer.quality).toBe(30);
    expect(probed).toEqual([30]);
  });

  it('a flat score (every quality as good) goes to the lowest of the range', async () => {
    const { answer } = await reach(() => 90, 50);
    expect(answer.quality).toBe(10);
  });
});

describe('bounds', () => {
  it('fits inside the bounds keeping the shape, never enlarging', () => {
    expect(fitInside({ width: 4000, height: 3000 }, 1000)).toEqual({ width: 1000, height: 750 });
    expect(fitInside({ width: 4000, height: 3000 }, undefined, 300)).toEqual({ width: 400, height: 300 });
    expect(fitInside({ width: 4000, height: 3000 }, 2000, 300)).toEqual({ width: 400, height: 300 });
    expect(fitInside({ width: 400, height: 300 }, 400, 300)).toBeNull();
    expect(fitInside({ width: 400, height: 300 }, 800)).toBeNull();
    expect(fitInside({ width: 400, height: 300 })).toBeNull();
  });

  it('keeps every side at least one pixel', () => {
    expect(fitInside({ width: 10_000, height: 10 }, 100)).toEqual({ width: 100, height: 1 });
    expect(scaledBy({ width: 3, height: 3 }, 0.01)).toEqual({ width: 1, height: 1 });
    expect(scaledBy({ width: 333, height: 101 }, 0.5)).toEqual({ width: 167, height: 51 });
  });

  it('cover and contain ask for exactly the box when both sides are given, else fit inside', () => {
    const upright = { width: 1200, height: 800 };
    expect(boundsOf(upright, { maxWidth: 300, maxHeight: 300, fit: 'cover' })).toEqual({ width: 300, height: 300 });
    expect(boundsOf(upright, { maxWidth: 2400, maxHeight: 300, fit: 'contain' })).toEqual({ width: 2400, height: 300 });
    expect(boundsOf(upright, { maxWidth: 1200, maxHeight: 800, fit: 'cover' })).toBeNull();
    expect(boundsOf(upright, { maxWidth: 300, fit: 'cover' })).toEqual({ width: 300, height: 200 });
    expect(boundsOf(upright, { maxWidth: 300, maxHeight: 300 })).toEqual({ width: 300, height: 200 });
    expect(boundsOf(upright, {})).toBeNull();
  });
});
