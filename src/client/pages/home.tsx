// The compression tool (/): upload, settings, queue, results, comparison, then marketing sections.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { AdSlot } from '#client/components/ads/ad-slot.tsx';
import { PageShell } from '#client/components/layout/page-shell.tsx';
import { CompressionSettings } from '#client/components/tool/compression-settings.tsx';
import { CompressionSummary } from '#client/components/tool/compression-summary.tsx';
import { DropZone } from '#client/components/tool/drop-zone.tsx';
import { GuestBanner } from '#client/components/tool/guest-banner.tsx';
import { HOME_CLASSES, HOME_LEAD, HOME_TITLE } from '#client/components/tool/home-hero.ts';
import { IndustrySolutions } from '#client/components/tool/industry-solutions.tsx';
import { JobsGrid } from '#client/components/tool/jobs-grid.tsx';
import { PausedNotice } from '#client/components/tool/paused-notice.tsx';
import { QueuePanel } from '#client/components/tool/queue-panel.tsx';
import { QueueJumpBar } from '#client/components/tool/queue-jump-bar.tsx';
import type { Job } from '#contract/api';
import { initialSettings, storeFormat, type CompressionSettings as Settings } from '#client/components/tool/settings.ts';
import { controlFields, controlProblems, storeControl } from '#client/components/tool/control.ts';
import { Testimonials } from '#client/components/tool/testimonials.tsx';
import { WorkflowExplainer } from '#client/components/tool/workflow-explainer.tsx';
import { PRODUCT_NAME } from '#contract/brand';
import { RETENTION_TEXT } from '#client/content/limits-text.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useAuth } from '#client/api/account.ts';
import { usePresets, useUploadConfig } from '#client/api/config.ts';
import { useClearJobs, useDownloadAll, useJobs, useRemoveJob, useUpload } from '#client/api/jobs.ts';
import { useQueueAction, useQueueStats, useQueueStatus } from '#client/api/queue.ts';

// Only needed once a result is compared; keeps the tool's first load small.
const QualityAssessment = lazy(() => import('#client/components/tool/comparison/quality-assessment.tsx'));
// Opened on demand, like the comparison: neither ships in the first load's JavaScript.
const AdjustDialog = lazy(() => import('#client/components/tool/adjust-dialog.tsx').then((m) => ({ default: m.AdjustDialog })));

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
    <PageShell variant="tool" className={HOME_CLASSES.main}>
      <div className={HOME_CLASSES.hero}>
        <h1 className={HOME_CLASSES.title}>{HOME_TITLE}</h1>
        <p className={HOME_CLASSES.lead}>{HOME_LEAD}</p>
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
      {adjustJob && (
        <Suspense fallback={null}>
          <AdjustDialog key={adjustJob.id} job={adjustJob} onClose={() => setAdjustJob(null)} />
        </Suspense>
      )}

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
