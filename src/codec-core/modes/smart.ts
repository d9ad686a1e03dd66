// `smart` mode: per image, the lowest quality of our scale, at most the one asked for, whose SSIMULACRA 2 score
// against the original still reaches the score the asked quality stands for in that format (SMART_TARGETS). Easy
// images (smooth skies, soft focus, photos that were compressed before) go below the asked quality; an image that
// is hard at the asked quality keeps it. Smart mode never spends more bytes than quality mode would: users pick it
// to save, and a photo that needs more than they asked for is theirs to raise. docs/decisions/0282-smart-mode.md.
//
// Each probe of the search encodes and decodes a "proxy" of the image and scores it: the image itself when it is at
// most SMART_SCORED_PIXELS, else a mosaic of tiles sampled evenly across it, so a 12-megapixel AVIF costs about one
// megapixel per probe. Then the image is encoded once, whole, at the chosen quality.
import type { ImageFormat } from '#contract/settings';
import type { Pixels } from '#codec-core/engine';
import { ssimulacra2 } from '#codec-core/metrics/ssimulacra2';
import { proxyOf } from '#codec-core/pixels';
import { lowestReaching } from './lowest-reaching';
import { likeliestFirst, smallestOf, type Job, type Strategy } from './strategy';

type ScoreTable = readonly (readonly [quality: number, score: number])[];

/**
 * The SSIMULACRA 2 score each point of our scale stands for, per format: what fixed quality reaches there on the
 * harder quarter of photographs (the 25th percentile over the corpus's distinct JPEG photos, each scored on the
 * sample smart mode scores): the calibration table of `npm run bench -- smart` (2026-11-24, bench/BASELINE.md,
 * "Smart mode"), interpolated between the points. The formats differ: at the same point of our scale (calibrated to equal
 * butteraugli across formats) SSIMULACRA 2 rates WebP's smoothing 5-10 points below JPEG's blocking. PNG's
 * palette scale was not measured; it uses JPEG's table.
 */
const JPEG_TARGETS: ScoreTable = [[30, 41.1], [40, 53.2], [50, 60.0], [60, 64.9], [72, 73.2], [80, 79.0], [88, 84.6], [96, 91.1]];
export const SMART_TARGETS: Record<ImageFormat, ScoreTable> = {
  jpeg: JPEG_TARGETS,
  png: JPEG_TARGETS,
  webp: [[30, 39.7], [40, 42.9], [50, 46.2], [60, 54.0], [72, 59.9], [80, 68.4], [88, 83.9], [96, 89.1]],
  avif: [[30, 20.4], [40, 36.3], [50, 45.5], [60, 60.5], [72, 70.4], [80, 76.4], [88, 84.6], [96, 92.4]],
  // Not yet measured for JPEG XL: its scale is calibrated to JPEG's butteraugli (formats/jxl.ts), so JPEG's table stands in.
  jxl: JPEG_TARGETS,
};

/** The score `quality` stands for in `format`: the table's, interpolated, and held at its ends. */
export function smartTarget(format: ImageFormat, quality: number): number {
  const points = SMART_TARGETS[format];
  if (quality <= points[0]![0]) return points[0]![1];
  for (let i = 1; i < points.length; i++) {
    const [q1, s1] = points[i]!;
    const [q0, s0] = points[i - 1]!;
    if (quality <= q1) return s0 + ((quality - q0) * (s1 - s0)) / (q1 - q0);
  }
  return points[points.length - 1]![1];
}

/** Pixels the search scores per probe, at most: a larger image is sampled as a mosaic of tiles. */
export const SMART_SCORED_PIXELS = 1 << 20;
/** The lowest quality searched; below 10 no format gives a photograph anyone would publish. */
export const LOWEST = 10;

const rounded = (score: number) => Math.round(score * 10) / 10;

/**
 * Encodes the sample in `format` at `quality` without the format's guard rails (so scores follow the quality
 * searched), decodes it as a browser would, and scores it against the sample.
 */
async function scoreAt(job: Job, format: ImageFormat, sample: Pixels, quality: number): Promise<number> {
  const encoded = await job.engine.encode(job.image, sample, format, { quality, lossless: false, exactQuality: true, size: null });
  return ssimulacra2(sample, await job.engine.decodePixels(job.image, encoded.data));
}

const samples = new WeakMap<Job, Promise<Pixels>>();
const sampleOf = (job: Job) => {
  let sample = samples.get(job);
  if (!sample) samples.set(job, (sample = job.pixels().then((pixels) => proxyOf(pixels, SMART_SCORED_PIXELS))));
  return sample;
};

export const smartStrategy: Strategy = {
  order: likeliestFirst,
  settlesBeforeEncoding: () => null,
  async search(job, format) {
    const sample = await sampleOf(job);
    const target = smartTarget(format, job.quality);
    const chosen = await lowestReaching((q) => scoreAt(job, format, sample, q), target, Math.min(LOWEST, job.quality), job.quality);
    // The whole image at the chosen quality, with the format's guard rails on: PNG's palette floor (0222) still keeps
    // flat colours from shifting, which the metric's mean does not promise.
    const encoded = await job.engine.encode(job.image, 'upload', format, { quality: chosen.quality, lossless: false, exactQuality: false, size: job.image.bounded });
    return { format, encoded, quality: chosen.quality, score: rounded(chosen.score) };
  },
  choose: smallestOf,
  fallback: async () => null,
};
