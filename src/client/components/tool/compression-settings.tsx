// The settings card: one line that says what the next upload will do ("Quality 80 · Keep original format · metadata
// removed · original size") and a Change button that opens the rest. Open or closed is remembered for the visit
// (the tab); a setting with a problem opens it, so the field marked red is always in sight.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ChevronDown, Settings2 } from 'lucide-react';
import type { Preset } from '#contract/api';
import { cn } from '#client/lib/cn.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { COMPRESSION_PRESETS } from '#contract/presets';
import { controlProblems, formatModeProblem } from './control';
import type { CompressionSettings as Settings } from './settings';
import { settingsSummary } from './settings-summary';

const SettingsPanel = lazy(() => import('./settings-panel.tsx'));

export interface CompressionSettingsProps {
  /** The server's presets; the fallback ones until they arrive. */
  presets?: Preset[];
  value: Settings;
  onChange: (next: Settings) => void;
  /** Private mode: the controls say what the browser cannot do. */
  onDevice?: boolean;
  /** Said under the summary when finished files were made with other settings ("Changes apply to new files" and Re-compress all). */
  pending?: ReactNode;
  /** Told when the card opens or closes (the Done bar steps aside only for the open settings). */
  onOpenChange?: (open: boolean) => void;
}

export const SETTINGS_OPEN_KEY = 'imagesqueeze.settings-open';

function storedOpen(): boolean {
  try {
    return globalThis.sessionStorage?.getItem(SETTINGS_OPEN_KEY) === '1';
  } catch {
    return false; // storage blocked: closed, the default
  }
}

function storeOpen(open: boolean): void {
  try {
    globalThis.sessionStorage?.setItem(SETTINGS_OPEN_KEY, open ? '1' : '0');
  } catch {
    // Not remembered; nothing else depends on it.
  }
}

// Until /api/compression-presets answers, the contract's own presets (the same the server serves): the choice never jumps.
export function CompressionSettings({ presets = COMPRESSION_PRESETS, value, onChange, onDevice = false, pending, onOpenChange }: CompressionSettingsProps) {
  const [opened, setOpened] = useState(storedOpen);
  const problem = formatModeProblem(value.format, value.control.mode) !== null || Object.keys(controlProblems(value.control)).length > 0;
  const open = opened || problem;
  useEffect(() => onOpenChange?.(open), [open, onOpenChange]);
  const toggle = () => {
    storeOpen(!open);
    setOpened(!open);
  };

  return (
    // self-start: beside the queue card the summary keeps its own height instead of stretching to the row's.
    <Card className="self-start" data-testid="settings-card">
      <CardHeader className={open ? 'pb-3' : 'pb-5'}>
        <CardTitle className="flex items-center gap-2">
          <Settings2 className="h-5 w-5 text-blue-700" aria-hidden="true" />
          Compression Settings
        </CardTitle>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
          <p data-testid="settings-summary">{settingsSummary(value, onDevice).join(' · ')}</p>
          <button
            type="button"
            onClick={toggle}
            disabled={problem}
            title={problem ? 'Fix the marked settings first' : undefined}
            aria-expanded={open}
            aria-controls="settings-body"
            className="inline-flex min-h-11 items-center gap-1 rounded font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 disabled:no-underline disabled:opacity-60 sm:min-h-0"
            data-testid="settings-toggle"
          >
            {open ? 'Done' : 'Change'}
            <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
          </button>
        </div>
        {pending}
      </CardHeader>
      {open && (
        <CardContent id="settings-body">
          <Suspense fallback={<div className="h-64 animate-pulse rounded-lg bg-slate-100" aria-busy="true" aria-label="Loading settings" />}>
            <SettingsPanel presets={presets} value={value} onChange={onChange} onDevice={onDevice} />
          </Suspense>
        </CardContent>
      )}
    </Card>
  );
}
