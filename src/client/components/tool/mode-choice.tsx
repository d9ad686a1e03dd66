// The settings card's first choice: how the quality of each result is decided. A row of four options, each with a
// few plain words, so the controls below it (quality, target size, or none) follow from what was picked.
import { COMPRESSION_MODES, type CompressionMode } from '#contract/settings';
import { cn } from '#client/lib/cn.ts';
import { MODE_HINTS, MODE_LABELS, MODE_NOTES } from './control';

export function ModeChoice({ value, onChange, problem }: { value: CompressionMode; onChange: (mode: CompressionMode) => void; problem?: string | null }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-800">Mode</legend>
      <div
        role="radiogroup"
        aria-label="Mode"
        aria-describedby={problem ? 'settings-mode-note settings-mode-problem' : 'settings-mode-note'}
        aria-invalid={problem ? true : undefined}
        className={cn('grid grid-cols-2 gap-2 sm:grid-cols-4', problem && 'rounded-lg outline-2 outline-offset-2 outline-red-600')}
        data-testid="settings-mode"
      >
        {COMPRESSION_MODES.map((m) => (
          <label
            key={m}
            className={cn(
              'flex cursor-pointer flex-col rounded-lg border px-2 py-1.5 text-left has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600',
              value === m ? 'border-blue-600 bg-blue-50' : 'border-slate-200 hover:border-slate-300',
            )}
          >
            <input type="radio" name="compression-mode" value={m} checked={value === m} onChange={() => onChange(m)} className="sr-only" data-testid={`settings-mode-${m}`} />
            <span className="text-sm font-medium text-slate-900">{MODE_LABELS[m]}</span>
            <span className="text-xs leading-tight text-slate-600">{MODE_HINTS[m]}</span>
          </label>
        ))}
      </div>
      <p id="settings-mode-note" className="mt-1 text-xs text-slate-600">
        {MODE_NOTES[value]}
      </p>
      {problem && (
        <p id="settings-mode-problem" role="alert" className="mt-1 text-xs text-red-700" data-testid="settings-mode-problem">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
