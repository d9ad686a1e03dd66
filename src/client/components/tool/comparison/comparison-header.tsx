// The comparison's title bar: which file, split or side by side, full screen, and close.
import { Columns2, Maximize2, Minimize2, SplitSquareHorizontal, X } from 'lucide-react';
import { ViewerButton } from './viewer-button';

export type ViewMode = 'split' | 'side-by-side';

/** On a phone the buttons are icons (their names stay for screen readers), so the bar takes one row above the image. */
const PHONE_ICON_ONLY = 'sr-only sm:not-sr-only';

export interface ComparisonHeaderProps {
  titleId: string;
  filename: string;
  mode: ViewMode;
  onMode: (mode: ViewMode) => void;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
  onClose: () => void;
}

export function CloseComparisonButton({ onClose }: { onClose: () => void }) {
  return (
    <ViewerButton onClick={onClose} aria-label="Close comparison" className="px-2">
      <X className="h-4 w-4" aria-hidden="true" />
    </ViewerButton>
  );
}

export function ComparisonHeader({ titleId, filename, mode, onMode, fullscreen, onToggleFullscreen, onClose }: ComparisonHeaderProps) {
  const modeButton = (value: ViewMode) => ({ 'aria-pressed': mode === value, active: mode === value, onClick: () => onMode(value) });
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
      <div className="flex min-w-0 items-baseline gap-2">
        <h2 id={titleId} className="shrink-0 text-base font-semibold text-neutral-50">
          Quality Assessment
        </h2>
        <p className="min-w-0 truncate text-sm text-neutral-300" title={filename}>
          {filename}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <div role="group" aria-label="View mode" className="flex gap-1">
          <ViewerButton {...modeButton('split')}>
            <SplitSquareHorizontal className="h-4 w-4" aria-hidden="true" />
            <span className={PHONE_ICON_ONLY}>Split</span>
          </ViewerButton>
          <ViewerButton {...modeButton('side-by-side')}>
            <Columns2 className="h-4 w-4" aria-hidden="true" />
            <span className={PHONE_ICON_ONLY}>Side by side</span>
          </ViewerButton>
        </div>
        <ViewerButton onClick={onToggleFullscreen}>
          {fullscreen ? <Minimize2 className="h-4 w-4" aria-hidden="true" /> : <Maximize2 className="h-4 w-4" aria-hidden="true" />}
          <span className={PHONE_ICON_ONLY}>{fullscreen ? 'Exit full screen' : 'Full screen'}</span>
        </ViewerButton>
        <CloseComparisonButton onClose={onClose} />
      </div>
    </div>
  );
}
