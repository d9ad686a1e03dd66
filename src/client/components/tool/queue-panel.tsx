// Queue management: live status and throughput, with pause, resume and clear.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Activity, Pause, Play, Trash2 } from 'lucide-react';
import { apiRequest } from '../../lib/api';
import { formatElapsed, formatMinutes } from '../../lib/format';
import { toast } from '../../lib/toast';
import { JOBS_QUERY_KEY } from '../../lib/use-auth';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Progress } from '../ui/progress';
import { QUEUE_STATS_KEY, QUEUE_STATUS_KEY, useQueueStats, useQueueStatus } from './queries';

type QueueAction = 'pause' | 'resume' | 'clear';

const SUCCESS: Record<QueueAction, string> = { pause: 'Queue paused', resume: 'Queue resumed', clear: 'Queue cleared' };
const FAILURE: Record<QueueAction, [string, string]> = {
  pause: ['Failed to pause queue', 'There was an error pausing the queue. Please try again.'],
  resume: ['Failed to resume queue', 'There was an error resuming the queue. Please try again.'],
  clear: ['Failed to clear queue', 'There was an error clearing the queue. Please try again.'],
};

export function QueuePanel() {
  const queryClient = useQueryClient();
  const { data: status } = useQueueStatus();
  const { data: stats } = useQueueStats();

  const action = useMutation({
    mutationFn: (name: QueueAction) => apiRequest('POST', `/api/queue/${name}`),
    onSuccess: (_res, name) => toast({ title: SUCCESS[name] }),
    onError: (_error, name) => toast({ title: FAILURE[name][0], description: FAILURE[name][1], variant: 'destructive' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: QUEUE_STATUS_KEY });
      void queryClient.invalidateQueries({ queryKey: QUEUE_STATS_KEY });
      void queryClient.invalidateQueries({ queryKey: JOBS_QUERY_KEY });
    },
  });

  const total = status?.total ?? 0;
  const done = (status?.completed ?? 0) + (status?.failed ?? 0);
  const active = (status?.pending ?? 0) + (status?.processing ?? 0);
  const paused = status?.paused ?? false;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const busy = action.isPending;

  const counts: Array<[string, number, string]> = [
    ['Pending', status?.pending ?? 0, 'text-slate-700'],
    ['Processing', status?.processing ?? 0, 'text-yellow-800'],
    ['Completed', status?.completed ?? 0, 'text-green-700'],
    ['Failed', status?.failed ?? 0, 'text-red-700'],
  ];

  return (
    <Card data-testid="queue-panel">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-2">
          <Activity className="h-5 w-5 text-blue-700" aria-hidden="true" />
          Queue Management
        </CardTitle>
        <span
          data-testid="queue-state"
          className={paused ? 'rounded-full bg-yellow-100 px-2.5 py-0.5 text-xs font-semibold text-yellow-900' : 'rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800'}
        >
          {paused ? 'Paused' : active > 0 ? 'Running' : 'Idle'}
        </span>
      </CardHeader>
      <CardContent className="space-y-4">
        <div>
          <div className="mb-1 flex justify-between text-sm text-slate-700">
            <span>Progress</span>
            <span>
              {done} of {total} files ({percent}%)
            </span>
          </div>
          <Progress value={percent} label="Queue progress" />
        </div>
        <dl className="grid grid-cols-2 gap-3 text-center sm:grid-cols-4">
          {counts.map(([label, n, color]) => (
            <div key={label} className="rounded-lg bg-slate-50 p-2">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className={`text-xl font-semibold ${color}`} data-testid={`queue-${label.toLowerCase()}`}>
                {n}
              </dd>
            </div>
          ))}
        </dl>
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="text-slate-600">Rate</dt>
            <dd className="font-medium text-slate-900">{(stats?.processingRate ?? 0).toFixed(1)} files/min</dd>
          </div>
          <div>
            <dt className="text-slate-600">Elapsed</dt>
            <dd className="font-medium text-slate-900">{formatElapsed(stats?.elapsedTime ?? 0)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Time left</dt>
            <dd className="font-medium text-slate-900">{active > 0 ? formatMinutes(stats?.estimatedTimeRemaining ?? 0) : '—'}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          {paused ? (
            <Button variant="primary" size="sm" disabled={busy} onClick={() => action.mutate('resume')}>
              <Play className="h-4 w-4" aria-hidden="true" />
              Resume
            </Button>
          ) : (
            <Button variant="secondary" size="sm" disabled={busy || active === 0} onClick={() => action.mutate('pause')}>
              <Pause className="h-4 w-4" aria-hidden="true" />
              Pause
            </Button>
          )}
          <Button variant="secondary" size="sm" disabled={busy || active === 0} onClick={() => action.mutate('clear')}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Clear
          </Button>
        </div>
        <p className="text-xs text-slate-600">Up to 3 files are compressed at once; failed files are retried up to 3 times.</p>
      </CardContent>
    </Card>
  );
}
