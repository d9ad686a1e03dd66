// The compression tool (/): upload, settings, queue, results, comparison, then marketing sections.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { AdSlot } from '../components/ads/ad-slot';
import { PageShell } from '../components/layout/page-shell';
import { CompressionSettings } from '../components/tool/compression-settings';
import { CompressionSummary } from '../components/tool/compression-summary';
import { DropZone } from '../components/tool/drop-zone';
import { GuestBanner } from '../components/tool/guest-banner';
import { IndustrySolutions } from '../components/tool/industry-solutions';
import { JobsGrid } from '../components/tool/jobs-grid';
import { PausedNotice } from '../components/tool/paused-notice';
import { QueuePanel } from '../components/tool/queue-panel';
import { QueueJumpBar } from '../components/tool/queue-jump-bar';
import type { Job } from '#contract/api';
import { AdjustDialog } from '../components/tool/adjust-dialog';
import { initialSettings, storeFormat, type CompressionSettings as Settings } from '../components/tool/settings';
import { controlFields, controlProblems, storeControl } from '../components/tool/control';
import { Testimonials } from '../components/tool/testimonials';
import { WorkflowExplainer } from '../components/tool/workflow-explainer';
import { PRODUCT_NAME } from '#contract/brand';
import { RETENTION_TEXT } from '../content/limits-text';
import { usePageMeta } from '../lib/page-meta';
import { useAuth } from '../api/account';
import { usePresets, useUploadConfig } from '../api/config';
import { useClearJobs, useDownloadAll, useJobs, useRemoveJob, useUpload } from '../api/jobs';
import { useQueueAction, useQueueStats, useQueueStatus } from '../api/queue';

// Only needed once a result is compared; keeps the tool's first load small.
const QualityAssessment = lazy(() => import('../components/tool/comparison/quality-assessment'));

export default function Home() {
  const { isAuthenticated, isLoading } = useAuth();
  const [settings, setSettings] = useState<Settings>(initialSettings);
  const changeSettings = (next: Settings) => {
    if (next.format !== settings.format || next.background !== settings.background) storeFormat(next);
    if (next.control !== settings.control) storeControl(next.control);
    setSettings(next);
  };
  const [compareId, setCompareId] = useState<string | null>(null);
  // The job as it was when Adjust was pressed: the panel stays put while the list refreshes underneath it.
  const [adjustJob, setAdjustJob] = useState<Job | null>(null);
  const { data: jobs = [] } = useJobs();
  const { data: uploadConfig } = useUploadConfig();
  const { data: presets } = usePresets();
  const upload = useUpload();
  const { data: queueStatus } = useQueueStatus();
  const { data: queueStats } = useQueueStats();
  const queueAction = useQueueAction();
  const removeJob = useRemoveJob();
  const clearJobs = useClearJobs();
  const downloadAll = useDownloadAll();
  const compareRef = useRef<HTMLDivElement>(null);
  const compareJob = compareId ? (jobs.find((j) => j.id === compareId) ?? null) : null;

  usePageMeta({
    title: `${PRODUCT_NAME} - Compress JPEG, PNG, WebP and AVIF images online`,
    description: `Compress JPEG, PNG, WebP and AVIF images online, or convert them to WebP and AVIF: smaller files at the same visual quality, private, deleted ${RETENTION_TEXT}.`,
    path: '/',
  });

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
    <PageShell variant="tool" className="mx-auto max-w-6xl space-y-8 px-4 py-6 sm:py-8">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Compress JPEG, PNG, WebP and AVIF images</h1>
        <p className="mx-auto mt-2 max-w-2xl text-slate-600">
          Smaller files at the same visual quality. Free, private, and deleted automatically {RETENTION_TEXT}.
        </p>
      </div>

      <AdSlot size="mobile-banner" slot="home-top-mobile" className="mx-auto sm:hidden" />
      <AdSlot size="leaderboard" slot="home-top" className="mx-auto hidden sm:block" />

      {!isLoading && !isAuthenticated && <GuestBanner />}

      <DropZone
        config={uploadConfig}
        isAuthenticated={isAuthenticated}
        uploading={upload.uploading}
        progress={upload.progress}
        onUpload={(files) =>
          // A setting with a problem is marked beside its field; the files wait for it to be fixed.
          Object.keys(controlProblems(settings.control)).length > 0
            ? Promise.resolve(files.map((f) => ({ filename: f.name, message: 'Fix the highlighted compression settings first' })))
            : upload.send(files, { ...settings, fields: controlFields(settings.control) })
        }
      />
      <PausedNotice status={queueStatus} busy={queueAction.isPending} onResume={() => queueAction.mutate('resume')} />

      <div className="grid gap-6 lg:grid-cols-2">
        <CompressionSettings presets={presets} value={settings} onChange={changeSettings} />
        <QueuePanel status={queueStatus} stats={queueStats} busy={queueAction.isPending} onAction={(action) => queueAction.mutate(action)} />
      </div>

      <JobsGrid
        jobs={jobs}
        onCompare={(job) => setCompareId(job.id)}
        onAdjust={setAdjustJob}
        onRemove={(job) => removeJob.mutate(job)}
        removingId={removeJob.isPending ? removeJob.variables?.id : undefined}
        onClearAll={() => clearJobs.mutate()}
        clearing={clearJobs.isPending}
        onDownloadAll={() => downloadAll.mutate()}
        downloading={downloadAll.isPending}
      />
      <QueueJumpBar jobs={jobs} />
      {adjustJob && <AdjustDialog key={adjustJob.id} job={adjustJob} onClose={() => setAdjustJob(null)} />}

      {compareId && (
        <div ref={compareRef} className="scroll-mt-20">
          <Suspense fallback={<div className="h-96 animate-pulse rounded-xl bg-slate-200" aria-busy="true" aria-label="Loading comparison" />}>
            <QualityAssessment key={compareId} job={compareJob} onClose={closeComparison} />
          </Suspense>
        </div>
      )}

      <CompressionSummary jobs={jobs} />

      <AdSlot size="large-rectangle" slot="home-middle" className="mx-auto" />

      <WorkflowExplainer />
      <IndustrySolutions />
      <Testimonials />

      <AdSlot size="billboard" slot="home-bottom" className="mx-auto hidden lg:block" />
      <AdSlot size="medium" slot="home-bottom-mobile" className="mx-auto lg:hidden" />
    </PageShell>
  );
}
