import { describe, expect, it } from 'vitest';
import { describeProgress } from '#client/lib/upload.ts';

describe('upload progress', () => {
  it('gives the whole percent sent, and no time left until a second of sending gives a rate', () => {
    expect(describeProgress({ loaded: 0, total: 1000 }, 0)).toEqual({ percent: 0, secondsLeft: null });
    expect(describeProgress({ loaded: 999, total: 1000 }, 500)).toEqual({ percent: 99, secondsLeft: null });
  });

  it('estimates the time left from the average rate so far', () => {
    // 1 MB of 4 MB in 2 s: 3 MB left at 0.5 MB/s.
    expect(describeProgress({ loaded: 1_000_000, total: 4_000_000 }, 2000)).toEqual({ percent: 25, secondsLeft: 6 });
    expect(describeProgress({ loaded: 4_000_000, total: 4_000_000 }, 3000)).toEqual({ percent: 100, secondsLeft: 0 });
  });
});
