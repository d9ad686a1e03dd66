// Data the tool page reads, with the spec's polling and cache times (section 7). Polling adapts: it runs only
// while a job is pending or processing, so an idle page makes no requests at all (an upload, or any action,
// invalidates these queries and so starts it again).
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Job, Preset, QueueStats, QueueStatus, UploadConfig } from '../../../contract/api';
import { throwIfNotOk } from '../../lib/api';
import { JOBS_QUERY_KEY, UPLOAD_CONFIG_QUERY_KEY } from '../../lib/use-auth';

export const POLL_MS = 2000;
export const QUEUE_STATUS_KEY = ['/api/queue/status'] as const;
export const QUEUE_STATS_KEY = ['/api/queue/stats'] as const;

/** Work still to do: while there is any, the page polls. */
export const hasActiveJobs = (jobs: readonly Job[] | undefined): boolean =>
  jobs?.some((job) => job.status === 'pending' || job.status === 'processing') ?? false;

export const useJobs = (interval: number = POLL_MS) =>
  useQuery<Job[]>({ queryKey: JOBS_QUERY_KEY, refetchInterval: (query) => (hasActiveJobs(query.state.data) ? interval : false) });

/**
 * Polls a queue figure while the caller's jobs are active, and fetches it once more when they settle, so the last
 * figures shown are the final ones.
 */
function useWhileJobsActive<T>(queryKey: QueryKey) {
  const active = hasActiveJobs(useJobs().data);
  const queryClient = useQueryClient();
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) void queryClient.invalidateQueries({ queryKey });
    wasActive.current = active;
  }, [active, queryClient, queryKey]);
  return useQuery<T>({ queryKey, refetchInterval: active ? POLL_MS : false });
}

/** Keyed by signed-in state so signing in or out never shows the other audience's limits. */
export const useUploadConfig = (isAuthenticated: boolean, enabled = true) =>
  useQuery<UploadConfig>({
    enabled,
    queryKey: [UPLOAD_CONFIG_QUERY_KEY, isAuthenticated ? 'user' : 'guest'],
    queryFn: async () => {
      const res = await fetch(UPLOAD_CONFIG_QUERY_KEY, { credentials: 'include' });
      await throwIfNotOk(res);
      return (await res.json()) as UploadConfig;
    },
    staleTime: 60_000,
  });

export const usePresets = () => useQuery<Preset[]>({ queryKey: ['/api/compression-presets'], staleTime: 5 * 60_000 });

export const useQueueStatus = () => useWhileJobsActive<QueueStatus>(QUEUE_STATUS_KEY);

export const useQueueStats = () => useWhileJobsActive<QueueStats>(QUEUE_STATS_KEY);
