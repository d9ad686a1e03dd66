// The tool's jobs in private mode: files queued in this tab and compressed by the browser's codec workers, as a job
// source. Loaded only when private mode is on, with the store, the pool and the ZIP writer.
import { partialUploadText } from '#client/lib/partial-upload.ts';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { USER_MAX_FILE_SIZE, USER_MAX_FILES } from '#contract/limits';
import { outputFilename, type ImageFormat, type SettingsRequest } from '#contract/settings';
import type { JobSource } from '#client/api/job-source.ts';
import { saveBlob, ZIP_FILENAME } from '#client/lib/download.ts';
import { displayableFormats } from '#client/lib/format-support.ts';
import { toast } from '#client/lib/toast.ts';
import { toastRecompressedAll } from '#client/api/jobs.ts';
import { LocalJobStore } from './local-job-store';
import { onDeviceSettings, retunedSettings, toContractEstimate } from './local-job';
import { zipResults } from './local-zip';
import { codecPool, workerCount } from './worker-pool';

let store: LocalJobStore | null = null;

/** The tab's one private queue: it outlives the page's components (leaving the tool and coming back keeps it). */
export function localJobStore(): LocalJobStore {
  store ??= new LocalJobStore(codecPool, workerCount());
  return store;
}

/** The device is the limit: the signed-in ceiling per file, as many files as a signed-in drop. */
const PRIVATE_LIMITS = { maxFiles: USER_MAX_FILES, maxFileSize: USER_MAX_FILE_SIZE, maxFileSizeFormatted: null };

/** A job's settings with Adjust's changes, as this device takes them. */
function retunedOf(local: LocalJobStore, id: string, changes: Partial<SettingsRequest>, displayable: readonly ImageFormat[]): SettingsRequest {
  const current = local.settingsOf(id);
  if (!current) throw new Error('This file is no longer here');
  return retunedSettings(current, changes, displayable);
}

export function useLocalJobSource(): JobSource {
  const local = localJobStore();
  const jobs = useSyncExternalStore(local.subscribe, local.jobs);
  const [zipping, setZipping] = useState(false);
  return useMemo<JobSource>(
    () => ({
      kind: 'private',
      jobs,
      uploadConfig: PRIVATE_LIMITS,
      unlimited: true,
      async send(files, settings, notAddedBefore = 0) {
        const refused = await local.add(files, onDeviceSettings(settings, await displayableFormats()));
        const added = files.length - refused.length;
        const notAdded = notAddedBefore + refused.length;
        if (added > 0 && notAdded > 0) toast(partialUploadText(added, notAdded));
        else if (added > 0) toast({ title: 'Compressing on this device', description: `${added} ${added === 1 ? 'file' : 'files'} added; nothing is uploaded.`, inProgress: true });
        return refused;
      },
      uploading: false,
      progress: null,
      queueStatus: local.status(),
      queueStats: local.stats(),
      queueAction(action) {
        if (action === 'clear') local.clearPending();
        else local.setPaused(action === 'pause');
        toast({ title: action === 'pause' ? 'Queue paused' : action === 'resume' ? 'Queue resumed' : 'Queue cleared' });
      },
      queueBusy: false,
      remove: (job) => local.remove(job.id),
      clearAll() {
        local.clearAll();
        toast({ title: 'All files cleared' });
      },
      clearing: false,
      download(job) {
        const blob = local.result(job.id);
        if (blob) saveBlob(blob, outputFilename(job.filename, job.mimeType, job.outputMimeType));
      },
      downloadAll() {
        setZipping(true);
        zipResults(local.completedResults())
          .then((zip) => saveBlob(zip, ZIP_FILENAME))
          .catch(() => toast({ title: 'Download failed', description: 'Could not build the ZIP', variant: 'destructive' }))
          .finally(() => setZipping(false));
      },
      downloading: zipping,
      originalSrc: (job) => local.originalUrl(job.id) ?? '',
      async recompressAll(changes) {
        const finished = jobs.filter((j) => j.status === 'completed' || j.status === 'error');
        const skipped: { filename: string; message: string }[] = [];
        let count = 0;
        for (const job of finished) {
          try {
            await local.retune(job.id, retunedOf(local, job.id, changes, await displayableFormats()));
            count += 1;
          } catch (err) {
            skipped.push({ filename: job.filename, message: err instanceof Error ? err.message : String(err) });
          }
        }
        toastRecompressedAll(count, skipped);
      },
      recompressing: false,
      adjustRunner: {
        async retune({ job, changes }) {
          return local.retune(job.id, retunedOf(local, job.id, changes, await displayableFormats()));
        },
        async estimateFrom(jobId, { region, ...request }) {
          return toContractEstimate(await local.estimate(jobId, retunedOf(local, jobId, request, await displayableFormats()), region));
        },
      },
    }),
    [jobs, local, zipping],
  );
}
