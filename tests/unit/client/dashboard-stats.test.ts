import { describe, expect, it } from 'vitest';
import { computeDashboardStats } from '#client/lib/dashboard-stats.ts';

const job = (status: string, originalSize: number, compressedSize: number | null) =>
  ({ status, originalSize, compressedSize }) as { status: 'completed'; originalSize: number; compressedSize: number | null };

describe('computeDashboardStats', () => {
  it('is all zero without jobs', () => {
    expect(computeDashboardStats([])).toEqual({ totalJobs: 0, completedJobs: 0, originalBytes: 0, compressedBytes: 0, storageSaved: 0, averageCompression: 0 });
  });

  it('counts every job but sums savings over completed jobs only', () => {
    const stats = computeDashboardStats([
      job('completed', 1000, 400),
      job('completed', 3000, 1000),
      job('processing', 5000, null),
      job('error', 7000, null),
      job('pending', 9000, null),
    ]);
    expect(stats.totalJobs).toBe(5);
    expect(stats.completedJobs).toBe(2);
    expect(stats.originalBytes).toBe(4000);
    expect(stats.compressedBytes).toBe(1400);
    expect(stats.storageSaved).toBe(2600);
    // 2600 / 4000 = 65%
    expect(stats.averageCompression).toBe(65);
  });

  it('rounds the average to a whole percent', () => {
    expect(computeDashboardStats([job('completed', 3, 2)]).averageCompression).toBe(33);
    expect(computeDashboardStats([job('completed', 200, 199)]).averageCompression).toBe(1);
  });

  it('gives 0 when no job has completed', () => {
    expect(computeDashboardStats([job('pending', 100, null)]).averageCompression).toBe(0);
  });

  it('counts an unchanged result as no saving', () => {
    expect(computeDashboardStats([job('completed', 500, 500)])).toMatchObject({ storageSaved: 0, averageCompression: 0 });
    expect(computeDashboardStats([job('completed', 500, null)])).toMatchObject({ originalBytes: 500, compressedBytes: 500, storageSaved: 0 });
  });
});
