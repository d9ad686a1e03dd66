// The comparison's shared view over the image: zoom (Fit is 1, 1:1 in real pixels), pan by drag and by arrow keys.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { devicePixelsPerImagePixel, panFromKey, zoomIn, zoomOut } from './zoom';

export interface Pan {
  x: number;
  y: number;
}

/** `layout` changes whenever the viewer may have been replaced or resized (view mode, full screen). */
export function useViewTransform(image: { width: number | null; height: number | null }, layout: string) {
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState<Pan>({ x: 0, y: 0 });
  const [panning, setPanning] = useState(false);
  const [viewerSize, setViewerSize] = useState<{ width: number; height: number } | null>(null);
  // The viewer whose size turns the zoom into real pixels (the first one side by side: both have the same size).
  const viewerRef = useRef<HTMLDivElement>(null);
  const panStart = useRef<{ px: number; py: number; x: number; y: number } | null>(null);

  useEffect(() => {
    const el = viewerRef.current;
    if (!el) return;
    const measure = () => setViewerSize({ width: el.clientWidth, height: el.clientHeight });
    // Without ResizeObserver (old browsers, jsdom) the size is read once; zoom then reads as a share of Fit if unknown.
    if (typeof ResizeObserver === 'undefined') return measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [layout]);

  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  /** Device pixels per image pixel at this zoom; null while the viewer or the image size is unknown. */
  const realScale = devicePixelsPerImagePixel(zoom, viewerSize, image, dpr);
  /** The zoom that shows one image pixel per device pixel. */
  const oneToOne = realScale === null ? null : zoom / realScale;
  const maxZoom = oneToOne ?? undefined;

  const endPan = () => {
    panStart.current = null;
    setPanning(false);
  };

  return {
    viewerRef,
    zoom,
    pan,
    panning,
    realScale,
    oneToOne,
    transform: { transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})` },
    zoomIn: () => setZoom((z) => zoomIn(z, maxZoom)),
    zoomOut: () => setZoom((z) => zoomOut(z, maxZoom)),
    fit: () => {
      setZoom(1);
      setPan({ x: 0, y: 0 });
    },
    actualPixels: () => {
      if (oneToOne !== null) setZoom(oneToOne);
    },
    panHandlers: {
      // Arrow keys on a zoomed image move the view over it (as scrolling would): 40 px a press, 160 with Shift. */
      onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
        // Keys pressed on the divider inside the split view are its own.
        if (e.target !== e.currentTarget || zoom <= 1) return;
        const delta = panFromKey(e.key, e.shiftKey);
        if (!delta) return;
        e.preventDefault();
        setPan((p) => ({ x: p.x - delta.x, y: p.y - delta.y }));
      },
      onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
        if (e.button !== 0) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        panStart.current = { px: e.clientX, py: e.clientY, x: pan.x, y: pan.y };
        setPanning(true);
      },
      onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
        const s = panStart.current;
        if (s) setPan({ x: s.x + e.clientX - s.px, y: s.y + e.clientY - s.py });
      },
      onPointerUp: endPan,
      onPointerCancel: endPan,
    },
  };
}

export type ViewTransform = ReturnType<typeof useViewTransform>;
