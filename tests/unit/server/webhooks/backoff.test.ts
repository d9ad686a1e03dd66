// Webhook retries back off exponentially from the base, with at most ±10 % jitter, never more than an hour apart.
import { describe, expect, it } from 'vitest';
import { backoffMs } from '#server/webhooks/dispatcher';

describe('webhook retry backoff', () => {
  it('doubles from the base per failed attempt, within ±10 %', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 10_000, () => 0.5))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(backoffMs(3, 10_000, () => 0)).toBe(36_000);
    expect(backoffMs(3, 10_000, () => 1)).toBe(44_000);
  });

  it('waits at most an hour between attempts, so a 24-hour window has room for many', () => {
    expect(backoffMs(30, 10_000, () => 0.5)).toBe(3_600_000);
    let elapsed = 0;
    let attempts = 0;
    while (elapsed < 24 * 3_600_000) elapsed += backoffMs(++attempts, 10_000, () => 0.5);
    expect(attempts).toBeGreaterThan(20);
  });
});
