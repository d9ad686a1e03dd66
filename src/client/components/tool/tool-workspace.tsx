// The tool itself over a job source (server or this device): drop zone, settings and queue, the files with their
// cards, Adjust, the comparison and the summary. The same components whichever source runs the jobs.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Job, Preset } from '#contract/api';
import { useAdjustFocusReturn } from './adjust-focus';
import { CompressionSettings } from './compression-settings';
import { controlProblems, formatModeProblem } from './control';
import { DropZone } from './drop-zone';
import type { JobSource } from '#client/api/job-source.ts';
import { JobsGrid } from './jobs-grid';
import { PausedNotice } from './paused-notice';
import { QueueJumpBar } from './queue-jump-bar';
import { QueuePanel } from './queue-panel';
import { uploadSettings, type CompressionSettings as Settings } from './settings';
import { NotAddedList } from './not-added-list';
import { finishedJobs, RecompressAll, recompressAllChanges, settingsKey } from './recompress-all';
import { notAddedRow, useNotAdded, type NotAddedFile } from './not-added';
import { checkFiles, type Refusal } from '#client/lib/file-drop.ts';
import { DEFAULT_UPLOAD_CONFIG } from '#client/lib/upload-limits.ts';
import { OFFLINE_MESSAGE } from '#client/api/jobs.ts';
import { serverAnswers } from '#client/api/service-status.ts';
import { usePrivateMode } from '#client/lib/private-mode.ts';

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
  const [settingsOpen, setSettingsOpen] = useState(false);
  const returnAdjustFocus = useAdjustFocusReturn(jobs, adjustJob !== null);
  const compareJob = compareId ? (jobs.find((j) => j.id === compareId) ?? null) : null;
  const notAdded = useNotAdded();
  const [dropNotice, setDropNotice] = useState<string | null>(null);
  const [, setPrivateMode] = usePrivateMode();
  // The settings the files on screen were made with (as far as this page knows): a change after that applies to new
  // files only, until "Re-compress all" runs the finished ones again.
  const [appliedKey, setAppliedKey] = useState(() => settingsKey(settings));
  const finished = finishedJobs(jobs).length;
  const settingsPending = finished > 0 && settingsKey(settings) !== appliedKey && !source.recompressing;
  const recompressAll = () => {
    setAppliedKey(settingsKey(settings));
    void source.recompressAll(recompressAllChanges(settings));
  };
  const recompressPrompt = settingsPending ? <RecompressAll count={finished} busy={source.recompressing} onRecompress={recompressAll} /> : null;

  /**
   * A drop: what fits is sent, and every file that is not added becomes a row of the file list with its reason and
   * what to do; the drop zone says in one line what happened (docs/decisions/0552-batches-that-lose-nothing.md).
   */
  const takeDrop = (files: File[], refused: Refusal[]) => {
    const rows = refused.map((r) => notAddedRow(r.file.name, r.messages.join(', '), r.file, r.overLimit ? 'add' : null));
    const total = files.length + refused.length;
    const finish = (added: number, more: NotAddedFile[] = []) => {
      notAdded.add([...rows, ...more]);
      const missing = rows.length + more.length;
      setDropNotice(missing === 0 ? null : noticeText(added, total, missing));
    };
    if (files.length === 0) return finish(0);
    // A setting with a problem is marked beside its field; an impossible mode and format is refused with its reason.
    // Either way nothing is sent, so no file fails after upload; the files wait in the list to be added once fixed.
    const combo = formatModeProblem(settings.format, settings.control.mode);
    const blocked = combo ?? (Object.keys(controlProblems(settings.control)).length > 0 ? 'Fix the highlighted compression settings first' : null);
    if (blocked) {
      // The settings card is open whenever a setting has a problem: take the user to the first marked field.
      const marked = document.querySelector<HTMLElement>('[data-testid="settings-card"] [aria-invalid="true"]');
      (marked?.matches('input, select') ? marked : marked?.querySelector<HTMLElement>('input:checked'))?.focus();
      return finish(0, files.map((f) => notAddedRow(f.name, blocked, f, 'add')));
    }
    const send = () => {
      if (finished === 0) setAppliedKey(settingsKey(settings));
      void source.send(files, uploadSettings(settings), rows.length).then((serverRefused) => {
        const byName = new Map(files.map((f) => [f.name, f]));
        finish(
          files.length - serverRefused.length,
          serverRefused.map((r) => notAddedRow(r.filename, r.message, byName.get(r.filename), r.offline ? 'private' : null)),
        );
      });
    };
    // Offline on our servers: stop at once and offer private mode, instead of an upload that cannot start. The
    // browser's word alone is not enough: with no network but the machine's own, a server on localhost still answers.
    if (!onDevice && typeof navigator !== 'undefined' && navigator.onLine === false) {
      void serverAnswers().then((answers) => (answers ? send() : finish(0, files.map((f) => notAddedRow(f.name, OFFLINE_MESSAGE, f, 'private')))));
      return;
    }
    send();
  };

  const addAgain = (rows: NotAddedFile[]) => {
    notAdded.remove(rows.map((r) => r.id));
    const files = rows.flatMap((r) => (r.file ? [r.file] : []));
    const { accepted, refused } = checkFiles(files, source.uploadConfig ?? DEFAULT_UPLOAD_CONFIG);
    takeDrop(accepted, refused);
  };

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
        onUpload={takeDrop}
        notice={dropNotice}
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
        onDevice={onDevice}
        notAdded={
          <NotAddedList
            rows={notAdded.rows}
            onDevice={onDevice}
            onAdd={addAgain}
            onDismiss={(ids) => {
              notAdded.remove(ids);
              if (ids.length >= notAdded.rows.length) setDropNotice(null);
            }}
            onPrivateMode={onDevice ? undefined : () => setPrivateMode(true)}
          />
        }
      />
      <QueueJumpBar
        jobs={jobs}
        onDownloadAll={source.downloadAll}
        downloading={source.downloading}
        extra={settingsPending ? <RecompressAll variant="bar" count={finished} busy={source.recompressing} onRecompress={recompressAll} /> : null}
        watch={`${compareId ?? ''}|${adjustJob?.id ?? ''}|${settingsOpen}`}
      />

      <div className="grid gap-6 lg:grid-cols-2">
        <CompressionSettings
          presets={presets}
          value={settings}
          onChange={onSettingsChange}
          onDevice={onDevice}
          pending={recompressPrompt}
          onOpenChange={setSettingsOpen}
        />
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
        <div ref={compareRef} className="scroll-mt-20" data-testid="comparison">
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

/** The drop zone's one line after a drop that did not add everything: in view, pointing at the rows below. */
function noticeText(added: number, total: number, missing: number): string {
  if (added === 0) return total === 1 ? 'The file was not added: the reason is listed in Your files below.' : `None of the ${total} files was added: the reasons are listed in Your files below.`;
  return `Added ${added} of ${total}. ${missing} not added: listed in Your files below, with what to do.`;
}
