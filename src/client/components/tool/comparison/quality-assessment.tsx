// Quality Assessment: before/after comparison of one completed job (split or side by side, zoom, pan, differences).
// The image comes first: one metrics line above it, the tools below it, on a neutral dark surface; keys 1, 0, D, S
// and a held Space drive it without the mouse.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Job } from '#contract/api';
import { MESSAGES } from '#contract/messages';
import { cn } from '#client/lib/cn.ts';
import { CloseComparisonButton, ComparisonHeader, type ViewMode } from './comparison-header';
import { ComparisonSummary } from './comparison-summary';
import { ComparisonToolbar } from './comparison-toolbar';
import { comparisonKeyAction, SHORTCUT_HINT } from './keys';
import { SideBySideViewer } from './side-by-side-viewer';
import { SplitPositionSlider } from './split-position-slider';
import { SplitViewer } from './split-viewer';
import { useDiffOverlay } from './use-diff-overlay';
import { useFullscreenDialog } from './use-fullscreen-dialog';
import { useHasAlpha } from './use-has-alpha';
import { useViewTransform } from './use-view-transform';
import { viewerSurface } from './viewer-surface';

export interface QualityAssessmentProps {
  job: Job | null;
  onClose: () => void;
  /** The original as shown: the server's preview of the upload, or in private mode the file itself. */
  originalSrc?: string;
}

const PANEL = 'flex flex-col gap-3 bg-neutral-900 text-neutral-100 focus:outline-none';

const HELP: Record<ViewMode, string> = {
  split: 'Drag the divider, or use its arrow keys, to compare. Zoomed in, drag the image (or use its arrow keys) to pan.',
  'side-by-side': 'Both sides zoom and pan together. Zoomed in, drag either image (or use its arrow keys) to pan.',
};

/** While Space is held the original shows; letting go anywhere (or leaving the window) ends it. */
function useHoldOriginal() {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!held) return;
    const release = (e?: globalThis.KeyboardEvent) => {
      if (!e || e.key === ' ') setHeld(false);
    };
    const onBlur = () => release();
    window.addEventListener('keyup', release);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('keyup', release);
      window.removeEventListener('blur', onBlur);
    };
  }, [held]);
  return [held, setHeld] as const;
}

export default function QualityAssessment({ job, onClose, originalSrc: givenOriginal }: QualityAssessmentProps) {
  const titleId = useId();
  const [mode, setMode] = useState<ViewMode>('split');
  const [split, setSplit] = useState(50);
  const [showOriginal, setShowOriginal] = useHoldOriginal();
  const dividerRef = useRef<HTMLDivElement>(null);

  const available = job !== null && job.status === 'completed' && !!job.compressedPath;
  const originalSrc = job ? (givenOriginal ?? `/api/jobs/${encodeURIComponent(job.id)}/original-preview`) : '';
  const compressedSrc = available ? job.compressedPath : null;
  const diff = useDiffOverlay(available, originalSrc, compressedSrc);
  const dialog = useFullscreenDialog();
  const hasAlpha = useHasAlpha(available ? originalSrc : '', job?.mimeType);
  const image = { width: job?.originalWidth ?? null, height: job?.originalHeight ?? null };
  const view = useViewTransform(image, `${mode} ${dialog.fullscreen} ${available}`);

  // Keyboard users land on the control they came for, not on the page body or the far-away Compare button.
  useEffect(() => {
    (dividerRef.current ?? dialog.rootRef.current)?.focus({ preventScroll: true });
  }, [dialog.rootRef]);

  // Switching to side by side removes the divider: keep focus (and so the shortcuts) inside the comparison.
  useEffect(() => {
    const root = dialog.rootRef.current;
    if (root && !root.contains(document.activeElement)) root.focus({ preventScroll: true });
  }, [mode, dialog.rootRef]);

  if (!available || !compressedSrc) {
    return (
      <section aria-labelledby={titleId} className={cn(PANEL, 'rounded-xl p-5 shadow-sm')} data-testid="quality-assessment">
        <div className="flex items-center justify-between gap-2">
          <h2 id={titleId} className="text-lg font-semibold">
            Quality Assessment
          </h2>
          <CloseComparisonButton onClose={onClose} />
        </div>
        <p className="text-sm text-neutral-200" data-testid="comparison-unavailable">
          {MESSAGES.comparisonUnavailable}
        </p>
      </section>
    );
  }

  const { fullscreen } = dialog;
  const surface = viewerSurface(view, fullscreen, image, hasAlpha);
  const images = { view, surface, originalSrc, compressedSrc, filename: job.filename, overlay: diff.overlay, showOriginal };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    dialog.trapFocus(e);
    const action = comparisonKeyAction(e, e.target);
    if (!action) return;
    e.preventDefault();
    if (action === 'hold-original') return setShowOriginal(true);
    if (e.repeat) return;
    if (action === 'one-to-one') view.actualPixels();
    else if (action === 'fit') view.fit();
    else if (action === 'toggle-diff') diff.toggle();
    else setMode((m) => (m === 'split' ? 'side-by-side' : 'split'));
  };

  return (
    <div
      ref={dialog.rootRef}
      role={fullscreen ? 'dialog' : 'region'}
      aria-modal={fullscreen || undefined}
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-keys`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="quality-assessment"
      data-fullscreen={fullscreen || undefined}
      className={cn(PANEL, fullscreen ? 'fixed inset-0 z-50 overflow-auto p-3 sm:p-6' : 'rounded-xl p-3 shadow-sm sm:p-4')}
    >
      <ComparisonHeader
        titleId={titleId}
        filename={job.filename}
        mode={mode}
        onMode={setMode}
        fullscreen={fullscreen}
        onToggleFullscreen={dialog.toggle}
        onClose={onClose}
      />
      <ComparisonSummary job={job} />
      {mode === 'split' ? (
        <SplitViewer {...images} split={split} onSplit={setSplit} dividerRef={dividerRef} />
      ) : (
        <SideBySideViewer {...images} fullscreen={fullscreen} />
      )}
      <ComparisonToolbar view={view} diff={diff} />
      {mode === 'split' && <SplitPositionSlider id={`${titleId}-split`} split={split} onSplit={setSplit} />}
      <p className="text-xs text-neutral-300">{HELP[mode]}</p>
      <p id={`${titleId}-keys`} className="hidden text-xs text-neutral-300 sm:block" data-testid="comparison-keys">
        {SHORTCUT_HINT}
      </p>
    </div>
  );
}
