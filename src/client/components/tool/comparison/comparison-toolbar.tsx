// Zoom (out, level, in, Fit, 1:1) and the differences overlay (toggle, count, threshold and colour).
import { Layers, RotateCcw, ZoomIn, ZoomOut } from 'lucide-react';
import { DiffSettings } from './diff-settings';
import { diffCountText } from './diff-text';
import type { DiffOverlay } from './use-diff-overlay';
import type { ViewTransform } from './use-view-transform';
import { ViewerButton } from './viewer-button';

export function ComparisonToolbar({ view, diff }: { view: ViewTransform; diff: DiffOverlay }) {
  const { realScale, oneToOne, zoom } = view;
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Zoom and differences">
      <ViewerButton onClick={view.zoomOut} aria-label="Zoom out">
        <ZoomOut className="h-4 w-4" aria-hidden="true" />
      </ViewerButton>
      {/* Real pixels: 100% is one image pixel per screen pixel, whatever the viewer's size. */}
      <span
        className="w-16 text-center text-sm font-medium tabular-nums text-neutral-100"
        data-testid="zoom-level"
        aria-live="polite"
        title="Image pixels shown per screen pixel"
      >
        {realScale === null ? `${Math.round(zoom * 100)}% of fit` : `${Math.round(realScale * 100)}%`}
      </span>
      <ViewerButton onClick={view.zoomIn} aria-label="Zoom in">
        <ZoomIn className="h-4 w-4" aria-hidden="true" />
      </ViewerButton>
      <ViewerButton onClick={view.fit} active={zoom === 1} aria-pressed={zoom === 1} aria-label="Fit to view">
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
        Fit
      </ViewerButton>
      <ViewerButton onClick={view.actualPixels} disabled={oneToOne === null} active={oneToOne !== null && zoom === oneToOne} aria-pressed={oneToOne !== null && zoom === oneToOne} aria-label="Actual pixels (1:1)">
        1:1
      </ViewerButton>
      <ViewerButton active={diff.shown} aria-pressed={diff.shown} onClick={diff.toggle}>
        <Layers className="h-4 w-4" aria-hidden="true" />
        {diff.shown ? 'Hide differences' : 'Show differences'}
      </ViewerButton>
      {diff.shown && <DiffCount diff={diff} />}
      {diff.shown && <DiffSettings threshold={diff.threshold} onThreshold={diff.setThreshold} colour={diff.colour} onColour={diff.setColour} />}
    </div>
  );
}

function DiffCount({ diff: { diff, painted } }: { diff: DiffOverlay }) {
  return (
    <span className="text-sm text-neutral-200" data-testid="diff-count" aria-live="polite">
      {diff.status === 'loading' && 'Analysing pixels...'}
      {diff.status === 'error' && 'Could not compare the images'}
      {diff.status === 'done' &&
        painted &&
        diffCountText({ count: painted.count, ...diff.result })}
    </span>
  );
}
