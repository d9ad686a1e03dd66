// The caller's jobs: the list, polled only while there is work in it, and every request that changes it (upload,
// remove, clear all) or fetches from it (download all). The toasts these requests show are worded here.
import { useCallback, useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompressResponse, Job, UploadRejection } from '#contract/api';
import { settingsFormFields, type SettingsRequest } from '#contract/settings';
import { apiRequest, ApiRequestError, errorCode, errorMessage } from '#client/lib/api.ts';
import { downloadAllAsZip } from '#client/lib/download.ts';
import { displayableFormats } from '#client/lib/format-support.ts';
import { toast } from '#client/lib/toast.ts';
import { postFormWithProgress, type UploadProgress } from '#client/lib/upload.ts';
import { toastSignInRequired } from '#client/lib/upload-limits.ts';
import { invalidateJobState, queryKeys } from './keys';
import { partialUploadText } from '#client/lib/partial-upload.ts';

/** The spec's polling period while work is under way (section 7). */
export const POLL_MS = 2000;

/** Work still to do: while there is any, the page polls. */
const hasActiveJobs = (jobs: readonly Pick<Job, 'status'>[] | undefined): boolean =>
  jobs?.some((job) => job.status === 'pending' || job.status === 'processing') ?? false;

/**
 * The polling rule: every `interval` ms while a job is pending or processing, else not at all, so an idle page makes
 * no requests. Anything that adds work (an upload, a queue action) invalidates the list, and the fresh list restarts it.
 */
export const pollInterval = (jobs: readonly Pick<Job, 'status'>[] | undefined, interval: number = POLL_MS): number | false =>
  hasActiveJobs(jobs) ? interval : false;

export const jobsQueryOptions = (interval: number = POLL_MS) =>
  queryOptions<Job[]>({ queryKey: queryKeys.jobs, refetchInterval: (query) => pollInterval(query.state.data, interval) });

export const useJobs = (interval: number = POLL_MS) => useQuery(jobsQueryOptions(interval));

/** How far the upload under way has got: bytes sent so far, when it started and when that was measured. */
export interface UploadSending {
  sent: UploadProgress;
  startedAt: number;
  now: number;
}

/** A file the server refused, with the reason to show beside its name; `offline` when the network, not the file, failed. */
export type RefusedFile = Pick<UploadRejection, 'filename' | 'message'> & { offline?: boolean };

/** The row's words for a file an upload could not send because the network is gone. */
export const OFFLINE_MESSAGE = "You're offline: nothing was uploaded. Private mode compresses on this device, without the network.";

/** The one place the tool's settings become form fields (settingsFormFields); the server reads them before the files. */
async function uploadForm(files: readonly File[], settings: SettingsRequest): Promise<FormData> {
  const form = new FormData();
  // Auto may only answer with formats this browser can show (unless the settings narrow it further: email and apps).
  const formats = settings.format === 'auto' && !settings.formats ? (await displayableFormats()).join(',') : settings.formats;
  for (const [name, value] of settingsFormFields({ ...settings, formats })) form.append(name, value);
  for (const file of files) form.append('images', file, file.name);
  return form;
}

/**
 * The files a failed upload names: a refusal (4xx) lists them, and with one file its reason is the message; a network
 * failure or a server error names every file, so none is lost without a word.
 */
function refusedByError(error: unknown, files: readonly File[]): RefusedFile[] {
  if (!(error instanceof ApiRequestError)) return files.map((f) => ({ filename: f.name, message: OFFLINE_MESSAGE, offline: true }));
  if (error.status >= 500) return files.map((f) => ({ filename: f.name, message: errorMessage(error) }));
  return error.rejected ?? files.map((f) => ({ filename: f.name, message: errorMessage(error) }));
}

function toastUploaded(data: CompressResponse, notAddedBefore: number): void {
  const rejected = data.rejected ?? [];
  const notAdded = notAddedBefore + rejected.length;
  if (data.jobs.length > 0 && notAdded > 0) {
    // Some files of the drop were refused: say how many were added, never "successful".
    toast(partialUploadText(data.jobs.length, notAdded));
  } else if (data.jobs.length > 0) {
    const n = data.jobs.length;
    const files = `${n} ${n === 1 ? 'file' : 'files'}`;
    // Never promise a start that a paused queue will not give.
    const paused = data.queuePaused === true;
    toast({
      title: 'Upload successful',
      description: paused ? `${files} uploaded. The queue is paused: press Resume to start compressing.` : `${files} uploaded and compression started`,
      inProgress: true,
    });
  } else if (rejected.some((r) => r.code === 'GUEST_FILE_TOO_LARGE')) {
    toastSignInRequired();
  } else if (rejected[0]) {
    toast({ title: 'Upload failed', description: rejected[0].message, variant: 'destructive' });
  }
}

function toastUploadFailed(error: unknown): void {
  if (errorCode(error) === 'GUEST_FILE_TOO_LARGE') toastSignInRequired();
  else if (!(error instanceof ApiRequestError)) toast({ title: 'Upload failed', description: OFFLINE_MESSAGE, variant: 'destructive' });
  else toast({ title: 'Upload failed', description: errorMessage(error), variant: 'destructive' });
}

/**
 * Uploads files with their settings, reporting the bytes sent as it goes. `send` resolves to the files the server
 * refused (it never rejects: a failure is toasted), so the caller can list them beside its own refusals.
 */
export function useUpload() {
  const client = useQueryClient();
  const [progress, setProgress] = useState<UploadSending | null>(null);
  const { mutateAsync, isPending } = useMutation({
    mutationFn: async ({ files, settings }: { files: File[]; settings: SettingsRequest; notAdded: number }) => {
      const form = await uploadForm(files, settings);
      const startedAt = performance.now();
      setProgress({ sent: { loaded: 0, total: files.reduce((sum, f) => sum + f.size, 0) }, startedAt, now: startedAt });
      return postFormWithProgress<CompressResponse>('/api/compress', form, (sent) => setProgress({ sent, startedAt, now: performance.now() }));
    },
    onSuccess: (data, { notAdded }) => toastUploaded(data, notAdded),
    onError: toastUploadFailed,
    // Not awaited (nor below): the request is over when the server answers, and the refresh follows on its own.
    onSettled: () => {
      setProgress(null);
      void invalidateJobState(client);
    },
  });
  const send = useCallback(
    (files: File[], settings: SettingsRequest, notAdded = 0): Promise<RefusedFile[]> =>
      mutateAsync({ files, settings, notAdded }).then(
        (data) => data.rejected ?? [],
        (error: unknown) => refusedByError(error, files),
      ),
    [mutateAsync],
  );
  return { send, uploading: isPending, progress };
}

export function useRemoveJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (job: Pick<Job, 'id'>) => apiRequest('DELETE', `/api/jobs/${encodeURIComponent(job.id)}`),
    onError: (error) => toast({ title: 'Remove failed', description: errorMessage(error), variant: 'destructive' }),
    onSettled: () => {
      void invalidateJobState(client);
    },
  });
}

/** A re-tune: the job and the settings to change, as POST /api/jobs/:id/recompress takes them; resolves to the job. */
export type Retune = (request: { job: Pick<Job, 'id'>; changes: Record<string, unknown> }) => Promise<Job>;

const serverRetune: Retune = async ({ job, changes }) =>
  (await (await apiRequest('POST', `/api/jobs/${encodeURIComponent(job.id)}/recompress`, changes)).json()) as Job;

/** Re-tune a finished job, on the server unless another source's re-tune is given (private mode's). */
export function useRecompress(retune: Retune = serverRetune) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retune,
    onSuccess: (job) => toast({ title: 'Adjusting', description: `${job.filename} is being compressed again with the new settings.`, inProgress: true }),
    onSettled: () => {
      void invalidateJobState(client);
    },
  });
}

/** "Re-compress all with these settings": every finished job again from its stored original (POST /api/jobs/recompress). */
export function useRecompressAll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Record<string, unknown>) =>
      (await (await apiRequest('POST', '/api/jobs/recompress', changes)).json()) as RecompressAllResult,
    onSuccess: ({ jobs, skipped }) => toastRecompressedAll(jobs.length, skipped),
    onError: (error) => toast({ title: 'Re-compress failed', description: errorMessage(error), variant: 'destructive' }),
    onSettled: () => {
      void invalidateJobState(client);
    },
  });
}

export interface RecompressAllResult {
  jobs: Job[];
  skipped: Array<{ filename: string; message: string }>;
}

/** One toast for the whole batch; files that could not be re-run are named, never left out without a word. */
export function toastRecompressedAll(count: number, skipped: RecompressAllResult['skipped']): void {
  const files = `${count} ${count === 1 ? 'file' : 'files'}`;
  toast({
    title: 'Re-compressing',
    description: skipped.length
      ? `${files} are being compressed again; ${skipped.length} could not be: ${skipped.map((s) => `${s.filename} (${s.message})`).join('; ')}.`
      : `${files} are being compressed again with the new settings, from the stored uploads.`,
  });
}

export function useClearJobs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/jobs'),
    onSuccess: () => toast({ title: 'All files cleared' }),
    onError: (error) => toast({ title: 'Clear failed', description: errorMessage(error), variant: 'destructive' }),
    onSettled: () => {
      void invalidateJobState(client);
    },
  });
}

/** Every completed result as one ZIP (lib/download.ts streams it to disk). */
export function useDownloadAll() {
  return useMutation({
    mutationFn: downloadAllAsZip,
    onError: () => toast({ title: 'Download failed', description: 'Could not download files', variant: 'destructive' }),
  });
}
