// Pause, resume and clear the caller's queue, with the spec's toasts; shared by the queue card and the paused notice.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';
import { JOBS_QUERY_KEY } from '../../lib/use-auth';
import { QUEUE_STATS_KEY, QUEUE_STATUS_KEY } from './queries';

export type QueueAction = 'pause' | 'resume' | 'clear';

const SUCCESS: Record<QueueAction, string> = { pause: 'Queue paused', resume: 'Queue resumed', clear: 'Queue cleared' };
const FAILURE: Record<QueueAction, [string, string]> = {
  pause: ['Failed to pause queue', 'There was an error pausing the queue. Please try again.'],
  resume: ['Failed to resume queue', 'There was an error resuming the queue. Please try again.'],
  clear: ['Failed to clear queue', 'There was an error clearing the queue. Please try again.'],
};

export function useQueueAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: QueueAction) => apiRequest('POST', `/api/queue/${name}`),
    onSuccess: (_res, name) => toast({ title: SUCCESS[name] }),
    onError: (_error, name) => toast({ title: FAILURE[name][0], description: FAILURE[name][1], variant: 'destructive' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: QUEUE_STATUS_KEY });
      void queryClient.invalidateQueries({ queryKey: QUEUE_STATS_KEY });
      void queryClient.invalidateQueries({ queryKey: JOBS_QUERY_KEY });
    },
  });
}
