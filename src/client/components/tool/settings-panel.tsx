// The settings card opened: the mode first, then only what that mode uses (quality presets and slider for Quality,
// the target for Target size, nothing for Smart and Lossless), then the format, resize and metadata. Loaded when the
// card is opened, so the tool's first load carries only the one-line summary.
import type { Preset } from '#contract/api';
import { OutputFormatChoice } from './output-format-choice';
import { ControlSettingsFields, TargetSizeField } from './control-settings';
import { controlProblems, formatModeProblem, losslessResizeNote } from './control';
import { ModeChoice } from './mode-choice';
import { QualityChoice } from './quality-choice';
import type { CompressionSettings as Settings } from './settings';

export interface SettingsPanelProps {
  presets: Preset[];
  value: Settings;
  onChange: (next: Settings) => void;
  onDevice: boolean;
}

export default function SettingsPanel({ presets, value, onChange, onDevice }: SettingsPanelProps) {
  const { control } = value;
  const setControl = (next: Settings['control']) => onChange({ ...value, control: next });
  return (
    <div className="space-y-4" data-testid="settings-panel">
      <ModeChoice value={control.mode} onChange={(mode) => setControl({ ...control, mode })} problem={formatModeProblem(value.format, control.mode)} />
      {control.mode === 'quality' && <QualityChoice presets={presets} value={value} onChange={onChange} />}
      {/* Smart searches below the quality set under Quality (its ceiling and its idea of "the same"): said, not offered. */}
      {control.mode === 'smart' && <p className="text-xs text-slate-600">Never above quality {value.quality}, the one set under Quality.</p>}
      {control.mode === 'size' && (
        <div className="rounded-lg border border-slate-200 p-3">
          <TargetSizeField idPrefix="settings" value={control} onChange={setControl} problem={controlProblems(control).targetSize} />
        </div>
      )}
      <OutputFormatChoice value={value} onChange={onChange} onDevice={onDevice} />
      <ControlSettingsFields
        idPrefix="settings"
        value={control}
        onChange={setControl}
        onDevice={onDevice}
        showMode={false}
        resizeNote={losslessResizeNote(value.format, control)}
      />
    </div>
  );
}
