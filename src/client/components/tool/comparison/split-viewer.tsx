// Split view: the compressed image over the original, cut at a divider that is dragged or moved by keyboard.
import type { Ref, RefObject } from 'react';
import { SplitSquareHorizontal } from 'lucide-react';
import { DiffCanvas, Layer } from './image-layers';
import type { ComparedImages } from './viewer-surface';
import { splitFromKey } from './zoom';

export interface SplitViewerProps extends ComparedImages {
  split: number;
  onSplit: (split: number) => void;
  dividerRef: Ref<HTMLDivElement>;
}

export function SplitViewer({ view, surface, originalSrc, compressedSrc, filename, overlay, split, onSplit, dividerRef, showOriginal }: SplitViewerProps) {
  const { transform } = view;
  return (
    <div ref={view.viewerRef} className={surface.className} data-testid="split-view" data-showing={showOriginal ? 'original' : 'both'} {...surface.props}>
      <Layer src={originalSrc} alt={`Original ${filename}`} transform={transform} />
      <div className="absolute inset-0" style={{ clipPath: `inset(0 0 0 ${split}%)` }} hidden={showOriginal} data-testid="compressed-layer">
        <Layer src={compressedSrc} alt={`Compressed ${filename}`} transform={transform} />
      </div>
      {overlay && !showOriginal && (
        <div className="pointer-events-none absolute inset-0 origin-center" style={transform}>
          <DiffCanvas overlay={overlay} />
        </div>
      )}
      <span className="pointer-events-none absolute left-2 top-2 rounded bg-slate-900/75 px-2 py-0.5 text-xs font-medium text-white">Original</span>
      <span className="pointer-events-none absolute right-2 top-2 rounded bg-slate-900/75 px-2 py-0.5 text-xs font-medium text-white">{showOriginal ? 'Original (Space held)' : 'Compressed'}</span>
      <Divider split={split} onSplit={onSplit} viewerRef={view.viewerRef} dividerRef={dividerRef} />
    </div>
  );
}

interface DividerProps {
  split: number;
  onSplit: (split: number) => void;
  viewerRef: RefObject<HTMLDivElement | null>;
  dividerRef: Ref<HTMLDivElement>;
}

function Divider({ split, onSplit, viewerRef, dividerRef }: DividerProps) {
  const splitFromPointer = (clientX: number) => {
    const rect = viewerRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    onSplit(Math.round(Math.min(100, Math.max(0, ((clientX - rect.left) / rect.width) * 100))));
  };
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label="Comparison divider"
      aria-orientation="horizontal"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={split}
      aria-valuetext={`${split}% original, ${100 - split}% compressed`}
      data-testid="comparison-divider"
      onKeyDown={(e) => {
        const next = splitFromKey(e.key, split);
        if (next === null) return;
        e.preventDefault();
        onSplit(next);
      }}
      ref={dividerRef}
      onPointerDown={(e) => {
        // The divider's drag is not a pan of the image under it.
        e.stopPropagation();
        e.currentTarget.setPointerCapture(e.pointerId);
        splitFromPointer(e.clientX);
      }}
      onPointerMove={(e) => {
        if (e.currentTarget.hasPointerCapture(e.pointerId)) splitFromPointer(e.clientX);
      }}
      className="group absolute inset-y-0 z-10 flex w-8 -translate-x-1/2 cursor-ew-resize touch-none items-center justify-center focus-visible:outline-none"
      style={{ left: `${split}%` }}
    >
      <span className="h-full w-0.5 bg-white shadow-[0_0_0_1px_rgba(15,23,42,0.4)]" aria-hidden="true" />
      <span
        className="absolute flex h-9 w-9 items-center justify-center rounded-full border-2 border-white bg-blue-600 text-white shadow-lg group-focus-visible:ring-4 group-focus-visible:ring-blue-300"
        aria-hidden="true"
      >
        <SplitSquareHorizontal className="h-4 w-4" />
      </span>
    </div>
  );
}
