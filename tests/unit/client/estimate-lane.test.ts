// Adjust's estimates go to the server one at a time (it refuses an overlapping one per owner), and one superseded
// while it waited is never sent.
import { describe, expect, it } from 'vitest';
import { inEstimateLane } from '#client/api/estimate.ts';

/** A promise and the function that settles it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the estimate lane', () => {
  it('starts a request only once the one before it has answered', async () => {
    const first = deferred<string>();
    const started: string[] = [];
    const a = inEstimateLane(new AbortController().signal, () => (started.push('a'), first.promise));
    const b = inEstimateLane(new AbortController().signal, async () => (started.push('b'), 'b'));
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual(['a']);
    first.resolve('a');
    expect(await a).toBe('a');
    expect(await b).toBe('b');
    expect(started).toEqual(['a', 'b']);
  });

  it('never sends a request cancelled while it waited, and goes on with the next', async () => {
    const first = deferred<string>();
    const started: string[] = [];
    const superseded = new AbortController();
    const a = inEstimateLane(new AbortController().signal, () => (started.push('a'), first.promise));
    const b = inEstimateLane(superseded.signal, async () => (started.push('b'), 'b'));
    const c = inEstimateLane(new AbortController().signal, async () => (started.push('c'), 'c'));
    superseded.abort();
    first.resolve('a');
    await a;
    await expect(b).rejects.toThrow(/newer estimate/);
    expect(await c).toBe('c');
    expect(started).toEqual(['a', 'c']);
  });

  it('goes on after a request that failed', async () => {
    const a = inEstimateLane(new AbortController().signal, async () => {
      throw new Error('refused');
    });
    await expect(a).rejects.toThrow('refused');
    expect(await inEstimateLane(new AbortController().signal, async () => 'next')).toBe('next');
  });
});
