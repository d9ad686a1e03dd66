// The storage bench's rounds alternate so that a drift in a shared machine's load falls on local disk and S3 alike,
// and each S3 round is compared with the local rounds beside it, not with one run far away in time.
import { describe, expect, it } from 'vitest';
import { interleavedOrder, pairedRatios } from '../../../bench/sections/scaleout-storage';

describe('storage bench rounds', () => {
  it('runs L,S,S,L,L,S,...: each storage as many times, each first in every other pair', () => {
    expect(interleavedOrder(3).map((s) => s[0])).toEqual(['l', 'S', 'S', 'l', 'l', 'S']);
    const four = interleavedOrder(4);
    expect(four.filter((s) => s === 'local disk')).toHaveLength(4);
    expect(four.filter((s) => s !== 'local disk')).toHaveLength(4);
  });

  it('compares each S3 round with the mean of the local rounds just before and after it', () => {
    const rounds = [
      { storage: 'local disk', jobsPerSec: 1 },
      { storage: 'S3 (Ceph RGW)', jobsPerSec: 1.5 },
      { storage: 'S3 (Ceph RGW)', jobsPerSec: 2 },
      { storage: 'local disk', jobsPerSec: 3 },
      { storage: 'local disk', jobsPerSec: 4 },
      { storage: 'S3 (Ceph RGW)', jobsPerSec: 2 },
    ] as const;
    // A machine that speeds up 1 -> 4: each ratio is against its own neighbours, the last against the one before.
    expect(pairedRatios(rounds)).toEqual([1.5 / 2, 2 / 2, 2 / 4]);
  });
});
