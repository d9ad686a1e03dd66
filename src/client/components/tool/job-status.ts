// Status badge look per job status (spec section 4); any unknown value looks like pending.
import type { JobStatus } from '#contract/api';

export const STATUS_STYLES: Record<JobStatus, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-slate-100 text-slate-700' },
  processing: { label: 'Processing', className: 'bg-yellow-100 text-yellow-900' },
  completed: { label: 'Completed', className: 'bg-green-100 text-green-800' },
  error: { label: 'Error', className: 'bg-red-100 text-red-800' },
};

export const statusStyle = (status: string) => STATUS_STYLES[status as JobStatus] ?? STATUS_STYLES.pending;
