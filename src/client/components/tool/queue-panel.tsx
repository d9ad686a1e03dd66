// Queue management: live status and throughput, with pause, resume and clear (the page runs the actions).
import { Activity, Pause, Play, Trash2 } from 'lucide-react';
import type { QueueStats, QueueStatus } from '#contract/api';
import type { QueueAction } from '#client/api/queue.ts';
import { formatElapsed, formatMinutes } from '#client/lib/format.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { QUEUE_RULES_TEXT } from '#client/content/limits-text.ts';

/** What "Time left" says: nothing to do, paused, not yet known (no file finished), or the estimate. */
export function timeLeftText(active: number, paused: boolean, stats: QueueStats | undefined): string {
  if (active === 0) return '—';
  if (paused) return 'Paused';
  if (!stats || stats.processingRate <= 0) return 'Estimating…';
  return formatMinutes(stats.estimatedTimeRemaining);
}

export interface QueuePanelProps {
  status?: QueueStatus;
  stats?: QueueStats;
  /** A queue action is under way: the buttons wait for it. */
  busy: boolean;
  onAction: (action: QueueAction) => void;
}

export function QueuePanel({ status, stats, busy, onAction }: QueuePanelProps) {
  const total = status?.total ?? 0;
  const done = (status?.completed ?? 0) + (status?.failed ?? 0);
  const active = (status?.pending ?? 0) + (status?.processing ?? 0);
  const paused = status?.paused ?? false;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;

  const counts: Array<[string, number, string]> = [
    ['Pending', status?.pending ?? 0, 'text-slate-700'],
    ['Processing', status?.processing ?? 0, 'text-yellow-800'],
    ['Completed', status?.completed ?? 0, 'text-green-700'],
    ['Failed', status?.failed ?? 0, 'text-red-700'],
  ];

  return (
    <Card data-testid="queue-panel">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle icon={Activity}>
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
            <dd className="font-medium text-slate-900" data-testid="queue-time-left">
              {timeLeftText(active, paused, stats)}
            </dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          {paused ? (
            <Button variant="primary" size="sm" disabled={busy} onClick={() => onAction('resume')}>
              <Play className="h-4 w-4" aria-hidden="true" />
              Resume
            </Button>
          ) : (
            <Button variant="secondary" size="sm" disabled={busy || active === 0} onClick={() => onAction('pause')}>
              <Pause className="h-4 w-4" aria-hidden="true" />
              Pause
            </Button>
          )}
          <Button variant="secondary" size="sm" disabled={busy || active === 0} onClick={() => onAction('clear')}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Clear
          </Button>
        </div>
        <p className="text-xs text-slate-600">{QUEUE_RULES_TEXT}</p>
      </CardContent>
    </Card>
  );
}
