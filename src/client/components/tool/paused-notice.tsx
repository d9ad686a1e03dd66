// Shown wherever uploads happen while the caller's queue is paused: new files wait in Pending until Resume.
import { PauseCircle, Play } from 'lucide-react';
import type { QueueStatus } from '#contract/api';
import { Button } from '#client/components/ui/button.tsx';

export function PausedNotice({ status, busy, onResume }: { status?: QueueStatus; busy: boolean; onResume: () => void }) {
  if (!status?.paused) return null;
  const waiting = status.pending;
  return (
    <div
      role="status"
      data-testid="paused-notice"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-yellow-300 bg-yellow-50 px-4 py-3 text-sm text-yellow-900"
    >
      <p className="flex items-center gap-2">
        <PauseCircle className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          <strong>Queue paused</strong>
          {waiting > 0 ? ` - ${waiting} ${waiting === 1 ? 'file waits' : 'files wait'} until you resume.` : ' - new files will wait until you resume.'}
        </span>
      </p>
      <Button size="sm" aria-label="Resume queue" disabled={busy} onClick={() => onResume()}>
        <Play className="h-4 w-4" aria-hidden="true" />
        Resume
      </Button>
    </div>
  );
}
