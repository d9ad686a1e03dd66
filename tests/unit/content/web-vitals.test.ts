import { describe, expect, it } from 'vitest';
import { rateMetric, VITAL_THRESHOLDS } from '#client/lib/web-vitals.ts';

describe('rateMetric', () => {
  it('uses the spec thresholds (good up to the first, poor above the second)', () => {
    expect(VITAL_THRESHOLDS).toEqual({
      LCP: [2500, 4000],
      INP: [200, 500],
      CLS: [0.1, 0.25],
      FCP: [1800, 3000],
      TTFB: [800, 1800],
    });
  });

  it.each([
    ['LCP', 0, 'good'],
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4000, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['INP', 200, 'good'],
    ['INP', 350, 'needs-improvement'],
    ['INP', 501, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.11, 'needs-improvement'],
    ['CLS', 0.25, 'needs-improvement'],
    ['CLS', 0.26, 'poor'],
    ['FCP', 1800, 'good'],
    ['FCP', 2000, 'needs-improvement'],
    ['FCP', 3001, 'poor'],
    ['TTFB', 800, 'good'],
    ['TTFB', 1800, 'needs-improvement'],
    ['TTFB', 1801, 'poor'],
  ] as const)('%s %d is %s', (name, value, rating) => {
    expect(rateMetric(name, value)).toBe(rating);
  });
});
