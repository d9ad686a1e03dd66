// Figures the pages may quote cheaply, all measured: the codec benchmark's (npm run bench rewrites them). Nothing
// here is a marketing number: usage figures come from this instance's own database (GET /api/stats), and facts only
// an operator can vouch for (team, founding, uptime, certifications) from its settings (docs/decisions/0550).
import { benchmarkFigures } from './benchmark-figures';

const { presets } = benchmarkFigures;
const range = `${Math.round(presets.high.medianReductionPercent)}-${Math.round(presets.maximum.medianReductionPercent)}%`;

export const COMPANY = {
  /** Median size reduction per preset, High Quality to Maximum Compression, as the benchmark measured it. */
  sizeReduction: range,
  /** Median SSIM of the default preset's results, as a percentage. */
  qualityRetention: `${benchmarkFigures.qualityRetainedPercent}%`,
  savingsClaim: range,
} as const;
