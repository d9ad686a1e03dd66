// The tool itself over a job source (server or this device): drop zone, settings and queue, the files with their
// cards, Adjust, the comparison and the summary. The same components whichever source runs the jobs.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Job, Preset } from '#contract/api';
import { useAdjustFocusReturn } from './adjust-focus';
import { CompressionSettings } from './compression-settings';
import { controlProblems, formatModeProblem } from './control';
import { DropZone } from './drop-zone';
import type { JobSource } from './job-source';
import { JobsGrid } from './jobs-grid';
import { PausedNotice } from './paused-notice';
import { QueueJumpBar } from './queue-jump-bar';
import { QueuePanel } from './queue-panel';
import { uploadFields, type CompressionSettings as Settings } from './settings';

// Only needed once a result is compared; keeps the tool's first load small.
const QualityAssessment = lazy(() => import('./comparison/quality-assessment.tsx'));
// Opened on demand, like the comparison: neither ships in the first load's JavaScript.
// The detailed totals: shown only once a file completes (the files header already says the total in one line).
const CompressionSummary = lazy(() => import('./compression-summary.tsx').then((m) => ({ default: m.CompressionSummary })));
const AdjustDialog = lazy(() => import('./adjust-dialog.tsx').then((m) => ({ default: m.AdjustDialog })));

export interface ToolWorkspaceProps {
  source: JobSource;
  settings: Settings;
  onSettingsChange: (next: Settings) => void;
  presets?: Preset[];
}

export function ToolWorkspace({ source, settings, onSettingsChange, presets }: ToolWorkspaceProps) {
  const { jobs } = source;
  const onDevice = source.kind === 'private';
  const [compareId, setCompareId] = useState<string | null>(null);
  // The job as it was when Adjust was pressed: the panel stays put while the list refreshes underneath it.
  const [adjustJob, setAdjustJob] = useState<Job | null>(null);
  const compareRef = useRef<HTMLDivElement>(null);
  const returnAdjustFocus = useAdjustFocusReturn(jobs, adjustJob !== null);
  const compareJob = compareId ? (jobs.find((j) => j.id === compareId) ?? null) : null;

  // Closing the comparison hands focus back to the Compare button it was opened from (not to the page body).
  const returnFocusTo = useRef<string | null>(null);
  const closeComparison = () => {
    returnFocusTo.current = compareId;
    setCompareId(null);
  };
  useEffect(() => {
    if (compareId) compareRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    else if (returnFocusTo.current) {
      document.querySelector<HTMLElement>(`[data-job-id="${CSS.escape(returnFocusTo.current)}"] button[aria-label^="Compare "]`)?.focus();
      returnFocusTo.current = null;
    }
  }, [compareId]);

  return (
    <>
      <DropZone
        config={source.uploadConfig}
        isAuthenticated={source.unlimited}
        uploading={source.uploading}
        progress={source.progress}
        onUpload={(files) => {
          // A setting with a problem is marked beside its field; an impossible mode and format is refused with its
          // reason. Either way nothing is sent, so no file fails after upload.
          const combo = formatModeProblem(settings.format, settings.control.mode);
          const blocked = combo ?? (Object.keys(controlProblems(settings.control)).length > 0 ? 'Fix the highlighted compression settings first' : null);
          if (blocked) {
            // The settings card is open whenever a setting has a problem: take the user to the first marked field.
            const marked = document.querySelector<HTMLElement>('[data-testid="settings-card"] [aria-invalid="true"]');
            (marked?.matches('input, select') ? marked : marked?.querySelector<HTMLElement>('input:checked'))?.focus();
            return Promise.resolve(files.map((f) => ({ filename: f.name, message: blocked })));
          }
          return source.send(files, { ...settings, fields: uploadFields(settings) });
        }}
      />
      <PausedNotice status={source.queueStatus} busy={source.queueBusy} onResume={() => source.queueAction('resume')} />

      {/* The files, their total and Download All come straight under the drop zone: where the user is looking. */}
      <JobsGrid
        jobs={jobs}
        onCompare={(job) => setCompareId(job.id)}
        onAdjust={setAdjustJob}
        onRemove={source.remove}
        removingId={source.removingId}
        onClearAll={source.clearAll}
        clearing={source.clearing}
        onDownload={source.download}
        onDownloadAll={source.downloadAll}
        downloading={source.downloading}
        keptNote={onDevice ? 'kept only in this tab until you close it or clear them' : undefined}
      />
      <QueueJumpBar jobs={jobs} onDownloadAll={source.downloadAll} downloading={source.downloading} />

      <div className="grid gap-6 lg:grid-cols-2">
        <CompressionSettings presets={presets} value={settings} onChange={onSettingsChange} onDevice={onDevice} />
        <QueuePanel status={source.queueStatus} stats={source.queueStats} busy={source.queueBusy} onAction={source.queueAction} />
      </div>
      {adjustJob && (
        <Suspense fallback={null}>
          <AdjustDialog
            key={adjustJob.id}
            job={adjustJob}
            onClose={(applied) => {
              returnAdjustFocus(adjustJob, applied);
              setAdjustJob(null);
            }}
            runner={source.adjustRunner}
            originalSrc={source.originalSrc(adjustJob)}
          />
        </Suspense>
      )}

      {compareId && (
        <div ref={compareRef} className="scroll-mt-20">
          <Suspense fallback={<div className="h-96 animate-pulse rounded-xl bg-slate-200" aria-busy="true" aria-label="Loading comparison" />}>
            <QualityAssessment key={compareId} job={compareJob} onClose={closeComparison} originalSrc={compareJob ? source.originalSrc(compareJob) : undefined} />
          </Suspense>
        </div>
      )}

      {jobs.some((j) => j.status === 'completed') && (
        <Suspense fallback={null}>
          <CompressionSummary jobs={jobs} />
        </Suspense>
      )}
    </>
  );
}
