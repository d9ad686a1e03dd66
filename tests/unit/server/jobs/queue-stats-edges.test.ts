// computeQueueStats at the edges the main cases (tests/unit/server/queue-stats.test.ts) do not reach: the window's
// boundary, waiting jobs older than the window, failed jobs, a zero-length batch, and an ETA at more than one a minute.
import { describe, expect, it } from 'vitest';
import { computeQueueStats } from '#server/jobs/job-service';
import type { JobStatus } from '#contract/api';

const MIN = 60_000;
const HOUR = 60 * MIN;
const job = (status: JobStatus, created: number, completed: number | null = null) => ({ status, created_at: created, completed_at: completed });

describe('computeQueueStats edges', () => {
  it('counts a job uploaded exactly one hour ago, and a failed job, as part of the batch', () => {
    const now = 2 * HOUR;
    const rows = [job('completed', now - HOUR, now - HOUR + MIN), job('error', now - 30 * MIN, now - 30 * MIN)];
    // From the first upload to the last finish: 30 minutes, 2 jobs.
    expect(computeQueueStats(rows, now)).toMatchObject({ elapsedTime: 1800, processingRate: 0.07, processing: false });
  });

  it.each(['pending', 'processing'] as const)('keeps a %s job older than the window in the batch, timing from its upload', (status) => {
    const now = 5 * HOUR;
    const rows = [job(status, now - 3 * HOUR), job('completed', now - 10 * MIN, now - 5 * MIN)];
    expect(computeQueueStats(rows, now)).toMatchObject({ elapsedTime: 3 * 3600, processing: true });
  });

  it('times the batch from its first upload, not its last', () => {
    const now = 10 * MIN;
    const rows = [job('completed', 2 * MIN, 3 * MIN), job('pending', 8 * MIN)];
    expect(computeQueueStats(rows, now)).toMatchObject({ elapsedTime: 480 });
  });

  it('reports no rate rather than an infinite one for a batch that took no time', () => {
    const now = 10 * MIN;
    expect(computeQueueStats([job('completed', now - MIN, now - MIN)], now)).toEqual({
      processingRate: 0,
      elapsedTime: 0,
      queueLength: 0,
      estimatedTimeRemaining: 0,
      processing: false,
    });
  });

  it('divides the work left by the rate', () => {
    const now = 10 * MIN;
    const done = [1, 2, 3, 4].map((i) => job('completed', 8 * MIN, 8 * MIN + i * 1000));
    // 4 finished in 2 minutes: 2 a minute; 3 left: 1.5 minutes.
    const rows = [...done, job('pending', 8 * MIN), job('pending', 8 * MIN), job('processing', 8 * MIN)];
    expect(computeQueueStats(rows, now)).toEqual({ processingRate: 2, elapsedTime: 120, queueLength: 2, estimatedTimeRemaining: 1.5, processing: true });
  });
});
