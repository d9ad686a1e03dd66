import type { JobStatus } from '#contract/api';
import { describe, expect, it } from 'vitest';
import { computeQueueStats } from '#server/jobs/job-service';

const MIN = 60_000;
const job = (status: JobStatus, created: number, completed: number | null = null) => ({ status, created_at: created, completed_at: completed });

describe('computeQueueStats', () => {
  it('is all zeros for an owner with no jobs', () => {
    expect(computeQueueStats([], 1e12)).toEqual({ processingRate: 0, elapsedTime: 0, queueLength: 0, estimatedTimeRemaining: 0, processing: false });
  });

  it('derives rate, elapsed time and ETA from the current batch', () => {
    const now = 10 * MIN;
    const rows = [
      job('completed', 8 * MIN, 9 * MIN),
      job('completed', 8 * MIN, 9.5 * MIN),
      job('processing', 8 * MIN),
      job('pending', 8 * MIN),
    ];
    // 2 finished in the 2 minutes since the batch started: 1 job/min; 2 left: 2 minutes.
    expect(computeQueueStats(rows, now)).toEqual({ processingRate: 1, elapsedTime: 120, queueLength: 1, estimatedTimeRemaining: 2, processing: true });
  });

  it('freezes elapsed time at the last completion once the queue is idle, and ignores old jobs', () => {
    const now = 200 * MIN;
    const rows = [job('completed', 190 * MIN, 191 * MIN), job('completed', 190 * MIN, 192 * MIN), job('completed', 10 * MIN, 11 * MIN)];
    expect(computeQueueStats(rows, now)).toMatchObject({ elapsedTime: 120, processingRate: 1, processing: false, estimatedTimeRemaining: 0 });
  });
});
