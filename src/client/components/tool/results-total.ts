// The batch's result in one line ("5 files · 5.7 MB → 2.2 MB · −61 %"), said the same in the files header and the
// bar that follows the user: the dashboard's arithmetic over the completed jobs.
import type { Job } from '#contract/api';
import { computeDashboardStats } from '#client/lib/dashboard-stats.ts';
import { formatFileSize } from '#client/lib/format.ts';

/** Null until a job completes. A batch that saved nothing says so instead of a "−0 %". */
export function resultsTotalText(jobs: readonly Job[]): string | null {
  const stats = computeDashboardStats(jobs);
  if (stats.completedJobs === 0) return null;
  const files = `${stats.completedJobs} ${stats.completedJobs === 1 ? 'file' : 'files'}`;
  const sizes = `${formatFileSize(stats.originalBytes)} → ${formatFileSize(stats.compressedBytes)}`;
  const saving = stats.storageSaved > 0 ? `−${stats.averageCompression} %` : 'already optimised';
  return `${files} · ${sizes} · ${saving}`;
}

/** Whether any job still waits or runs: the files section and the bar are titled by it. */
export const stillWorking = (jobs: readonly Job[]): number => jobs.filter((j) => j.status === 'pending' || j.status === 'processing').length;
