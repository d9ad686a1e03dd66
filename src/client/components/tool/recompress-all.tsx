// "Re-compress all with these settings": once files are finished, changed settings apply to new files only, and the
// page says so, with one button that re-runs every finished file from its stored original (no second upload), in the
// settings summary and in the Done bar (docs/decisions/0553-recompress-all.md).
import type { ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import type { Job } from '#contract/api';
import { apiSettings } from './control';
import type { CompressionSettings } from './settings';
import { APPS_FORMATS, WEB_FORMATS } from './settings';

/** The re-tune body for every finished file: the settings as an upload sends them (null removes a bound or Auto's list). */
export function recompressAllChanges(settings: CompressionSettings): Record<string, unknown> {
  return {
    quality: settings.quality,
    type: settings.type,
    format: settings.format,
    background: settings.background,
    formats: settings.format === 'auto' ? (settings.autoFor === 'apps' ? APPS_FORMATS : WEB_FORMATS) : null,
    ...apiSettings(settings.control),
  };
}

/** Settings compared by what they would send: two that send the same are the same. */
export const settingsKey = (settings: CompressionSettings): string => JSON.stringify(recompressAllChanges(settings));

export const finishedJobs = (jobs: readonly Job[]) => jobs.filter((j) => j.status === 'completed' || j.status === 'error');

export interface RecompressAllProps {
  count: number;
  busy: boolean;
  onRecompress: () => void;
  /** `bar`: the dark Done bar's compact form. */
  variant?: 'card' | 'bar';
}

/** The one button, in the look of where it stands. */
function RecompressButton({ busy, onRecompress, className, testId, children }: Omit<RecompressAllProps, 'count' | 'variant'> & { className: string; testId: string; children: ReactNode }) {
  return (
    <button type="button" onClick={onRecompress} disabled={busy} className={className} data-testid={testId}>
      <RefreshCw className="h-4 w-4" aria-hidden="true" />
      {children}
    </button>
  );
}

export function RecompressAll({ count, busy, onRecompress, variant = 'card' }: RecompressAllProps) {
  if (variant === 'bar') {
    return (
      <RecompressButton
        busy={busy}
        onRecompress={onRecompress}
        className="pointer-events-auto inline-flex min-h-11 flex-none items-center gap-1 rounded-full bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-100 disabled:opacity-60 sm:min-h-9"
        testId="recompress-all-bar"
      >
        Re-compress all<span className="hidden md:inline">&nbsp;{count} with these settings</span>
      </RecompressButton>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="settings-pending">
      <span>Changes apply to new files.</span>
      <RecompressButton
        busy={busy}
        onRecompress={onRecompress}
        className="inline-flex min-h-11 items-center gap-1 rounded-md bg-blue-600 px-3 font-medium text-white hover:bg-blue-700 disabled:bg-blue-300 sm:min-h-8"
        testId="recompress-all"
      >
        {busy ? 'Re-compressing...' : `Re-compress all ${count} with these settings`}
      </RecompressButton>
    </div>
  );
}
