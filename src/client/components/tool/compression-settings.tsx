import { Settings2 } from 'lucide-react';
import type { Preset } from '#contract/api';
import { cn } from '#client/lib/cn.ts';
import { qualityLevel, QUALITY_LEVEL_CLASSES } from '#client/lib/image-diff.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { OutputFormatChoice } from './output-format-choice';
import { ControlSettingsFields } from './control-settings';
import { formatModeProblem } from './control';
import { COMPRESSION_PRESETS } from '#contract/presets';
import { selectedPresetId, withCustomQuality, withPreset, type CompressionSettings as Settings } from './settings';


export interface CompressionSettingsProps {
  /** The server's presets; the fallback ones until they arrive. */
  presets?: Preset[];
  value: Settings;
  onChange: (next: Settings) => void;
  /** Private mode: the controls say what the browser cannot do. */
  onDevice?: boolean;
}

// Until /api/compression-presets answers, the contract's own presets (the same the server serves): the choice never jumps.
export function CompressionSettings({ presets = COMPRESSION_PRESETS, value, onChange, onDevice = false }: CompressionSettingsProps) {
  const selected = selectedPresetId(value, presets);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Settings2 className="h-5 w-5 text-blue-700" aria-hidden="true" />
          Compression Settings
        </CardTitle>
        <p className="text-sm text-slate-600">Pick a preset or set your own quality, and the format to save in. Applies to the next upload.</p>
      </CardHeader>
      <CardContent className="space-y-5">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">Quality preset</legend>
          <div className="grid gap-2">
            {presets.map((p) => {
              const checked = selected === p.id;
              return (
                <label
                  key={p.id}
                  className={cn(
                    'flex cursor-pointer flex-col rounded-lg border p-3 text-left transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600',
                    checked ? 'border-blue-600 bg-blue-50' : 'border-slate-200 hover:border-slate-300',
                  )}
                >
                  <input
                    type="radio"
                    name="compression-preset"
                    value={p.id}
                    checked={checked}
                    onChange={() => onChange({ ...value, ...withPreset(p) })}
                    className="sr-only"
                  />
                  <span className="flex items-center justify-between gap-2">
                    <span className="font-medium text-slate-900">{p.name}</span>
                    <span className={cn('text-sm font-semibold', QUALITY_LEVEL_CLASSES[qualityLevel(p.quality)])}>{p.quality}%</span>
                  </span>
                  <span className="mt-0.5 text-xs text-slate-600">{p.description}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <div className={cn('rounded-lg border p-3', value.custom ? 'border-blue-600 bg-blue-50' : 'border-slate-200')}>
          <div className="mb-3 flex items-center justify-between">
            <label id="custom-quality-label" htmlFor="custom-quality" className="text-sm font-medium text-slate-800">
              Custom quality {value.custom && <span className="text-blue-700">(selected)</span>}
            </label>
            <output htmlFor="custom-quality" className="text-sm font-semibold text-slate-900" data-testid="quality-value">
              {value.quality}%
            </output>
          </div>
          {/* A native range input: keyboard and screen-reader support built in, and no slider library on the tool's first load. */}
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
        <OutputFormatChoice value={value} onChange={onChange} onDevice={onDevice} />
        <ControlSettingsFields
          idPrefix="settings"
          value={value.control}
          onChange={(control) => onChange({ ...value, control })}
          onDevice={onDevice}
          comboProblem={formatModeProblem(value.format, value.control.mode)}
        />
      </CardContent>
    </Card>
  );
}
