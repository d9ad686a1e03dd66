// The live estimate's strategies, one per mode, all run on the estimate's sample (a quarter megapixel) so that every
// mode answers while the slider moves: the sample's encoded size scaled up to the whole image stands for the
// result's. Quality and lossless: one encode per candidate. Smart: its search for the lowest quality still reaching
// the asked quality's score, scored on the sample (the real run scores a larger one, so the quality may differ by a
// step or two). Size: the highest quality whose scaled-up size fits the target; a downscale is not estimated (the
// answer says the target is not met at full size). docs/decisions/0431-estimate-every-mode.md.
import type { ImageFormat } from '#contract/settings';
import type { Pixels } from './engine';
import { ssimulacra2 } from './metrics/ssimulacra2';
import { largestFitting } from './modes/largest-fitting';
import { lowestReaching } from './modes/lowest-reaching';
import { LOWEST, smartTarget } from './modes/smart';
import { smallestOf, type Found, type Job, type Strategy } from './modes/strategy';

/** Most encodes a size search may spend on the sample per format. */
const SIZE_PROBES = 8;
/** As size mode assumes until two encodes measure it: log(bytes) per step of our quality scale. */
const QUALITY_SLOPE = 0.03;

type Sampled = (job: Job, format: ImageFormat) => Promise<Found>;

function strategyOf(search: Sampled, choose: Strategy['choose'] = smallestOf): Strategy {
  return {
    order: (formats) => [...formats],
    settlesBeforeEncoding: () => null,
    search: (job, format) => search(job, format),
    choose,
    fallback: async () => null,
  };
}

/** The sample encoded at `quality` (lossless when null), as a candidate standing for the whole image. */
async function sampled(job: Job, sample: Pixels, scale: number, format: ImageFormat, quality: number | null): Promise<Found> {
  const data = await job.engine.encodePixels(job.image, sample, format, quality ?? 100, false, quality === null);
  return { format, encoded: { data, width: sample.width, height: sample.height }, quality, estimatedBytes: Math.round(data.length * scale) };
}

/** Quality mode at the asked quality, or lossless. */
export function sampledFixed(sample: Pixels, scale: number, lossless: boolean): Strategy {
  return strategyOf((job, format) => sampled(job, sample, scale, format, lossless ? null : job.quality));
}

/** Smart mode: the lowest quality whose score on the sample reaches what the asked quality stands for. */
export function sampledSmart(sample: Pixels, scale: number): Strategy {
  return strategyOf(async (job, format) => {
    const score = async (quality: number) => {
      const encoded = await job.engine.encodePixels(job.image, sample, format, quality, true);
      return ssimulacra2(sample, await job.engine.decodePixels(job.image, encoded));
    };
    const chosen = await lowestReaching(score, smartTarget(format, job.quality), Math.min(LOWEST, job.quality), job.quality);
    return { ...(await sampled(job, sample, scale, format, chosen.quality)), score: Math.round(chosen.score * 10) / 10 };
  });
}

/** Size mode: the highest quality whose scaled-up size is at most the target (`fits`), else the smallest made. */
export function sampledSize(sample: Pixels, scale: number, target: number): Strategy {
  const search: Sampled = async (job, format) => {
    const encode = async (quality: number) => {
      const data = await job.engine.encodePixels(job.image, sample, format, quality, true);
      const bytes = Math.round(data.length * scale);
      return { bytes, result: { format, encoded: { data, width: sample.width, height: sample.height }, quality, estimatedBytes: bytes } };
    };
    const outcome = await largestFitting<Found>(encode, { lo: 1, hi: 100, target, start: job.quality, model: 'linear', slope: QUALITY_SLOPE, maxProbes: SIZE_PROBES });
    const probe = outcome.best ?? outcome.smallest!;
    return { ...probe.result, fits: outcome.best !== null };
  };
  // As size mode chooses: the fitting candidate at the highest quality of our scale; when none fits, the smallest.
  const choose: Strategy['choose'] = (found) => {
    const fitting = found.filter((f) => f.fits);
    if (fitting.length === 0) return smallestOf(found);
    return fitting.reduce((best, f) => (f.quality! > best.quality! ? f : best));
  };
  return strategyOf(search, choose);
}
