// Figures measured by the codec benchmark (npm run bench rewrites the JSON). Pages quote these, never their own numbers.
import figures from './generated/benchmark-figures.json';

export type BenchmarkPresetId = 'high' | 'web' | 'maximum';

export interface BenchmarkPresetFigures {
  quality: number;
  medianReductionPercent: number;
  medianSsim: number;
}

/** Our bytes divided by a reference encoder's at equal butteraugli: median and quartiles over n photos or PNGs. */
export interface ReferenceRatio {
  median: number;
  q1: number;
  q3: number;
  n: number;
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
  /** Against the reference encoders at equal perceptual quality (absent in figures older than this field). */
  equalQuality?: {
    jpegVsCjpeg: Record<BenchmarkPresetId, ReferenceRatio>;
    webpVsCjpeg: ReferenceRatio;
    avifVsCjpeg: ReferenceRatio;
    pngVsPngquant: ReferenceRatio;
    pngLosslessVsOptipng: ReferenceRatio;
  };
}

/** "13% smaller" for a ratio of 0.87; "4% larger" for 1.04. */
export function ratioText(ratio: number): string {
  const percent = Math.round(Math.abs(1 - ratio) * 100);
  if (percent === 0) return 'the same size as';
  return ratio < 1 ? `${percent}% smaller than` : `${percent}% larger than`;
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
