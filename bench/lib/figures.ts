// The published claims file: pages quote these figures, never their own numbers.
import fs from 'node:fs/promises';
import path from 'node:path';

export type PresetId = 'high' | 'web' | 'maximum';

export interface BenchmarkFigures {
  generatedAt: string;
  corpus: { photos: number; png: number };
  presets: Record<PresetId, { quality: number; medianReductionPercent: number; medianSsim: number }>;
  /** Web preset, all images. */
  medianReductionPercent: number;
  /** Median SSIM at the web preset × 100, one decimal. */
  qualityRetainedPercent: number;
}

export const FIGURES_PATH = 'src/client/content/generated/benchmark-figures.json';

export async function writeFigures(repoRoot: string, figures: BenchmarkFigures): Promise<string> {
  const file = path.join(repoRoot, FIGURES_PATH);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(figures, null, 2)}\n`);
  return file;
}
