// The published claims file: pages quote these figures, never their own numbers.
import fs from 'node:fs/promises';
import path from 'node:path';

export type PresetId = 'high' | 'web' | 'maximum';

/** Our bytes divided by a reference encoder's at equal butteraugli: median and quartiles over n images. */
export interface ReferenceRatio {
  median: number;
  q1: number;
  q3: number;
  n: number;
}

export interface BenchmarkFigures {
  generatedAt: string;
  corpus: { photos: number; png: number };
  presets: Record<PresetId, { quality: number; medianReductionPercent: number; medianSsim: number }>;
  /** Web preset, all images. */
  medianReductionPercent: number;
  /** Median SSIM at the web preset × 100, one decimal. */
  qualityRetainedPercent: number;
  /** At equal butteraugli against the reference tools (see bench/sections/codec-efficiency.ts). */
  equalQuality?: {
    jpegVsCjpeg: Record<PresetId, ReferenceRatio>;
    /** Web preset. */
    webpVsCjpeg: ReferenceRatio;
    avifVsCjpeg: ReferenceRatio;
    pngVsPngquant: ReferenceRatio;
    pngLosslessVsOptipng: ReferenceRatio;
  };
}

export const FIGURES_PATH = 'src/client/content/generated/benchmark-figures.json';

export async function writeFigures(repoRoot: string, figures: BenchmarkFigures): Promise<string> {
  const file = path.join(repoRoot, FIGURES_PATH);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(figures, null, 2)}\n`);
  return file;
}
