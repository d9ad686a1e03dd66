// Zoom steps for the comparison (spec section 9): factor 1.5, between 0.1 and 5.
export const ZOOM_STEP = 1.5;
export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 5;

const clamp = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z));
export const zoomIn = (z: number) => clamp(z * ZOOM_STEP);
export const zoomOut = (z: number) => clamp(z / ZOOM_STEP);

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
