// Quality mode's controls: the spec's preset cards and the custom slider (1-100). Shown only in Quality mode, where
// they decide the result, so a preset is never highlighted where it does nothing.
import type { Preset } from '#contract/api';
import { cn } from '#client/lib/cn.ts';
import { qualityLevel, QUALITY_LEVEL_CLASSES } from '#client/lib/image-diff.ts';
import { selectedPresetId, withCustomQuality, withPreset, type CompressionSettings as Settings } from './settings';

export function QualityChoice({ presets, value, onChange }: { presets: Preset[]; value: Settings; onChange: (next: Settings) => void }) {
  const selected = selectedPresetId(value, presets);
  return (
    <>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Quality preset</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {presets.map((p) => {
            const checked = selected === p.id;
            return (
              <label
                key={p.id}
                title={p.description}
                className={cn(
                  'flex cursor-pointer flex-col rounded-lg border p-2 text-left transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600',
                  checked ? 'border-blue-600 bg-blue-50' : 'border-slate-200 hover:border-slate-300',
                )}
              >
                <input type="radio" name="compression-preset" value={p.id} checked={checked} onChange={() => onChange({ ...value, ...withPreset(p) })} className="sr-only" />
                <span className="flex items-center justify-between gap-2">
                  <span className="text-sm font-medium text-slate-900">{p.name}</span>
                  <span className={cn('text-sm font-semibold', QUALITY_LEVEL_CLASSES[qualityLevel(p.quality)])}>{p.quality}%</span>
                </span>
              </label>
            );
          })}
        </div>
        {selected && <p className="mt-1 text-xs text-slate-600">{presets.find((p) => p.id === selected)?.description}</p>}
      </fieldset>
      <div className={cn('rounded-lg border p-3', value.custom ? 'border-blue-600 bg-blue-50' : 'border-slate-200')}>
        <div className="mb-2 flex items-center justify-between">
          <label id="custom-quality-label" htmlFor="custom-quality" className="text-sm font-medium text-slate-800">
            Custom quality {value.custom && <span className="text-blue-700">(selected)</span>}
          </label>
          <output htmlFor="custom-quality" className="text-sm font-semibold text-slate-900" data-testid="quality-value">
            {value.quality}%
          </output>
        </div>
        {/* A native range input: keyboard and screen-reader support built in, and no slider library. */}
        <input
          id="custom-quality"
          type="range"
          min={1}
          max={100}
          step={1}
          value={value.quality}
          aria-valuetext={`${value.quality}%`}
          onChange={(e) => onChange({ ...value, ...withCustomQuality(Number(e.target.value)) })}
          className="h-5 w-full cursor-pointer accent-blue-600"
          data-testid="quality-slider"
        />
        <div className="mt-1 flex justify-between text-xs text-slate-600">
          <span>Smaller file</span>
          <span>Better quality</span>
        </div>
      </div>
    </>
  );
}
