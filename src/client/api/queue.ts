// The caller's queue: its status and throughput figures, polled only while the caller's jobs are active, and the
// pause, resume and clear actions with the spec's toasts.
import { useEffect, useRef } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { QueueStats, QueueStatus } from '#contract/api';
import { apiRequest } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast.ts';
import { pollInterval, useJobs } from './jobs';
import { invalidateJobState, queryKeys } from './keys';

export const queueStatusQueryOptions = (refetchInterval: number | false) =>
  queryOptions<QueueStatus>({ queryKey: queryKeys.queueStatus, refetchInterval });

export const queueStatsQueryOptions = (refetchInterval: number | false) =>
  queryOptions<QueueStats>({ queryKey: queryKeys.queueStats, refetchInterval });

/**
 * How often a queue figure is fetched: the job list's polling rule (pollInterval), so an idle page fetches none.
 * When the jobs turn idle the figure is fetched once more, so the last figures shown are the final ones.
 */
function useFigureInterval(queryKey: QueryKey): number | false {
  const interval = pollInterval(useJobs().data);
  const active = interval !== false;
  const client = useQueryClient();
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) void client.invalidateQueries({ queryKey });
    wasActive.current = active;
  }, [active, client, queryKey]);
  return interval;
}

export function useQueueStatus() {
  const interval = useFigureInterval(queryKeys.queueStatus);
  return useQuery(queueStatusQueryOptions(interval));
}

export function useQueueStats() {
  const interval = useFigureInterval(queryKeys.queueStats);
  return useQuery(queueStatsQueryOptions(interval));
}

export type QueueAction = 'pause' | 'resume' | 'clear';

const SUCCESS: Record<QueueAction, string> = { pause: 'Queue paused', resume: 'Queue resumed', clear: 'Queue cleared' };
const FAILURE: Record<QueueAction, [string, string]> = {
  pause: ['Failed to pause queue', 'There was an error pausing the queue. Please try again.'],
  resume: ['Failed to resume queue', 'There was an error resuming the queue. Please try again.'],
  clear: ['Failed to clear queue', 'There was an error clearing the queue. Please try again.'],
};

export function useQueueAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: QueueAction) => apiRequest('POST', `/api/queue/${name}`),
    onSuccess: (_res, name) => toast({ title: SUCCESS[name] }),
    onError: (_error, name) => toast({ title: FAILURE[name][0], description: FAILURE[name][1], variant: 'destructive' }),
    onSettled: () => {
      void invalidateJobState(client);
    },
  });
}
