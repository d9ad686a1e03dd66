// After an upload the results are far below the drop zone on a phone: while files wait or run and the list is out of
// sight, a bar says how many and takes the user (and the focus) there. It is a live region, so screen readers hear it.
import { useEffect, useState } from 'react';
import { ArrowDown } from 'lucide-react';
import type { Job } from '#contract/api';

export const FILES_HEADING_ID = 'files-heading';

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Scrolls to the files list (smoothly unless the user asked for less motion) and moves focus to its heading. */
export function showFiles(): void {
  const heading = document.getElementById(FILES_HEADING_ID);
  if (!heading) return;
  heading.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  heading.focus({ preventScroll: true });
}

function useInView(id: string): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const el = document.getElementById(id);
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? true));
    observer.observe(el);
    return () => observer.disconnect();
  }, [id]);
  return inView;
}

export function QueueJumpBar({ jobs }: { jobs: Job[] }) {
  const waiting = jobs.filter((j) => j.status === 'pending' || j.status === 'processing').length;
  const listInView = useInView(FILES_HEADING_ID);
  const shown = waiting > 0 && !listInView;
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-30 flex justify-center px-4">
      {shown && (
        <button
          type="button"
          onClick={showFiles}
          data-testid="queue-jump"
          className="pointer-events-auto inline-flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          {waiting} {waiting === 1 ? 'file' : 'files'} in queue · View
          <ArrowDown className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
