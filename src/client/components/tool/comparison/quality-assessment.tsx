// Quality Assessment: before/after comparison of one completed job (split or side by side, zoom, pan, differences).
import { useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { Columns2, Layers, Maximize2, Minimize2, RotateCcw, SplitSquareHorizontal, X, ZoomIn, ZoomOut } from 'lucide-react';
import type { Job } from '../../../../contract/api';
import { MESSAGES } from '../../../../contract/messages';
import { cn } from '../../../lib/cn';
import { formatFileSize, savingPercent } from '../../../lib/format';
import { outputFormatText } from '../../../lib/output-format';
import { DIFF_THRESHOLD, paintOverlay, qualityLevel, QUALITY_LEVEL_CLASSES, QUALITY_LEVEL_LABELS, type DiffColour } from '../../../lib/image-diff';
import { Button } from '../../ui/button';
import { DiffSettings } from './diff-settings';
import { DiffCanvas, Layer } from './image-layers';
import { useDifferences } from './use-differences';
import { devicePixelsPerImagePixel, panFromKey, splitFromKey, zoomIn, zoomOut } from './zoom';

type ViewMode = 'split' | 'side-by-side';
interface Pan {
  x: number;
  y: number;
}

export interface QualityAssessmentProps {
  job: Job | null;
  onClose: () => void;
}

const TYPE_LABELS: Record<string, string> = { high: 'High quality', web: 'Web optimized', standard: 'Custom (standard)', maximum: 'Maximum compression' };

export default function QualityAssessment({ job, onClose }: QualityAssessmentProps) {
  const titleId = useId();
  const [mode, setMode] = useState<ViewMode>('split');
  const [split, setSplit] = useState(50);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState<Pan>({ x: 0, y: 0 });
  const [showDiff, setShowDiff] = useState(false);
  const [threshold, setThreshold] = useState(DIFF_THRESHOLD);
  const [diffColour, setDiffColour] = useState<DiffColour>('red');
  const [viewerSize, setViewerSize] = useState<{ width: number; height: number } | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const dividerRef = useRef<HTMLDivElement>(null);
  const panStart = useRef<{ px: number; py: number; x: number; y: number } | null>(null);
  const [panning, setPanning] = useState(false);

  const available = job !== null && job.status === 'completed' && !!job.compressedPath;
  const originalSrc = job ? `/api/jobs/${encodeURIComponent(job.id)}/original-preview` : '';
  const compressedSrc = available ? job.compressedPath : null;
  const diff = useDifferences(showDiff && available, originalSrc, compressedSrc);
  const painted = useMemo(() => {
    if (diff.status !== 'done') return null;
    const overlay = new ImageData(diff.result.width, diff.result.height);
    return { overlay, count: paintOverlay(diff.result.diffs, overlay.data, threshold, diffColour) };
  }, [diff, threshold, diffColour]);

  // The viewer's size, for zoom in real pixels (the first viewer: both have the same size side by side).
  useEffect(() => {
    const el = viewerRef.current;
    if (!el) return;
    const measure = () => setViewerSize({ width: el.clientWidth, height: el.clientHeight });
    // Without ResizeObserver (old browsers, jsdom) the size is read once; zoom then reads as a share of Fit if unknown.
    if (typeof ResizeObserver === 'undefined') return measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [mode, fullscreen, available]);
  const image = { width: job?.originalWidth ?? null, height: job?.originalHeight ?? null };
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const realScale = devicePixelsPerImagePixel(zoom, viewerSize, image, dpr);
  /** The zoom that shows one image pixel per device pixel. */
  const oneToOne = realScale === null ? null : zoom / realScale;
  const maxZoom = oneToOne ?? undefined;

  // Keyboard users land on the control they came for, not on the page body or the far-away Compare button.
  useEffect(() => {
    (dividerRef.current ?? rootRef.current)?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (!fullscreen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    rootRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setFullscreen(false);
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('keydown', onKey);
    };
  }, [fullscreen]);

  // Keeps Tab inside the full-screen view, which covers (and hides) the rest of the page.
  const trapFocus = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (!fullscreen || e.key !== 'Tab' || !rootRef.current) return;
    const focusables = Array.from(
      rootRef.current.querySelectorAll<HTMLElement>('button:not([disabled]), input:not([disabled]), [tabindex="0"]'),
    );
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && (document.activeElement === first || document.activeElement === rootRef.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const splitFromPointer = useCallback((clientX: number) => {
    const rect = viewerRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    setSplit(Math.round(Math.min(100, Math.max(0, ((clientX - rect.left) / rect.width) * 100))));
  }, []);

  const onDividerPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    splitFromPointer(e.clientX);
  };
  const onDividerPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.currentTarget.hasPointerCapture(e.pointerId)) splitFromPointer(e.clientX);
  };

  const onPanPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    panStart.current = { px: e.clientX, py: e.clientY, x: pan.x, y: pan.y };
    setPanning(true);
  };
  const onPanPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const s = panStart.current;
    if (s) setPan({ x: s.x + e.clientX - s.px, y: s.y + e.clientY - s.py });
  };
  const endPan = () => {
    panStart.current = null;
    setPanning(false);
  };

  /** Arrow keys on a zoomed image move the view over it (as scrolling would): 40 px a press, 160 with Shift. */
  const onViewerKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    // Keys pressed on the divider inside the split view are its own.
    if (e.target !== e.currentTarget || zoom <= 1) return;
    const delta = panFromKey(e.key, e.shiftKey);
    if (!delta) return;
    e.preventDefault();
    setPan((p) => ({ x: p.x - delta.x, y: p.y - delta.y }));
  };

  const fitView = () => {
    setZoom(1);
    setPan({ x: 0, y: 0 });
  };
  const actualPixels = () => {
    if (oneToOne !== null) setZoom(oneToOne);
  };

  if (!available) {
    return (
      <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="quality-assessment">
        <div className="flex items-center justify-between gap-2">
          <h2 id={titleId} className="text-lg font-semibold">
            Quality Assessment
          </h2>
          <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close comparison">
            <X className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
        <p className="mt-3 text-sm text-slate-700" data-testid="comparison-unavailable">
          {MESSAGES.comparisonUnavailable}
        </p>
      </section>
    );
  }

  const transform: CSSProperties = { transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})` };
  const saved = Math.max(0, job.originalSize - (job.compressedSize ?? job.originalSize));
  const level = qualityLevel(job.compressionQuality);
  const aspect =
    !fullscreen && job.originalWidth && job.originalHeight ? { aspectRatio: `${job.originalWidth} / ${job.originalHeight}` } : undefined;
  const diffOverlay = painted && showDiff ? painted.overlay : null;
  const viewerClasses = cn(
    'relative w-full overflow-hidden rounded-lg bg-[repeating-conic-gradient(#e2e8f0_0_25%,#f8fafc_0_50%)] bg-[length:20px_20px]',
    panning ? 'cursor-grabbing' : 'cursor-grab',
    fullscreen ? 'min-h-0 flex-1' : 'max-h-[70vh] min-h-[160px]',
  );
  const panHandlers = {
    role: 'group',
    tabIndex: 0,
    'aria-label': zoom > 1 ? 'Zoomed image: arrow keys move the view' : 'Image comparison',
    onKeyDown: onViewerKeyDown,
    onPointerDown: onPanPointerDown,
    onPointerMove: onPanPointerMove,
    onPointerUp: endPan,
    onPointerCancel: endPan,
    style: { ...aspect, touchAction: zoom > 1 ? 'none' : 'pan-y' } as CSSProperties,
  };

  const metrics: Array<[string, ReactNode]> = [
    ['Size reduction', <span className="text-green-700">{savingPercent(job.originalSize, job.compressedSize)}%</span>],
    ['Space saved', formatFileSize(saved)],
    [
      'Quality level',
      <span className={QUALITY_LEVEL_CLASSES[level]}>
        {job.compressionQuality}% ({QUALITY_LEVEL_LABELS[level]})
      </span>,
    ],
    ['Compression type', TYPE_LABELS[job.compressionType] ?? job.compressionType],
    // The browser decodes each side itself (WebP and AVIF included), so the comparison shows what visitors will see.
    ['Format', outputFormatText(job)],
  ];

  return (
    <div
      ref={rootRef}
      role={fullscreen ? 'dialog' : 'region'}
      aria-modal={fullscreen || undefined}
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={trapFocus}
      data-testid="quality-assessment"
      data-fullscreen={fullscreen || undefined}
      className={cn(
        'flex flex-col gap-4 bg-white focus:outline-none',
        fullscreen ? 'fixed inset-0 z-50 overflow-auto p-3 sm:p-6' : 'rounded-xl border border-slate-200 p-4 shadow-sm sm:p-5',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            Quality Assessment
          </h2>
          <p className="truncate text-sm text-slate-600" title={job.filename}>
            {job.filename}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <div role="group" aria-label="View mode" className="flex rounded-md border border-slate-300 p-0.5">
            <Button variant="ghost" size="sm" aria-pressed={mode === 'split'} onClick={() => setMode('split')} className={cn('h-7', mode === 'split' && 'bg-slate-100')}>
              <SplitSquareHorizontal className="h-4 w-4" aria-hidden="true" />
              Split
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-pressed={mode === 'side-by-side'}
              onClick={() => setMode('side-by-side')}
              className={cn('h-7', mode === 'side-by-side' && 'bg-slate-100')}
            >
              <Columns2 className="h-4 w-4" aria-hidden="true" />
              Side by side
            </Button>
          </div>
          <Button variant="secondary" size="sm" onClick={() => setFullscreen((f) => !f)}>
            {fullscreen ? <Minimize2 className="h-4 w-4" aria-hidden="true" /> : <Maximize2 className="h-4 w-4" aria-hidden="true" />}
            {fullscreen ? 'Exit full screen' : 'Full screen'}
          </Button>
          <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close comparison">
            <X className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
        {metrics.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-2.5">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="mt-0.5 font-semibold text-slate-900" data-testid={`metric-${label.toLowerCase().replace(/\W+/g, '-')}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Zoom and differences">
        <Button variant="secondary" size="sm" onClick={() => setZoom((z) => zoomOut(z, maxZoom))} aria-label="Zoom out">
          <ZoomOut className="h-4 w-4" aria-hidden="true" />
        </Button>
        {/* Real pixels: 100% is one image pixel per screen pixel, whatever the viewer's size. */}
        <span
          className="w-16 text-center text-sm font-medium tabular-nums text-slate-800"
          data-testid="zoom-level"
          aria-live="polite"
          title="Image pixels shown per screen pixel"
        >
          {realScale === null ? `${Math.round(zoom * 100)}% of fit` : `${Math.round(realScale * 100)}%`}
        </span>
        <Button variant="secondary" size="sm" onClick={() => setZoom((z) => zoomIn(z, maxZoom))} aria-label="Zoom in">
          <ZoomIn className="h-4 w-4" aria-hidden="true" />
        </Button>
        <Button variant="secondary" size="sm" onClick={fitView} aria-pressed={zoom === 1} aria-label="Fit to view">
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          Fit
        </Button>
        <Button variant="secondary" size="sm" onClick={actualPixels} disabled={oneToOne === null} aria-pressed={oneToOne !== null && zoom === oneToOne} aria-label="Actual pixels (1:1)">
          1:1
        </Button>
        <Button variant={showDiff ? 'primary' : 'secondary'} size="sm" aria-pressed={showDiff} onClick={() => setShowDiff((s) => !s)}>
          <Layers className="h-4 w-4" aria-hidden="true" />
          {showDiff ? 'Hide differences' : 'Show differences'}
        </Button>
        {showDiff && (
          <span className="text-sm text-slate-700" data-testid="diff-count" aria-live="polite">
            {diff.status === 'loading' && 'Analysing pixels...'}
            {diff.status === 'error' && 'Could not compare the images'}
            {diff.status === 'done' &&
              painted &&
              `${painted.count.toLocaleString()} pixels differ (${((painted.count / (diff.result.width * diff.result.height)) * 100).toFixed(2)}% of ${diff.result.width} × ${diff.result.height})`}
          </span>
        )}
        {showDiff && <DiffSettings threshold={threshold} onThreshold={setThreshold} colour={diffColour} onColour={setDiffColour} />}
      </div>

      {mode === 'split' ? (
        <div ref={viewerRef} className={viewerClasses} data-testid="split-view" {...panHandlers}>
          <Layer src={originalSrc} alt={`Original ${job.filename}`} transform={transform} />
          <div className="absolute inset-0" style={{ clipPath: `inset(0 0 0 ${split}%)` }} data-testid="compressed-layer">
            <Layer src={job.compressedPath!} alt={`Compressed ${job.filename}`} transform={transform} />
          </div>
          {diffOverlay && (
            <div className="pointer-events-none absolute inset-0 origin-center" style={transform}>
              <DiffCanvas overlay={diffOverlay} />
            </div>
          )}
          <span className="pointer-events-none absolute left-2 top-2 rounded bg-slate-900/75 px-2 py-0.5 text-xs font-medium text-white">Original</span>
          <span className="pointer-events-none absolute right-2 top-2 rounded bg-slate-900/75 px-2 py-0.5 text-xs font-medium text-white">Compressed</span>
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
              setSplit(next);
            }}
            ref={dividerRef}
            onPointerDown={onDividerPointerDown}
            onPointerMove={onDividerPointerMove}
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
        </div>
      ) : (
        <div className={cn('grid gap-3 sm:grid-cols-2', fullscreen && 'min-h-0 flex-1')} data-testid="side-by-side-view">
          {(
            [
              ['Original', originalSrc, null],
              ['Compressed', job.compressedPath!, diffOverlay],
            ] as const
          ).map(([label, src, overlay], i) => (
            <figure key={label} className="flex min-h-0 flex-col gap-1">
              <figcaption className="text-sm font-medium text-slate-800">{label}</figcaption>
              <div ref={i === 0 ? viewerRef : undefined} className={viewerClasses} {...panHandlers}>
                <Layer src={src} alt={`${label} ${job.filename}`} transform={transform}>
                  {overlay && <DiffCanvas overlay={overlay} />}
                </Layer>
              </div>
            </figure>
          ))}
        </div>
      )}

      {mode === 'split' && (
        <div className="flex items-center gap-3">
          <label htmlFor={`${titleId}-split`} className="shrink-0 text-sm font-medium text-slate-800">
            Split position
          </label>
          <input
            id={`${titleId}-split`}
            type="range"
            min={0}
            max={100}
            step={1}
            value={split}
            onChange={(e) => setSplit(Number(e.target.value))}
            className="w-full accent-blue-600"
            data-testid="split-slider"
          />
          <span className="w-12 text-right text-sm tabular-nums text-slate-700">{split}%</span>
        </div>
      )}
      <p className="text-xs text-slate-600">
        Drag the image to pan (zoomed in, the arrow keys on the image do too). Drag the divider or use the arrow keys on it to compare.
      </p>
    </div>
  );
}
