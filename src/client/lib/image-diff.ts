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
  if (a.length !== b.length || out.length !== a.length) throw new Error('Images must have the same size');
  let count = 0;
  for (let i = 0; i + 3 < a.length; i += 4) {
    const hit = differs(a, b, i, threshold);
    if (hit) count++;
    out[i] = 255;
    out[i + 1] = 0;
    out[i + 2] = 0;
    out[i + 3] = hit ? 200 : 0;
  }
  return count;
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
