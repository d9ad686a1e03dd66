// The divider's position as an ordinary range input, under the split view.
export interface SplitPositionSliderProps {
  id: string;
  split: number;
  onSplit: (split: number) => void;
}

export function SplitPositionSlider({ id, split, onSplit }: SplitPositionSliderProps) {
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-neutral-200">
        Split position
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        value={split}
        onChange={(e) => onSplit(Number(e.target.value))}
        className="w-full accent-sky-300"
        data-testid="split-slider"
      />
      <span className="w-12 text-right text-sm tabular-nums text-neutral-200">{split}%</span>
    </div>
  );
}
