// The processing files grid with Clear All and Download All.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Images, Loader2, Trash2 } from 'lucide-react';
import type { Job } from '../../../contract/api';
import { apiRequest } from '../../lib/api';
import { downloadAllAsZip, downloadJob } from '../../lib/download';
import { toast } from '../../lib/toast';
import { errorMessage, JOBS_QUERY_KEY } from '../../lib/use-auth';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { JobCard } from './job-card';
import { FILES_HEADING_ID } from './queue-jump-bar';
import { QUEUE_STATS_KEY, QUEUE_STATUS_KEY } from './queries';

export function JobsGrid({ jobs, onCompare }: { jobs: Job[]; onCompare: (job: Job) => void }) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: JOBS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: QUEUE_STATUS_KEY });
    void queryClient.invalidateQueries({ queryKey: QUEUE_STATS_KEY });
  };

  const clearAll = useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/jobs'),
    onSuccess: () => toast({ title: 'All files cleared' }),
    onError: (error) => toast({ title: 'Clear failed', description: errorMessage(error), variant: 'destructive' }),
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (job: Job) => apiRequest('DELETE', `/api/jobs/${encodeURIComponent(job.id)}`),
    onError: (error) => toast({ title: 'Remove failed', description: errorMessage(error), variant: 'destructive' }),
    onSettled: refresh,
  });

  const downloadAll = useMutation({
    mutationFn: downloadAllAsZip,
    onError: () => toast({ title: 'Download failed', description: 'Could not download files', variant: 'destructive' }),
  });

  const completed = jobs.filter((j) => j.status === 'completed').length;
  const [confirmingClear, setConfirmingClear] = useState(false);

  return (
    <section aria-labelledby={FILES_HEADING_ID} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={FILES_HEADING_ID} tabIndex={-1} className="flex scroll-mt-4 items-center gap-2 text-xl font-semibold text-slate-900 focus:outline-none">
          <Images className="h-5 w-5 text-blue-700" aria-hidden="true" />
          Processing Files <span className="text-base font-normal text-slate-600">({jobs.length})</span>
        </h2>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={jobs.length === 0 || clearAll.isPending} onClick={() => setConfirmingClear(true)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Clear All
          </Button>
          <Button size="sm" disabled={completed === 0 || downloadAll.isPending} onClick={() => downloadAll.mutate()}>
            {downloadAll.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Download className="h-4 w-4" aria-hidden="true" />}
            Download All
          </Button>
        </div>
      </div>
      <Dialog
        open={confirmingClear}
        onClose={() => setConfirmingClear(false)}
        title="Clear all files?"
        description={`This deletes all ${jobs.length} ${jobs.length === 1 ? 'file' : 'files'} in the list, with their compressed results, and lifts a paused queue. Download what you need first.`}
      >
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirmingClear(false)} autoFocus>
            Cancel
          </Button>
          <Button
            variant="destructive"
            onClick={() => {
              setConfirmingClear(false);
              clearAll.mutate();
            }}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Clear all files
          </Button>
        </div>
      </Dialog>
      {jobs.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          No files yet. Compressed images appear here, and are deleted automatically within 24 hours.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Compression jobs">
          {jobs.map((job) => (
            <li key={job.id} className="flex min-w-0">
              <div className="w-full min-w-0">
                <JobCard
                  job={job}
                  onDownload={(j) => void downloadJob(j)}
                  onCompare={onCompare}
                  onRemove={(j) => remove.mutate(j)}
                  removing={remove.isPending && remove.variables?.id === job.id}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
