// Pixel difference between an original and its compressed version, for the comparison's differences overlay.

/** A pixel differs when the mean of its absolute R, G and B differences exceeds this (spec section 9). */
export const DIFF_THRESHOLD = 10;

/** Whether pixel i (index of its first byte) differs; alpha is ignored because the compressor keeps it. */
const differs = (a: ArrayLike<number>, b: ArrayLike<number>, i: number, threshold: number): boolean =>
  (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!)) / 3 > threshold;

/** Counts pixels of two same-sized RGBA buffers whose average channel difference exceeds the threshold. */
export function countDifferentPixels(a: ArrayLike<number>, b: ArrayLike<number>, threshold = DIFF_THRESHOLD): number {
  if (a.length !== b.length) throw new Error('Images must have the same size');
  let count = 0;
  for (let i = 0; i + 3 < a.length; i += 4) if (differs(a, b, i, threshold)) count++;
  return count;
}

/** Colours the differences overlay can be drawn in: red by default, cyan and black for images that are red themselves. */
export const DIFF_COLOURS = {
  red: [255, 0, 0],
  cyan: [0, 229, 255],
  black: [0, 0, 0],
} as const satisfies Record<string, readonly [number, number, number]>;
export type DiffColour = keyof typeof DIFF_COLOURS;

/**
 * Each pixel's mean absolute R, G and B difference (0-255), computed once per comparison so that changing the
 * threshold or the colour only repaints (alpha is ignored because the compressor keeps it).
 */
export function pixelDifferences(a: ArrayLike<number>, b: ArrayLike<number>): Uint8Array {
  if (a.length !== b.length) throw new Error('Images must have the same size');
  const diffs = new Uint8Array(Math.floor(a.length / 4));
  for (let p = 0, i = 0; p < diffs.length; p++, i += 4) {
    // Rounded up, "exceeds the threshold" stays exact for whole thresholds: mean > t iff ceil(mean) > t.
    diffs[p] = Math.ceil((Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!)) / 3);
  }
  return diffs;
}

/** Paints pixels whose difference exceeds `threshold` into `out` (RGBA) in `colour`, the rest transparent; returns how many. */
export function paintOverlay(diffs: Uint8Array, out: { [i: number]: number; length: number }, threshold = DIFF_THRESHOLD, colour: DiffColour = 'red'): number {
  if (out.length !== diffs.length * 4) throw new Error('Images must have the same size');
  const [r, g, b] = DIFF_COLOURS[colour];
  let count = 0;
  for (let p = 0, i = 0; p < diffs.length; p++, i += 4) {
    const hit = diffs[p]! > threshold;
    if (hit) count++;
    out[i] = r;
    out[i + 1] = g;
    out[i + 2] = b;
    out[i + 3] = hit ? 200 : 0;
  }
  return count;
}

/**
 * Paints differing pixels into `out` (RGBA, same size) as opaque red, everything else transparent,
 * and returns how many differ, so the overlay and the count come from one pass.
 */
export function paintDifferences(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  out: { [i: number]: number; length: number },
  threshold = DIFF_THRESHOLD,
): number {
  if (out.length !== a.length) throw new Error('Images must have the same size');
  return paintOverlay(pixelDifferences(a, b), out, threshold);
}

export type QualityLevel = 'high' | 'medium' | 'low';

/** Quality colour band: >= 85 green, >= 70 yellow, else red. */
export const qualityLevel = (quality: number): QualityLevel => (quality >= 85 ? 'high' : quality >= 70 ? 'medium' : 'low');

export const QUALITY_LEVEL_CLASSES: Record<QualityLevel, string> = {
  high: 'text-green-700',
  medium: 'text-yellow-700',
  low: 'text-red-700',
};

export const QUALITY_LEVEL_LABELS: Record<QualityLevel, string> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};
