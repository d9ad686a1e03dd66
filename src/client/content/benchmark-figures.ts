// Figures measured by the codec benchmark (npm run bench rewrites the JSON). Pages quote these, never their own numbers.
import figures from './generated/benchmark-figures.json';

export type BenchmarkPresetId = 'high' | 'web' | 'maximum';

export interface BenchmarkPresetFigures {
  quality: number;
  medianReductionPercent: number;
  medianSsim: number;
}

export interface BenchmarkFigures {
  /** ISO timestamp of the run that produced the figures. */
  generatedAt: string;
  /** Set only on placeholder figures written before the first benchmark run. */
  provisional?: boolean;
  corpus: { photos: number; png: number };
  presets: Record<BenchmarkPresetId, BenchmarkPresetFigures>;
  medianReductionPercent: number;
  qualityRetainedPercent: number;
}

export const benchmarkFigures: BenchmarkFigures = figures;

export const BENCHMARK_PRESET_LABELS: Record<BenchmarkPresetId, string> = {
  high: 'High Quality',
  web: 'Web Optimized',
  maximum: 'Maximum Compression',
};

/** "21 Nov 2026" for a real run, null for provisional figures (which have no date). */
export function benchmarkDate(f: BenchmarkFigures = benchmarkFigures): string | null {
  if (f.provisional) return null;
  const d = new Date(f.generatedAt);
  if (Number.isNaN(d.getTime())) return null;
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}
