// "Adjust" on a finished card: the same settings as the settings card, for that one file, sent as a re-tune
// (POST /api/jobs/:id/recompress). The file is compressed again from its stored original, without uploading again;
// a setting the server refuses is shown beside its field, and an impossible mode and format (Lossless + JPEG) is
// refused beside the format by the settings card's own rule before anything is sent. The live estimate runs in every
// mode. Cancel and Apply stay in a footer that sticks to the bottom of the dialog, so Apply is reachable on a phone.
import { useState } from 'react';
import type { Job } from '#contract/api';
import { FORMAT_LABELS, OUTPUT_FORMATS, type OutputFormat } from '#contract/settings';
import { useRecompress } from '#client/api/jobs.ts';
import type { AdjustRunner } from '#client/api/job-source.ts';
import { ApiRequestError, errorMessage } from '#client/lib/api.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { AdjustEstimate, type EstimateSettings } from './adjust-estimate';
import { ControlSettingsFields } from './control-settings';
import { DEFAULT_CONTROL, apiSettings, controlProblems, formatModeProblem, type ControlSettings } from './control';

/** The job's own settings as the panel edits them. */
export function controlOf(job: Job): ControlSettings {
  return {
    mode: job.mode,
    targetKb: job.targetSize ? String(Math.round(job.targetSize / 1024)) : DEFAULT_CONTROL.targetKb,
    allowResize: job.allowResize,
    maxWidth: job.maxWidth ? String(job.maxWidth) : '',
    maxHeight: job.maxHeight ? String(job.maxHeight) : '',
    metadata: job.metadata,
  };
}

/** The re-tune request: every setting the panel shows (blank bounds are sent as null, which removes them). */
export function recompressChanges(job: Job, quality: number, format: OutputFormat, control: ControlSettings): Record<string, unknown> {
  return {
    quality,
    // A quality moved by hand is a custom one, as on the settings card.
    ...(quality !== job.compressionQuality ? { type: 'standard' } : {}),
    format,
    ...apiSettings(control),
  };
}

/** The estimate's settings, as the re-tune sends them (the one mapping: control.ts); metadata does not change pixels. */
function estimateSettings(quality: number, format: OutputFormat, control: ControlSettings): EstimateSettings {
  const { metadata: _metadata, ...rest } = apiSettings(control);
  return { quality, format, ...rest };
}

export interface AdjustDialogProps {
  job: Job;
  /** Closed by Apply once the re-tune is accepted (`applied`), or by Cancel, Escape or the backdrop. */
  onClose: (applied: boolean) => void;
  runner?: AdjustRunner;
  /** The original image: the overview the spot is picked on, and the crop beside the estimate. */
  originalSrc?: string;
}

export function AdjustDialog({ job, onClose, runner, originalSrc }: AdjustDialogProps) {
  const cancel = () => onClose(false);
  const [quality, setQuality] = useState(job.compressionQuality);
  const [format, setFormat] = useState<OutputFormat>(job.outputFormat);
  const [control, setControl] = useState(() => controlOf(job));
  const recompress = useRecompress(runner?.retune);
  const error = recompress.error;
  const serverProblem = error instanceof ApiRequestError && error.field ? { field: error.field, message: error.serverMessage } : null;
  // The same rule as the settings card's, not a second one.
  const comboProblem = formatModeProblem(format, control.mode);
  const blocked = comboProblem !== null || Object.keys(controlProblems(control)).length > 0;

  const apply = () =>
    recompress.mutate({ job, changes: recompressChanges(job, quality, format, control) }, { onSuccess: () => onClose(true) });

  return (
    <Dialog
      open
      onClose={cancel}
      title={`Adjust ${job.filename}`}
      description="Compress this file again from its original with new settings."
    >
      <div className="mt-4 space-y-4" data-testid="adjust-panel">
        {control.mode !== 'lossless' && (
          <div>
            <div className="mb-1 flex items-center justify-between">
              <label htmlFor="adjust-quality" className="text-sm font-medium text-slate-800">
                Quality
              </label>
              <output htmlFor="adjust-quality" className="text-sm font-semibold text-slate-900">
                {quality}%
              </output>
            </div>
            <input
              id="adjust-quality"
              type="range"
              min={1}
              max={100}
              value={quality}
              aria-valuetext={`${quality}%`}
              onChange={(e) => setQuality(Number(e.target.value))}
              className="h-5 w-full cursor-pointer accent-blue-600"
              data-testid="adjust-quality"
            />
          </div>
        )}
        <div>
          <label htmlFor="adjust-format" className="mb-1 block text-sm font-medium text-slate-800">
            Output format
          </label>
          <select
            id="adjust-format"
            value={format}
            onChange={(e) => setFormat(e.target.value as OutputFormat)}
            aria-invalid={comboProblem !== null || undefined}
            aria-describedby={comboProblem ? 'adjust-format-problem' : undefined}
            className={`w-full rounded-md border bg-white px-3 py-2 text-sm ${comboProblem ? 'border-red-600' : 'border-slate-300'}`}
            data-testid="adjust-format"
          >
            {OUTPUT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </select>
          {comboProblem && (
            <p id="adjust-format-problem" role="alert" className="mt-1 text-xs text-red-700" data-testid="adjust-format-problem">
              {comboProblem}
            </p>
          )}
        </div>
        {!blocked && <AdjustEstimate job={job} settings={estimateSettings(quality, format, control)} originalSrc={originalSrc} estimateFrom={runner?.estimateFrom} />}
        <ControlSettingsFields idPrefix="adjust" value={control} onChange={setControl} serverProblem={serverProblem} onDevice={runner !== undefined} />
        {error && !serverProblem && (
          <p role="alert" className="rounded-md bg-red-50 p-2 text-xs text-red-800">
            {errorMessage(error)}
          </p>
        )}
        {/* Sticks to the dialog's bottom edge while the fields scroll under it: Apply stays in reach on a phone. */}
        <div className="sticky bottom-0 -mx-6 -mb-6 border-t border-slate-200 bg-white px-6 py-3">
          <div className="flex justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={cancel} data-testid="adjust-cancel">
              Cancel
            </Button>
            <Button size="sm" onClick={apply} disabled={blocked || recompress.isPending} data-testid="adjust-apply">
              {recompress.isPending ? 'Applying...' : 'Apply'}
            </Button>
          </div>
        </div>
      </div>
    </Dialog>
  );
}
