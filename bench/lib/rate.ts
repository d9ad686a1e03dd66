// Rate-quality helpers for the codec sections: quantiles, equal-quality interpolation, formatting.

/** Linear-interpolated quantile (q in 0..1), ignoring non-finite values. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export const medianOf = (values: readonly number[]) => quantile(values, 0.5);

export interface RatePoint {
  bytes: number;
  /** A distance (butteraugli: lower is better) or a similarity (SSIM: higher is better). */
  score: number;
}

/**
 * The bytes a reference encoder would need to reach `score`, interpolated in log-size between
 * the two of its points (in the order of its quality settings) that bracket the score. Undefined
 * when the score lies outside the reference's range: extrapolating would invent data.
 */
export function bytesAtScore(curve: readonly RatePoint[], score: number): number | undefined {
  for (let i = 0; i + 1 < curve.length; i++) {
    const a = curve[i]!;
    const b = curve[i + 1]!;
    const lo = Math.min(a.score, b.score);
    const hi = Math.max(a.score, b.score);
    if (score < lo || score > hi) continue;
    if (hi === lo) return Math.min(a.bytes, b.bytes);
    const t = (score - a.score) / (b.score - a.score);
    return Math.exp(Math.log(a.bytes) + t * (Math.log(b.bytes) - Math.log(a.bytes)));
  }
  return undefined;
}

export function roundTo(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function fmt(value: number | undefined, digits = 3): string {
  return value === undefined || !Number.isFinite(value) ? '–' : value.toFixed(digits);
}
