// The comparison's title bar: which file, split or side by side, full screen, and close.
import { Columns2, Maximize2, Minimize2, SplitSquareHorizontal, X } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import { Button } from '#client/components/ui/button.tsx';

export type ViewMode = 'split' | 'side-by-side';

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
    <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close comparison">
      <X className="h-4 w-4" aria-hidden="true" />
    </Button>
  );
}

export function ComparisonHeader({ titleId, filename, mode, onMode, fullscreen, onToggleFullscreen, onClose }: ComparisonHeaderProps) {
  const modeButton = (value: ViewMode) => ({
    'aria-pressed': mode === value,
    onClick: () => onMode(value),
    className: cn('h-7', mode === value && 'bg-slate-100'),
  });
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Quality Assessment
        </h2>
        <p className="truncate text-sm text-slate-600" title={filename}>
          {filename}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <div role="group" aria-label="View mode" className="flex rounded-md border border-slate-300 p-0.5">
          <Button variant="ghost" size="sm" {...modeButton('split')}>
            <SplitSquareHorizontal className="h-4 w-4" aria-hidden="true" />
            Split
          </Button>
          <Button variant="ghost" size="sm" {...modeButton('side-by-side')}>
            <Columns2 className="h-4 w-4" aria-hidden="true" />
            Side by side
          </Button>
        </div>
        <Button variant="secondary" size="sm" onClick={onToggleFullscreen}>
          {fullscreen ? <Minimize2 className="h-4 w-4" aria-hidden="true" /> : <Maximize2 className="h-4 w-4" aria-hidden="true" />}
          {fullscreen ? 'Exit full screen' : 'Full screen'}
        </Button>
        <CloseComparisonButton onClose={onClose} />
      </div>
    </div>
  );
}
