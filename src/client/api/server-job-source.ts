// The tool's jobs on our servers: the existing requests (upload, list, queue, remove, clear, ZIP) as a job source.
import type { JobSource } from './job-source.ts';
import { downloadJob } from '#client/lib/download.ts';
import { useAuth } from './account';
import { useUploadConfig } from './config';
import { useClearJobs, useDownloadAll, useJobs, useRecompressAll, useRemoveJob, useUpload } from './jobs';
import { useQueueAction, useQueueStats, useQueueStatus } from './queue';

export function useServerJobSource(): JobSource {
  const { isAuthenticated } = useAuth();
  const { data: jobs = [] } = useJobs();
  const { data: uploadConfig } = useUploadConfig();
  const upload = useUpload();
  const { data: queueStatus } = useQueueStatus();
  const { data: queueStats } = useQueueStats();
  const queueAction = useQueueAction();
  const removeJob = useRemoveJob();
  const clearJobs = useClearJobs();
  const downloadAll = useDownloadAll();
  const recompressAll = useRecompressAll();
  return {
    kind: 'server',
    jobs,
    uploadConfig,
    unlimited: isAuthenticated,
    send: upload.send,
    uploading: upload.uploading,
    progress: upload.progress,
    queueStatus,
    queueStats,
    queueAction: (action) => queueAction.mutate(action),
    queueBusy: queueAction.isPending,
    remove: (job) => removeJob.mutate(job),
    removingId: removeJob.isPending ? removeJob.variables?.id : undefined,
    clearAll: () => clearJobs.mutate(),
    clearing: clearJobs.isPending,
    download: (job) => void downloadJob(job),
    downloadAll: () => downloadAll.mutate(),
    downloading: downloadAll.isPending,
    recompressAll: async (changes) => {
      await recompressAll.mutateAsync(changes).catch(() => undefined);
    },
    recompressing: recompressAll.isPending,
    originalSrc: (job) => `/api/jobs/${encodeURIComponent(job.id)}/original-preview`,
  };
}

