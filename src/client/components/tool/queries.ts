// Data the tool page reads, with the spec's polling and cache times (section 7).
import { useQuery } from '@tanstack/react-query';
import type { Job, Preset, QueueStats, QueueStatus, UploadConfig } from '../../../contract/api';
import { throwIfNotOk } from '../../lib/api';
import { JOBS_QUERY_KEY, UPLOAD_CONFIG_QUERY_KEY } from '../../lib/use-auth';

export const POLL_MS = 2000;
export const QUEUE_STATUS_KEY = ['/api/queue/status'] as const;
export const QUEUE_STATS_KEY = ['/api/queue/stats'] as const;

export const useJobs = (refetchInterval: number = POLL_MS) =>
  useQuery<Job[]>({ queryKey: JOBS_QUERY_KEY, refetchInterval });

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

export const useQueueStatus = () => useQuery<QueueStatus>({ queryKey: QUEUE_STATUS_KEY, refetchInterval: POLL_MS });

export const useQueueStats = () => useQuery<QueueStats>({ queryKey: QUEUE_STATS_KEY, refetchInterval: POLL_MS });
