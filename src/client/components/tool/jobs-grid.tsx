// The processing files grid with Clear All and Download All.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Images, Loader2, Trash2 } from 'lucide-react';
import type { Job } from '../../../contract/api';
import { apiRequest } from '../../lib/api';
import { downloadAllAsZip, downloadJob } from '../../lib/download';
import { toast } from '../../lib/toast';
import { errorMessage, JOBS_QUERY_KEY } from '../../lib/use-auth';
import { Button } from '../ui/button';
import { JobCard } from './job-card';
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

  return (
    <section aria-labelledby="files-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="files-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <Images className="h-5 w-5 text-blue-700" aria-hidden="true" />
          Processing Files <span className="text-base font-normal text-slate-600">({jobs.length})</span>
        </h2>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={jobs.length === 0 || clearAll.isPending} onClick={() => clearAll.mutate()}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Clear All
          </Button>
          <Button size="sm" disabled={completed === 0 || downloadAll.isPending} onClick={() => downloadAll.mutate()}>
            {downloadAll.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Download className="h-4 w-4" aria-hidden="true" />}
            Download All
          </Button>
        </div>
      </div>
      {jobs.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          No files yet. Compressed images appear here, and are deleted automatically within 24 hours.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Compression jobs">
          {jobs.map((job) => (
            <li key={job.id} className="flex">
              <div className="w-full">
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
