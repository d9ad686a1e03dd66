// Closing Adjust hands focus back to the card's Adjust button, as closing the comparison does for Compare (the dialog
// is unmounted, not closed, so the browser would drop focus to <body> and a keyboard user would start from the top).
// Cancel and Escape: at once. Apply: the file is compressed again and its card shows no Adjust button meanwhile, so
// focus goes back once the new revision has finished, unless the user has moved focus elsewhere by then.
import { useEffect, useRef } from 'react';
import type { Job } from '#contract/api';

interface Pending {
  id: string;
  /** Apply: the revision that must be passed before the button is back for good. */
  afterRevision: number | null;
}

const adjustButton = (id: string) => document.querySelector<HTMLElement>(`[data-job-id="${CSS.escape(id)}"] button[aria-label^="Adjust "]`);

export function useAdjustFocusReturn(jobs: Job[], open: boolean) {
  const pending = useRef<Pending | null>(null);
  useEffect(() => {
    const want = pending.current;
    if (!want || open) return;
    const button = adjustButton(want.id);
    const active = document.activeElement;
    if (active && active !== document.body && active !== button) {
      pending.current = null; // the user went on elsewhere: leave focus where it is
      return;
    }
    button?.focus();
    const job = jobs.find((j) => j.id === want.id);
    const settled = !job || (job.status !== 'pending' && job.status !== 'processing' && (want.afterRevision === null || job.revision > want.afterRevision));
    if (settled) pending.current = null;
  }, [jobs, open]);

  return (job: Job, applied: boolean) => {
    pending.current = { id: job.id, afterRevision: applied ? job.revision : null };
  };
}
