// The dashboard's three stat cards, computed from the job list (spec section 9).
import type { Job } from '../../contract/api';

export interface DashboardStats {
  totalJobs: number;
  completedJobs: number;
  /** Sum of original minus compressed bytes over completed jobs. */
  storageSaved: number;
  /** Rounded total saved over total original bytes of completed jobs, 0 if none. */
  averageCompression: number;
}

type StatJob = Pick<Job, 'status' | 'originalSize' | 'compressedSize'>;

export function computeDashboardStats(jobs: readonly StatJob[]): DashboardStats {
  let completedJobs = 0;
  let totalOriginal = 0;
  let storageSaved = 0;
  for (const job of jobs) {
    if (job.status !== 'completed') continue;
    completedJobs++;
    totalOriginal += job.originalSize;
    storageSaved += job.originalSize - (job.compressedSize ?? job.originalSize);
  }
  return {
    totalJobs: jobs.length,
    completedJobs,
    storageSaved,
    averageCompression: totalOriginal > 0 ? Math.round((storageSaved / totalOriginal) * 100) : 0,
  };
}
