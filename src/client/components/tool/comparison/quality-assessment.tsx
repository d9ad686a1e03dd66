// Quality Assessment: before/after comparison of one completed job (split or side by side, zoom, pan, differences).
import { useEffect, useId, useRef, useState } from 'react';
import type { Job } from '#contract/api';
import { MESSAGES } from '#contract/messages';
import { cn } from '#client/lib/cn.ts';
import { CloseComparisonButton, ComparisonHeader, type ViewMode } from './comparison-header';
import { ComparisonToolbar } from './comparison-toolbar';
import { JobMetrics } from './job-metrics';
import { SideBySideViewer } from './side-by-side-viewer';
import { SplitPositionSlider } from './split-position-slider';
import { SplitViewer } from './split-viewer';
import { useDiffOverlay } from './use-diff-overlay';
import { useFullscreenDialog } from './use-fullscreen-dialog';
import { useViewTransform } from './use-view-transform';
import { viewerSurface } from './viewer-surface';

export interface QualityAssessmentProps {
  job: Job | null;
  onClose: () => void;
  /** The original as shown: the server's preview of the upload, or in private mode the file itself. */
  originalSrc?: string;
}

export default function QualityAssessment({ job, onClose, originalSrc: givenOriginal }: QualityAssessmentProps) {
  const titleId = useId();
  const [mode, setMode] = useState<ViewMode>('split');
  const [split, setSplit] = useState(50);
  const dividerRef = useRef<HTMLDivElement>(null);

  const available = job !== null && job.status === 'completed' && !!job.compressedPath;
  const originalSrc = job ? (givenOriginal ?? `/api/jobs/${encodeURIComponent(job.id)}/original-preview`) : '';
  const compressedSrc = available ? job.compressedPath : null;
  const diff = useDiffOverlay(available, originalSrc, compressedSrc);
  const dialog = useFullscreenDialog();
  const image = { width: job?.originalWidth ?? null, height: job?.originalHeight ?? null };
  const view = useViewTransform(image, `${mode} ${dialog.fullscreen} ${available}`);

  // Keyboard users land on the control they came for, not on the page body or the far-away Compare button.
  useEffect(() => {
    (dividerRef.current ?? dialog.rootRef.current)?.focus({ preventScroll: true });
  }, [dialog.rootRef]);

  if (!available || !compressedSrc) {
    return (
      <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="quality-assessment">
        <div className="flex items-center justify-between gap-2">
          <h2 id={titleId} className="text-lg font-semibold">
            Quality Assessment
          </h2>
          <CloseComparisonButton onClose={onClose} />
        </div>
        <p className="mt-3 text-sm text-slate-700" data-testid="comparison-unavailable">
          {MESSAGES.comparisonUnavailable}
        </p>
      </section>
    );
  }

  const { fullscreen } = dialog;
  const surface = viewerSurface(view, fullscreen, image);
  const images = { view, surface, originalSrc, compressedSrc, filename: job.filename, overlay: diff.overlay };

  return (
    <div
      ref={dialog.rootRef}
      role={fullscreen ? 'dialog' : 'region'}
      aria-modal={fullscreen || undefined}
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={dialog.trapFocus}
      data-testid="quality-assessment"
      data-fullscreen={fullscreen || undefined}
      className={cn(
        'flex flex-col gap-4 bg-white focus:outline-none',
        fullscreen ? 'fixed inset-0 z-50 overflow-auto p-3 sm:p-6' : 'rounded-xl border border-slate-200 p-4 shadow-sm sm:p-5',
      )}
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
      <JobMetrics job={job} />
      <ComparisonToolbar view={view} diff={diff} />
      {mode === 'split' ? (
        <SplitViewer {...images} split={split} onSplit={setSplit} dividerRef={dividerRef} />
      ) : (
        <SideBySideViewer {...images} fullscreen={fullscreen} />
      )}
      {mode === 'split' && <SplitPositionSlider id={`${titleId}-split`} split={split} onSplit={setSplit} />}
      <p className="text-xs text-slate-600">
        Drag the image to pan (zoomed in, the arrow keys on the image do too). Drag the divider or use the arrow keys on it to compare.
      </p>
    </div>
  );
}
