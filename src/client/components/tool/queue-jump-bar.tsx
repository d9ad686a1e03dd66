// After an upload the files list may be out of sight (a phone, or a user who scrolled): while it is, a bar at the
// bottom says how many files wait and takes the user (and the focus) there; once the batch is done it stays, with the
// total saved and Download All, because that is the moment the user wants them. It is a live region for screen readers.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowDown, Download, Loader2 } from 'lucide-react';
import type { Job } from '#contract/api';
import { dismissInProgressToast } from '#client/lib/toast.ts';
import { resultsTotalText, stillWorking } from './results-total';

/** The docked bar's height: the page's bottom padding and the toasts' lift both read it (--docked-bar-height). */
const DOCKED_BAR_HEIGHT = '3.5rem';

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

/**
 * Elements the bar must never cover, the ones the user works in: while any of them is on screen the bar steps aside
 * (it is docked, not floating). The settings count only while open (their body): the closed card is one summary line,
 * and hiding the bar for it left a phone user with neither the bar nor Download All in sight after a batch.
 */
export const BAR_AVOIDS = ['#settings-body', '[data-testid="comparison"]', 'dialog[open]', '[role="dialog"]'] as const;

/** Whether any element matching the selectors is at least partly on screen; re-checked when `watch` changes. */
function useAnyOnScreen(selectors: readonly string[], watch: unknown): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const elements = selectors.flatMap((s) => Array.from(document.querySelectorAll(s)));
    if (elements.length === 0 || typeof IntersectionObserver === 'undefined') {
      setOnScreen(false);
      return;
    }
    const visible = new Set<Element>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.add(entry.target);
        else visible.delete(entry.target);
      }
      setOnScreen(visible.size > 0);
    });
    for (const el of elements) observer.observe(el);
    return () => observer.disconnect();
  }, [selectors, watch]);
  return onScreen;
}

const PILL =
  'pointer-events-auto inline-flex min-h-11 items-center gap-2 rounded-full bg-slate-900 px-4 text-sm font-medium text-white shadow-lg hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 sm:min-h-9';

/**
 * The bar is docked to the bottom edge as one slim line (at most 48 px), and it steps aside while the files header,
 * the open settings, the comparison or a dialog is on screen, so it never sits over what the user is working on.
 */
export function QueueJumpBar({
  jobs,
  onDownloadAll,
  downloading = false,
  extra,
  watch,
}: {
  jobs: Job[];
  onDownloadAll?: () => void;
  downloading?: boolean;
  extra?: ReactNode;
  /** Changes when an element the bar avoids may have appeared or gone (the comparison opened, a dialog, the settings opened). */
  watch?: unknown;
}) {
  const waiting = stillWorking(jobs);
  const total = waiting === 0 ? resultsTotalText(jobs) : null;
  const headerInView = useWhollyInView(FILES_HEADER_ID);
  const covering = useAnyOnScreen(BAR_AVOIDS, watch);
  const shown = !headerInView && !covering && (waiting > 0 || total !== null);
  // "Compression started" is out of date once the work it announced is done; on a phone it would sit over the files
  // header's Download All. Only work seen waiting counts: a list fetched before an upload landed says nothing of it.
  const workSeenAt = useRef(0);
  useEffect(() => {
    if (waiting > 0) workSeenAt.current = performance.now();
  });
  useEffect(() => {
    if (waiting === 0) dismissInProgressToast(workSeenAt.current);
  }, [waiting]);
  // Docked: while the bar shows, the page ends that much lower, so the bar never hides its last line.
  // The toasts stand on the bar, not under it (--docked-bar-height, toaster.tsx), so their buttons stay in reach.
  useEffect(() => {
    if (!shown) return;
    const before = document.body.style.paddingBottom;
    document.documentElement.style.setProperty('--docked-bar-height', DOCKED_BAR_HEIGHT);
    document.body.style.paddingBottom = 'var(--docked-bar-height)';
    return () => {
      document.body.style.paddingBottom = before;
      document.documentElement.style.removeProperty('--docked-bar-height');
    };
  }, [shown]);
  return (
    // Above the toasts (z-50): "Upload successful" must not hide the total and Download All; the bar says more.
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex justify-center">
      {shown && waiting > 0 && (
        <div className="mb-3 px-4">
          <button type="button" onClick={showFiles} data-testid="queue-jump" className={PILL}>
            {waiting} {waiting === 1 ? 'file' : 'files'} in queue · View
            <ArrowDown className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      )}
      {shown && total !== null && (
        <div
          data-testid="results-bar"
          className="pointer-events-auto flex max-h-12 w-full items-center justify-center gap-x-3 overflow-hidden border-t border-slate-700 bg-slate-900 px-3 py-1 text-sm text-white"
        >
          <span className="min-w-0 truncate font-medium" data-testid="results-total">
            Done: {total}
          </span>
          {onDownloadAll && (
            <button type="button" onClick={onDownloadAll} disabled={downloading} className={`${PILL} flex-none bg-blue-600 px-3 shadow-none hover:bg-blue-500`}>
              {downloading ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Download className="h-4 w-4" aria-hidden="true" />}
              <span className="sr-only sm:not-sr-only">Download All</span>
            </button>
          )}
          {extra}
          <button type="button" onClick={showFiles} className="pointer-events-auto inline-flex min-h-11 flex-none items-center gap-1 underline underline-offset-2 sm:min-h-9">
            View
            <ArrowDown className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}
