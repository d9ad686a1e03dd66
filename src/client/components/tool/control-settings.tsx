// Mode, target size, resize and metadata: the part of the settings that says how each image is made, with a
// one-line explanation per choice and each field's problem shown next to it. Used by the settings card (for the
// next upload) and by a finished card's "Adjust" panel (for that file), hence the id prefix.
import { COMPRESSION_MODES, METADATA_POLICIES, type CompressionMode, type MetadataPolicy } from '#contract/settings';
import { METADATA_LABELS, METADATA_NOTES, MODE_LABELS, MODE_NOTES, controlProblems, type ControlField, type ControlSettings } from './control';

const INPUT = 'w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600';

export function ControlSettingsFields({
  value,
  onChange,
  idPrefix,
  serverProblem,
  onDevice = false,
  comboProblem,
  showMode = true,
  resizeNote,
}: {
  value: ControlSettings;
  onChange: (next: ControlSettings) => void;
  idPrefix: string;
  /** A field the server refused (400 with `field`), shown next to that field. */
  serverProblem?: { field: string; message: string } | null;
  /** Private mode: the browser's encoders write no metadata, so only Remove is offered. */
  onDevice?: boolean;
  /** The mode cannot go with the chosen output format (see formatModeProblem): said under Mode. */
  comboProblem?: string | null;
  /** False where the mode is chosen above, first (the settings card's mode choice). */
  showMode?: boolean;
  /** A combination that fails for some files (losslessResizeNote), said under the resize fields. */
  resizeNote?: string | null;
}) {
  const problems = controlProblems(value);
  const problemOf = (field: ControlField) => problems[field] ?? (serverProblem?.field === field ? serverProblem.message : undefined);
  const id = (name: string) => `${idPrefix}-${name}`;
  const numberField = (field: 'maxWidth' | 'maxHeight', label: string) => {
    const problem = problemOf(field);
    return (
      <div>
        <label htmlFor={id(field)} className="mb-1 block text-xs font-medium text-slate-700">
          {label}
        </label>
        <input
          id={id(field)}
          inputMode="numeric"
          placeholder="any"
          value={value[field]}
          onChange={(e) => onChange({ ...value, [field]: e.target.value })}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? id(`${field}-problem`) : undefined}
          className={`${INPUT} ${problem ? 'border-red-600' : 'border-slate-300'}`}
          data-testid={id(field)}
        />
        {problem && (
          <p id={id(`${field}-problem`)} role="alert" className="mt-1 text-xs text-red-700">
            {problem}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className="space-y-4 rounded-lg border border-slate-200 p-3">
      {showMode && (
        <div>
          <label htmlFor={id('mode')} className="mb-2 block text-sm font-medium text-slate-800">
            Mode
          </label>
          <select
            id={id('mode')}
            value={value.mode}
            onChange={(e) => onChange({ ...value, mode: e.target.value as CompressionMode })}
            aria-describedby={comboProblem ? `${id('mode-note')} ${id('mode-problem')}` : id('mode-note')}
            aria-invalid={comboProblem ? true : undefined}
            className={`${INPUT} ${comboProblem ? 'border-red-600' : 'border-slate-300'}`}
            data-testid={id('mode')}
          >
            {COMPRESSION_MODES.map((m) => (
              <option key={m} value={m}>
                {MODE_LABELS[m]}
              </option>
            ))}
          </select>
          <p id={id('mode-note')} className="mt-1 text-xs text-slate-600">
            {MODE_NOTES[value.mode]}
          </p>
          {comboProblem && (
            <p id={id('mode-problem')} role="alert" className="mt-1 text-xs text-red-700" data-testid={id('mode-problem')}>
              {comboProblem}
            </p>
          )}
        </div>
      )}
      {showMode && value.mode === 'size' && <TargetSizeField value={value} onChange={onChange} idPrefix={idPrefix} problem={problemOf('targetSize')} />}
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800">Resize to fit</legend>
        <div className="grid grid-cols-2 gap-2">
          {numberField('maxWidth', 'Max width (px)')}
          {numberField('maxHeight', 'Max height (px)')}
        </div>
        <p className="mt-1 text-xs text-slate-600">Keeps the proportions and never enlarges. Leave blank to keep the size.</p>
        {resizeNote && (
          <p role="alert" className="mt-1 text-xs text-amber-900" data-testid={id('resize-note')}>
            {resizeNote}
          </p>
        )}
      </fieldset>
      <div>
        <label htmlFor={id('metadata')} className="mb-2 block text-sm font-medium text-slate-800">
          Metadata
        </label>
        <select
          id={id('metadata')}
          value={onDevice ? 'strip' : value.metadata}
          onChange={(e) => onChange({ ...value, metadata: e.target.value as MetadataPolicy })}
          aria-describedby={id('metadata-note')}
          className={`${INPUT} border-slate-300`}
          data-testid={id('metadata')}
        >
          {METADATA_POLICIES.map((m) => (
            <option key={m} value={m} disabled={onDevice && m !== 'strip'}>
              {METADATA_LABELS[m]}
              {onDevice && m !== 'strip' ? ' (not on this device)' : ''}
            </option>
          ))}
        </select>
        <p id={id('metadata-note')} className="mt-1 text-xs text-slate-600">
          {METADATA_NOTES[onDevice ? 'strip' : value.metadata]}
          {onDevice && <> In private mode metadata is always removed: keeping it needs our servers.</>}
        </p>
      </div>
    </div>
  );
}

/** Size mode's target (in KB) and whether the image may be made smaller to reach it. */
export function TargetSizeField({
  value,
  onChange,
  idPrefix,
  problem: targetProblem,
}: {
  value: ControlSettings;
  onChange: (next: ControlSettings) => void;
  idPrefix: string;
  problem?: string;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div>
      <label htmlFor={id('target')} className="mb-1 block text-xs font-medium text-slate-700">
        Largest file size (KB)
      </label>
      <input
        id={id('target')}
        inputMode="decimal"
        value={value.targetKb}
        onChange={(e) => onChange({ ...value, targetKb: e.target.value })}
        aria-invalid={targetProblem ? true : undefined}
        aria-describedby={targetProblem ? id('target-problem') : undefined}
        className={`${INPUT} ${targetProblem ? 'border-red-600' : 'border-slate-300'}`}
        data-testid={id('target')}
      />
      {targetProblem && (
        <p id={id('target-problem')} role="alert" className="mt-1 text-xs text-red-700">
          {targetProblem}
        </p>
      )}
      <label className="mt-2 flex items-center gap-2 text-xs text-slate-700">
        <input type="checkbox" checked={value.allowResize} onChange={(e) => onChange({ ...value, allowResize: e.target.checked })} data-testid={id('allow-resize')} />
        Make the image smaller if no quality reaches this size
      </label>
    </div>
  );
}
