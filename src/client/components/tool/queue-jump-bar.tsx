// After an upload the files list may be out of sight (a phone, or a user who scrolled): while it is, a bar at the
// bottom says how many files wait and takes the user (and the focus) there; once the batch is done it stays, with the
// total saved and Download All, because that is the moment the user wants them. It is a live region for screen readers.
import { useEffect, useState } from 'react';
import { ArrowDown, Download, Loader2 } from 'lucide-react';
import type { Job } from '#contract/api';
import { resultsTotalText, stillWorking } from './results-total';

export const FILES_HEADING_ID = 'files-heading';
/** The files header row (title, total, Clear All, Download All): the bar hides only while all of it is on screen. */
export const FILES_HEADER_ID = 'files-header';

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Scrolls to the files list (smoothly unless the user asked for less motion) and moves focus to its heading. */
export function showFiles(): void {
  const heading = document.getElementById(FILES_HEADING_ID);
  if (!heading) return;
  heading.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  heading.focus({ preventScroll: true });
}

function useWhollyInView(id: string): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const el = document.getElementById(id);
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView((entry?.intersectionRatio ?? 1) >= 0.99), { threshold: [0, 0.99, 1] });
    observer.observe(el);
    return () => observer.disconnect();
  }, [id]);
  return inView;
}

const PILL =
  'pointer-events-auto inline-flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

export function QueueJumpBar({ jobs, onDownloadAll, downloading = false }: { jobs: Job[]; onDownloadAll?: () => void; downloading?: boolean }) {
  const waiting = stillWorking(jobs);
  const total = waiting === 0 ? resultsTotalText(jobs) : null;
  const headerInView = useWhollyInView(FILES_HEADER_ID);
  const shown = !headerInView && (waiting > 0 || total !== null);
  return (
    // Above the toasts (z-50): "Upload successful" must not hide the total and Download All; the bar says more.
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex justify-center px-4">
      {shown && waiting > 0 && (
        <button type="button" onClick={showFiles} data-testid="queue-jump" className={PILL}>
          {waiting} {waiting === 1 ? 'file' : 'files'} in queue · View
          <ArrowDown className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
      {shown && total !== null && (
        <div data-testid="results-bar" className="pointer-events-auto flex max-w-full flex-wrap items-center justify-center gap-x-3 gap-y-1 rounded-2xl bg-slate-900 px-4 py-2 text-sm text-white shadow-lg">
          <span className="font-medium" data-testid="results-total">
            Done: {total}
          </span>
          {onDownloadAll && (
            <button type="button" onClick={onDownloadAll} disabled={downloading} className={`${PILL} bg-blue-600 px-3 py-1 hover:bg-blue-500`}>
              {downloading ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Download className="h-4 w-4" aria-hidden="true" />}
              Download All
            </button>
          )}
          <button type="button" onClick={showFiles} className="pointer-events-auto inline-flex items-center gap-1 underline underline-offset-2">
            View
            <ArrowDown className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}
