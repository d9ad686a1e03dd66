// The output format part of the settings card: a format, a note on which browsers show it, and the background
// that transparency is flattened onto when the format is JPEG.
import { useEffect, useState } from 'react';
import { FORMAT_LABELS, OUTPUT_FORMATS, type ImageFormat, type OutputFormat } from '#contract/settings';
import { displayableFormats } from '#client/lib/format-support.ts';
import type { AutoTarget, CompressionSettings } from './settings';

const NOTES: Record<OutputFormat, string> = {
  original: 'Each image stays in its own format (JPEG, PNG, WebP or AVIF).',
  jpeg: 'Opens everywhere. Transparent areas are filled with the background colour below.',
  png: 'Opens everywhere; best for screenshots, logos and graphics. Photos get larger.',
  webp: 'Shown by all current browsers; some older desktop apps cannot open it.',
  avif: 'The smallest files. Shown by current Chrome, Edge, Firefox and Safari (16.4 and later); older browsers and apps cannot open it.',
  jxl: 'Smaller still, and a JPEG kept lossless is recompressed about 20% smaller. Shown by Safari 17 and later and Chrome 155 and later; most other apps cannot open it yet.',
  auto: 'Per image, the smallest file at the same visual quality, among AVIF, WebP, JPEG and PNG: formats every current major browser shows. JPEG XL only when you choose it above.',
};

export function OutputFormatChoice({
  value,
  onChange,
  onDevice = false,
}: {
  value: CompressionSettings;
  onChange: (next: CompressionSettings) => void;
  /** Private mode: PNG colours are reduced by the browser's own quantiser (docs/decisions/0381). */
  onDevice?: boolean;
}) {
  const [shown, setShown] = useState<ImageFormat[] | null>(null);
  useEffect(() => {
    let live = true;
    void displayableFormats().then((formats) => live && setShown(formats));
    return () => {
      live = false;
    };
  }, []);
  const unsupported = (value.format === 'webp' || value.format === 'avif') && shown !== null && !shown.includes(value.format);

  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <label htmlFor="output-format" className="mb-2 block text-sm font-medium text-slate-800">
        Output format
      </label>
      <select
        id="output-format"
        data-testid="output-format"
        value={value.format}
        onChange={(e) => onChange({ ...value, format: e.target.value as OutputFormat })}
        aria-describedby="output-format-note"
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {OUTPUT_FORMATS.map((f) => (
          <option key={f} value={f}>
            {FORMAT_LABELS[f]}
          </option>
        ))}
      </select>
      <p id="output-format-note" className="mt-2 text-xs text-slate-600">
        {value.format === 'auto' && value.autoFor === 'apps' ? 'Per image, the smaller of JPEG and PNG at the same visual quality.' : NOTES[value.format]}
        {onDevice && (value.format === 'png' || value.format === 'original' || value.format === 'auto') && (
          // The isolated private page runs the server's quantiser; only its final optimiser differs (decision 0563).
          <>
            {globalThis.crossOriginIsolated === true
              ? ' On this device PNG colours are reduced as ours are, and stored by another build of our optimiser: sizes come out close to the server’s, usually a few percent apart.'
              : ' On this device PNG colours are reduced by a different quantiser than ours: sizes come out close to, not exactly, the server’s.'}
          </>
        )}
        {unsupported && <strong className="text-red-700"> This browser cannot show {FORMAT_LABELS[value.format]}; the files still download.</strong>}
      </p>
      {value.format === 'auto' && <AutoTargetChoice value={value.autoFor} onChange={(autoFor) => onChange({ ...value, autoFor })} />}
      {value.format === 'jpeg' && (
        <div className="mt-3 flex items-center gap-2">
          <input
            id="background-colour"
            type="color"
            value={value.background}
            onChange={(e) => onChange({ ...value, background: e.target.value })}
            className="h-8 w-10 cursor-pointer rounded border border-slate-300"
            data-testid="background-colour"
          />
          <label htmlFor="background-colour" className="text-xs text-slate-700">
            Background for transparent areas ({value.background})
          </label>
        </div>
      )}
    </div>
  );
}

const AUTO_TARGETS: Array<[AutoTarget, string, string]> = [
  ['web', 'For websites', 'AVIF, WebP, JPEG or PNG: the smallest file every current browser shows. Never JPEG XL.'],
  ['apps', 'For email and apps', 'JPEG or PNG only: opens in every mail client, marketplace and older app.'],
];

/** Where Auto's files go next decides what it may pick: an AVIF is no use to a mail client or an older Office. */
function AutoTargetChoice({ value, onChange }: { value: AutoTarget; onChange: (next: AutoTarget) => void }) {
  return (
    <fieldset className="mt-3">
      <legend className="mb-1 text-xs font-medium text-slate-700">Where will the files go?</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {AUTO_TARGETS.map(([id, label, note]) => (
          <label key={id} className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-2 text-xs text-slate-700 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50">
            <input type="radio" name="auto-target" value={id} checked={value === id} onChange={() => onChange(id)} className="mt-0.5" data-testid={`auto-for-${id}`} />
            <span>
              <span className="block font-medium text-slate-900">{label}</span>
              {note}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
