// Zoom steps for the comparison (spec section 9): factor 1.5, between 0.1 and 5.
export const ZOOM_STEP = 1.5;
export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 5;

/** `max` may be raised above ZOOM_MAX so that 1:1 of a large photo, and a step back from it, stay reachable. */
const clamp = (z: number, max: number) => Math.min(Math.max(ZOOM_MAX, max), Math.max(ZOOM_MIN, z));
export const zoomIn = (z: number, max = ZOOM_MAX) => clamp(z * ZOOM_STEP, max);
export const zoomOut = (z: number, max = ZOOM_MAX) => clamp(z / ZOOM_STEP, max);

/**
 * The zoom is a multiple of "fit" (the whole image in the viewer, as object-contain draws it). What it shows in
 * real pixels: device pixels per image pixel, 1 at 1:1. Null while the viewer or the image size is unknown.
 */
export function devicePixelsPerImagePixel(
  zoom: number,
  viewer: { width: number; height: number } | null,
  image: { width: number | null; height: number | null },
  devicePixelRatio: number,
): number | null {
  if (!viewer || !image.width || !image.height || viewer.width <= 0 || viewer.height <= 0) return null;
  const fit = Math.min(viewer.width / image.width, viewer.height / image.height);
  return zoom * fit * devicePixelRatio;
}

/** Divider keys as a slider: arrows by 1, Page keys by 10, Home and End to the ends. */
export function splitFromKey(key: string, split: number): number | null {
  const step: Record<string, number> = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageDown: -10, PageUp: 10 };
  if (key === 'Home') return 0;
  if (key === 'End') return 100;
  const d = step[key];
  return d === undefined ? null : Math.min(100, Math.max(0, split + d));
}

/** How far an arrow key moves the view over a zoomed image, in CSS pixels; null for other keys. */
export function panFromKey(key: string, fast: boolean): { x: number; y: number } | null {
  const step = fast ? 160 : 40;
  const moves: Record<string, { x: number; y: number }> = {
    ArrowLeft: { x: -step, y: 0 },
    ArrowRight: { x: step, y: 0 },
    ArrowUp: { x: 0, y: -step },
    ArrowDown: { x: 0, y: step },
  };
  return moves[key] ?? null;
}
