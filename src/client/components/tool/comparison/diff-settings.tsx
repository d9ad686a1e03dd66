// How the differences overlay is drawn: the threshold a pixel's change must pass (the spec's 10 by default) and a
// colour that reads on the image (red on a red image does not).
import { useId } from 'react';
import { DIFF_COLOURS, type DiffColour } from '#client/lib/image-diff.ts';

export interface DiffSettingsProps {
  threshold: number;
  onThreshold: (threshold: number) => void;
  colour: DiffColour;
  onColour: (colour: DiffColour) => void;
}

export function DiffSettings({ threshold, onThreshold, colour, onColour }: DiffSettingsProps) {
  const name = useId();
  return (
    <div className="flex w-full flex-wrap items-center gap-x-4 gap-y-2">
      <label className="flex items-center gap-2 text-sm text-neutral-200">
        Threshold
        <input
          type="range"
          min={0}
          max={64}
          step={1}
          value={threshold}
          onChange={(e) => onThreshold(Number(e.target.value))}
          className="w-32 accent-sky-300"
          aria-label="Difference threshold"
          aria-valuetext={`a pixel counts when its colour changes by more than ${threshold} of 255`}
          data-testid="diff-threshold"
        />
        <span className="w-6 tabular-nums">{threshold}</span>
      </label>
      <fieldset className="flex items-center gap-2 text-sm text-neutral-200">
        <legend className="sr-only">Overlay colour</legend>
        <span aria-hidden="true">Colour</span>
        {(Object.keys(DIFF_COLOURS) as DiffColour[]).map((c) => (
          <label key={c} className="flex items-center gap-1">
            <input type="radio" name={name} value={c} checked={colour === c} onChange={() => onColour(c)} />
            <span className="capitalize">{c}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
