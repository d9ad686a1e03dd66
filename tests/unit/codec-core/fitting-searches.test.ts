// The two searches step by step: which settings each probes, in which order, and what it answers. searches.test.ts
// checks the answers against a full scan; these pin the path (the first guess from the assumed slope, the secant,
// the bracket, the switch to bisection, the budgets), since the number of encodes is what the searches exist to save.
import { describe, expect, it } from 'vitest';
import { largestFitting, type SearchOptions } from '#codec-core/modes/largest-fitting';
import { MAX_PROBES } from '#codec-core/modes/lowest-reaching';
import { reach } from './probed';

async function fit(sizeAt: (at: number) => number, options: Partial<SearchOptions> & Pick<SearchOptions, 'target'>) {
  const probed: number[] = [];
  const o: SearchOptions = { lo: 1, hi: 100, start: 80, model: 'linear', slope: 0.03, maxProbes: 20, ...options };
  const outcome = await largestFitting(async (at) => {
    probed.push(at);
    return { bytes: sizeAt(at), result: `encoded at ${at}` };
  }, o);
  return { best: outcome.best?.at ?? null, smallest: outcome.smallest?.at ?? null, probes: outcome.probes, probed, outcome };
}

/** Bytes doubling every 23 steps: log(bytes) is linear in the setting with exactly the assumed slope 0.03. */
const exponential = (q: number) => Math.round(1000 * Math.exp(0.03 * q));
const area = (side: number) => Math.round(side * side * 0.75);

describe('largestFitting, probe by probe', () => {
  it('aims the second probe along the assumed slope, bisects after two slow steps, then closes along the secant', async () => {
    // 80 is 11 023 bytes; along 0.03 the target of 2500 is at 30.5, so 30 (2460 bytes, fits). Neither probe halved
    // the bracket (0..101 → 0..80 → 30..80): the third is the middle, 55; the secant then lands on 30.5 again and
    // the bracket's lower end sends it to 31, which closes it.
    const run = await fit(exponential, { target: 2500 });
    expect(run.probed).toEqual([80, 30, 55, 31]);
    expect([run.best, run.smallest, run.probes]).toEqual([30, 30, 4]);
    expect(run.outcome.best).toEqual({ at: 30, bytes: 2460, result: 'encoded at 30' });
  });

  it('a wrong assumed slope costs a probe: the secant of the first two corrects it', async () => {
    expect((await fit(exponential, { target: 2500, slope: 0.1 })).probed).toEqual([80, 65, 32, 30, 31]);
  });

  it('sizes quadratic in the setting: the secant creeps up from below the target', async () => {
    const run = await fit((q) => 500 + 3 * q * q, { target: 10_000 });
    expect(run.probed).toEqual([80, 57, 28, 42, 49, 53, 56]);
    expect([run.best, run.smallest]).toEqual([56, 28]);
  });

  it('stops at its budget with the best fitting probe so far', async () => {
    const run = await fit((q) => 500 + 3 * q * q, { target: 10_000, maxProbes: 3 });
    expect(run.probed).toEqual([80, 57, 28]);
    expect([run.best, run.probes]).toEqual([28, 3]);
  });

  it('sizes in steps: the secant through a flat step is no help, the bracket still closes', async () => {
    const run = await fit((q) => 2000 + 400 * Math.floor(q / 10), { target: 4100 });
    expect(run.probed).toEqual([80, 72, 36, 58, 60, 59]);
    expect([run.best, run.smallest]).toEqual([59, 36]);
  });

  it('sizes that fall as the setting rises have no usable slope: it bisects up to the top', async () => {
    const run = await fit((q) => 10_000 - q, { target: 9950 });
    expect(run.probed).toEqual([80, 81, 91, 96, 98, 99, 100]);
    expect([run.best, run.smallest]).toEqual([100, 100]);
  });

  it('nothing fits: it walks down to the lowest setting, and the smallest is the first of equal sizes', async () => {
    const run = await fit(() => 500, { target: 400 });
    expect(run.probed).toEqual([80, 72, 36, 18, 9, 4, 2, 1]);
    expect([run.best, run.smallest]).toEqual([null, 80]);
    expect(run.outcome.smallest).toEqual({ at: 80, bytes: 500, result: 'encoded at 80' });
  });

  it('everything fits: the first guess jumps past the top and the top closes the bracket', async () => {
    const run = await fit((q) => 100 * q, { target: 1e9, start: 50 });
    expect(run.probed).toEqual([50, 100]);
    expect([run.best, run.smallest]).toEqual([100, 50]);
  });

  it('a start outside the range is brought inside it', async () => {
    const run = await fit((q) => 100 * q, { target: 4321, start: 500 });
    expect(run.probed).toEqual([100, 72, 36, 45, 43, 44]);
    expect(run.best).toBe(43);
  });

  it('a known failing setting bounds the search and gives the first slope', async () => {
    // From 60 at 6000 bytes along 0.03 the target of 9000 is at 73.5, past the known failure: its neighbour, 59, is
    // probed, fits, and closes the bracket, though sizes 60-90 fit too (the caller said they do not).
    const run = await fit((q) => 100 * q, { target: 9000, knownFailing: { at: 60, bytes: 6000 }, start: 50 });
    expect(run.probed).toEqual([59]);
    expect(run.best).toBe(59);
  });

  it('a known failing setting above the range leaves the whole range open', async () => {
    const run = await fit((q) => 100 * q, { target: 1e9, knownFailing: { at: 150, bytes: 2e9 }, start: 50 });
    expect(run.probed).toEqual([100]);
    expect(run.best).toBe(100);
  });

  it('on the log model a side length follows the area: the secant finds the slope of 2 at once', async () => {
    // 1000 gives 750 000 bytes; along the assumed 1.5 the target of a million is at 1211 (too big); the secant of
    // the two is the area's slope of 2, which lands on 1154.7: 1154 fits, 1155 does not.
    const run = await fit(area, { lo: 16, hi: 3999, target: 1_000_000, start: 1000, model: 'log', slope: 1.5 });
    expect(run.probed).toEqual([1000, 1211, 1154, 1155]);
    expect([run.best, run.smallest]).toEqual([1154, 1000]);
  });

  it('the same sizes on the linear model take twice the probes', async () => {
    const run = await fit(area, { lo: 16, hi: 3999, target: 1_000_000, start: 1000, model: 'linear', slope: 1.5 });
    expect(run.probed).toEqual([1000, 1001, 2500, 1234, 1114, 1156, 1154, 1155]);
    expect(run.best).toBe(1154);
  });

  it('on the log model too, two failing probes of the same size give no slope: it bisects', async () => {
    // Every side from 50 up is 5000 bytes: 500 and 92 both fail alike, so the next is the middle of 16-92.
    const run = await fit((side) => (side >= 50 ? 5000 : side), { lo: 16, hi: 1000, target: 400, start: 500, model: 'log', slope: 1.5 });
    expect(run.probed).toEqual([500, 92, 53, 34, 42, 52, 47, 49, 51, 50]);
    expect(run.best).toBe(49);
  });

  it('stops as soon as a fitting and a failing setting are close enough', async () => {
    const close = (fitting: number, failing: number) => fitting >= failing * 0.9;
    const run = await fit(area, { lo: 16, hi: 3999, target: 1_000_000, start: 1000, model: 'log', slope: 1.5, closeEnough: close });
    // After 1000 (fits) and 1211 (fails) they are not (1000 < 1090); after 1154 (fits) they are.
    expect(run.probed).toEqual([1000, 1211, 1154]);
    expect(run.best).toBe(1154);
  });
});

describe('lowestReaching, probe by probe', () => {
  it('scores rising with exactly the assumed slope: the first guess is the answer, its neighbour confirms it', async () => {
    // 80 scores 76; along 0.7 the target of 45 is at 35.7, rounded up to 36 (45.2); 35 (44.5) misses.
    const { answer, probed } = await reach((q) => 20 + 0.7 * q, 45);
    expect(probed).toEqual([80, 36, 35]);
    expect(answer).toEqual({ quality: 36, score: 20 + 0.7 * 36 });
  });

  it('a steeper score: the first guess falls off the bottom of the range, the secant measures the slope', async () => {
    const { answer, probed } = await reach((q) => 2 * q, 45);
    expect(probed).toEqual([80, 10, 23, 22]);
    expect(answer).toEqual({ quality: 23, score: 46 });
    expect((await reach((q) => 2 * q, 45, 1, 100)).probed).toEqual([100, 1, 23, 22]);
  });

  it('a concave score: the secant closes in from both sides', async () => {
    const { answer, probed } = await reach((q) => 100 - 4000 / (q + 40), 60);
    expect(probed).toEqual([80, 71, 58, 61, 60, 59]);
    expect(answer).toEqual({ quality: 60, score: 60 });
  });

  it('a score exactly at the target reaches it: the search goes on below', async () => {
    const { answer, probed } = await reach((q) => q, 80);
    expect(probed).toEqual([80, 79]);
    expect(answer).toEqual({ quality: 80, score: 80 });
  });

  it('scores in steps spend the whole budget, bisecting, and answer the lowest measured that reaches', async () => {
    const { answer, probed } = await reach((q) => 30 + 10 * Math.floor(q / 15), 50);
    expect(probed).toEqual([80, 38, 37, 23, 36, 35, 29, 34]);
    expect(probed).toHaveLength(MAX_PROBES);
    expect(answer).toEqual({ quality: 34, score: 50 });
  });

  it('scores falling as the quality rises have no usable slope: it bisects down to the bottom', async () => {
    const { answer, probed } = await reach((q) => 100 - q, 20);
    expect(probed).toEqual([80, 79, 44, 26, 17, 13, 11, 10]);
    expect(answer).toEqual({ quality: 10, score: 90 });
  });

  it('an empty range (the highest below the lowest) probes the highest alone', async () => {
    const { answer, probed } = await reach((q) => q, 0, 30, 20);
    expect(probed).toEqual([20]);
    expect(answer).toEqual({ quality: 20, score: 20 });
  });
});
