// Totals over a job list: the dashboard's three stat cards (spec section 9) and the tool page's compression summary.
import type { Job } from '#contract/api';

export interface DashboardStats {
  totalJobs: number;
  completedJobs: number;
  /** Sum of the original sizes of completed jobs. */
  originalBytes: number;
  /** Sum of the result sizes of completed jobs (a job without one counts as unchanged). */
  compressedBytes: number;
  /** originalBytes minus compressedBytes. */
  storageSaved: number;
  /** Rounded total saved over total original bytes of completed jobs, 0 if none. */
  averageCompression: number;
}

type StatJob = Pick<Job, 'status' | 'originalSize' | 'compressedSize'>;

export function computeDashboardStats(jobs: readonly StatJob[]): DashboardStats {
  let completedJobs = 0;
  let originalBytes = 0;
  let compressedBytes = 0;
  for (const job of jobs) {
    if (job.status !== 'completed') continue;
    completedJobs++;
    originalBytes += job.originalSize;
    compressedBytes += job.compressedSize ?? job.originalSize;
  }
  const storageSaved = originalBytes - compressedBytes;
  return {
    totalJobs: jobs.length,
    completedJobs,
    originalBytes,
    compressedBytes,
    storageSaved,
    averageCompression: originalBytes > 0 ? Math.round((storageSaved / originalBytes) * 100) : 0,
  };
}
