// The files under the drop zone: titled by state, with the batch's total, Clear All and Download All in one row, then a
// card per file (a compact row on phones). The page runs the requests.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Download, Images, Loader2, Trash2 } from 'lucide-react';
import type { Job } from '#contract/api';
import { downloadJob } from '#client/lib/download.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { FILES_HEADER_ID, FILES_HEADING_ID } from './queue-jump-bar';
import { resultsTotalText, stillWorking } from './results-total';
import { RETENTION_TEXT } from '#client/content/limits-text.ts';

// The cards are loaded with the first file, not with the page: an empty list needs none of their code, and the tool
// page's first load stays inside its JavaScript budget (docs/decisions/0434-own-drop-handling.md).
const JobCard = lazy(() => import('./job-card.tsx').then((m) => ({ default: m.JobCard })));

export interface JobsGridProps {
  jobs: Job[];
  onCompare: (job: Job) => void;
  onRemove: (job: Job) => void;
  /** Opens the re-tune panel of a finished job. */
  onAdjust?: (job: Job) => void;
  /** The job being removed, if any: its card shows it. */
  removingId?: string;
  onClearAll: () => void;
  clearing: boolean;
  onDownloadAll: () => void;
  downloading: boolean;
  /** What happens to the files, said when there are none yet (the server's retention unless told otherwise). */
  keptNote?: string;
  /** Saves one result (the server's download unless told otherwise). */
  onDownload?: (job: Job) => void;
  /** The rows of files a drop did not add, shown first: errors live in the list, with the files. */
  notAdded?: ReactNode;
  /** Private mode's results: kept in this tab, never on a server. */
  onDevice?: boolean;
}

export function JobsGrid({ jobs, onCompare, onRemove, onAdjust, removingId, onClearAll, clearing, onDownloadAll, downloading, keptNote, onDownload = (j) => void downloadJob(j), notAdded, onDevice = false }: JobsGridProps) {
  const completed = jobs.filter((j) => j.status === 'completed').length;
  const [confirmingClear, setConfirmingClear] = useState(false);
  const total = resultsTotalText(jobs);
  // "Processing" only while something is: a finished batch is simply the user's files.
  const title = stillWorking(jobs) > 0 ? 'Processing Files' : 'Your files';

  return (
    <section aria-labelledby={FILES_HEADING_ID} className="space-y-4">
      <div id={FILES_HEADER_ID} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        {/* scroll-mt clears the sticky site header, so a jump here shows the heading and its buttons. */}
        <h2 id={FILES_HEADING_ID} tabIndex={-1} className="flex scroll-mt-20 items-center gap-2 text-xl font-semibold text-slate-900 focus:outline-none">
          <Images className="h-5 w-5 text-blue-700" aria-hidden="true" />
          {title} <span className="text-base font-normal text-slate-600">({jobs.length})</span>
        </h2>
        {total && (
          <p className="text-sm font-semibold text-slate-900 sm:order-none" data-testid="results-total">
            {total}
          </p>
        )}
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={jobs.length === 0 || clearing} onClick={() => setConfirmingClear(true)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Clear All
          </Button>
          <Button size="sm" disabled={completed === 0 || downloading} onClick={() => onDownloadAll()}>
            {downloading ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Download className="h-4 w-4" aria-hidden="true" />}
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
              onClearAll();
            }}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Clear all files
          </Button>
        </div>
      </Dialog>
      {notAdded}
      {jobs.length > 0 && (
        // Phones show compact rows without the per-card retention line: it is said once here.
        <p className="-mt-2 text-xs text-slate-600 sm:hidden">Files are {keptNote ?? `deleted automatically ${RETENTION_TEXT}`}.</p>
      )}
      {jobs.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          No files yet. Compressed images appear here, {keptNote ?? `and are deleted automatically ${RETENTION_TEXT}`}.
        </p>
      ) : (
        <Suspense fallback={<p className="h-24 animate-pulse rounded-xl bg-slate-100 p-6 text-sm text-slate-600">Loading your files...</p>}>
          <ul className="grid gap-2 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3" aria-label="Compression jobs">
            {jobs.map((job) => (
              <li key={job.id} className="flex min-w-0">
                <div className="w-full min-w-0">
                  <JobCard
                    job={job}
                    onDownload={onDownload}
                    onCompare={onCompare}
                    onRemove={onRemove}
                    onAdjust={onAdjust}
                    removing={removingId === job.id}
                    onDevice={onDevice}
                  />
                </div>
              </li>
            ))}
          </ul>
        </Suspense>
      )}
    </section>
  );
}
