// Percentiles and latency summaries (nearest-rank, so p99 of 100 samples is the 99th value, never interpolated).
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export function summarize(values: readonly number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
    mean: sorted.length ? sum / sorted.length : NaN,
  };
}

export const median = (values: readonly number[]): number => percentile([...values].sort((a, b) => a - b), 50);

/** Milliseconds with a precision that suits their size. */
export function ms(v: number): string {
  if (!Number.isFinite(v)) return 'n/a';
  if (v >= 100) return `${Math.round(v)} ms`;
  if (v >= 10) return `${v.toFixed(1)} ms`;
  return `${v.toFixed(2)} ms`;
}

export const mib = (bytes: number): string => (Number.isFinite(bytes) ? `${(bytes / 1048576).toFixed(1)} MiB` : 'n/a');

export const round = (v: number, digits = 2): number => Number(v.toFixed(digits));
