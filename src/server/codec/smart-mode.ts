// `smart` mode: per image, the lowest quality of our scale, at most the one asked for, whose SSIMULACRA 2 score
// against the original still reaches the score the asked quality stands for in that format (SMART_TARGETS). Easy
// images (smooth skies, soft focus, photos that were compressed before) go below the asked quality; an image that
// is hard at the asked quality keeps it. Smart mode never spends more bytes than quality mode would: users pick it
// to save, and a photo that needs more than they asked for is theirs to raise. docs/decisions/0282-smart-mode.md.
//
// Each probe of the search encodes and decodes a "proxy" of the image and scores it: the image itself when it is at
// most PROXY_PIXELS, else a mosaic of tiles sampled evenly across it, so a 12-megapixel AVIF costs about one
// megapixel per probe. Then the image is encoded once, whole, at the chosen quality.
import type { FormatDecision } from '#contract/api';
import { autoPlan, keptUpload, uploadCandidate } from './candidates';
import { SMART_SCORED_PIXELS } from './costs';
import { encodeAs, uprightPixels, type Job, type RgbPixels } from './encode';
import { ENCODERS } from './encoders';
import { ssimulacra2 } from './perceptual';
import { encodedResult, flatteningTraits, originalResult } from './results';
import { sharp } from './sharp-setup';
import type { CompressResult, ImageFacts, ImageFormat } from './types';

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
export const PROXY_PIXELS = SMART_SCORED_PIXELS;
/** Side of a mosaic tile: a multiple of every format's block size (JPEG 16, WebP 16, AVIF 64). */
export const TILE = 128;
/** The lowest quality searched; below 10 no format gives a photograph anyone would publish. */
export const LOWEST = 10;
/** Most encodes one search spends (a bisection of 10-100 needs 7). */
export const MAX_PROBES = 8;

/**
 * The pixels the search compares: the image itself, or tiles of it sampled evenly, laid out in a square mosaic of
 * at most `budget` pixels (the live estimate samples with a smaller budget: estimate.ts).
 */
export function proxyOf(image: RgbPixels, budget = PROXY_PIXELS): RgbPixels {
  if (image.width * image.height <= budget) return image;
  const across = Math.floor(image.width / TILE);
  const down = Math.floor(image.height / TILE);
  const available = across * down;
  const wanted = Math.min(available, Math.floor(budget / (TILE * TILE)));
  if (wanted === 0) return image; // a long thin strip: fewer than one tile fits, so it is small enough as it is
  const columns = Math.ceil(Math.sqrt(wanted));
  const rows = Math.ceil(wanted / columns);
  const width = columns * TILE;
  const height = rows * TILE;
  const data = Buffer.alloc(width * height * 3);
  for (let k = 0; k < columns * rows; k++) {
    // Tiles spread evenly over the grid in reading order; a mosaic cell with no tile of its own repeats the last one.
    const index = Math.floor(((Math.min(k, wanted - 1) + 0.5) * available) / wanted);
    const sx = (index % across) * TILE;
    const sy = Math.floor(index / across) * TILE;
    const dx = (k % columns) * TILE;
    const dy = Math.floor(k / columns) * TILE;
    for (let y = 0; y < TILE; y++) {
      const from = ((sy + y) * image.width + sx) * 3;
      image.data.copy(data, ((dy + y) * width + dx) * 3, from, from + TILE * 3);
    }
  }
  return { data, width, height };
}

export interface Probe {
  quality: number;
  score: number;
}

/** Encodes the proxy in `format` at `quality`, decodes it as a browser would, and scores it against the proxy. */
async function scoreAt(job: Job, format: ImageFormat, proxy: RgbPixels, quality: number): Promise<number> {
  const raw = { raw: { width: proxy.width, height: proxy.height, channels: 3 as const } };
  const request = {
    quality,
    exactQuality: true,
    // The proxy is not the upload: no encoder may work from the uploaded bytes instead (PNG's optimiser would).
    source: { input: job.input, format: job.inputFormat, meta: job.meta, resized: true, ownColourSpace: false },
    deadline: job.deadline,
  };
  const encoded = await ENCODERS[format].encode(sharp(proxy.data, raw), request);
  const decoded = await sharp(encoded.data).removeAlpha().raw().toBuffer();
  return ssimulacra2(proxy, { data: decoded, width: proxy.width, height: proxy.height });
}

/** SSIMULACRA 2 points gained per step of our scale, assumed until two probes measure it (about 0.5-1 between 50 and 90). */
const SCORE_SLOPE = 0.7;

/**
 * The lowest quality in [lo, hi] whose score reaches `target`, probing `hi` first: when even that misses, it is the
 * answer (smart mode never goes above the asked quality). Scores rise with quality (not strictly), so each further
 * probe aims at the target along the secant of the last two (the assumed slope at first), rounded up and kept
 * inside the bracket of the highest quality seen to miss and the lowest seen to reach; after two steps in a row that
 * did not halve the bracket it bisects. The answer is always a probe that was measured.
 */
export async function lowestReaching(score: (quality: number) => Promise<number>, target: number, lo: number, hi: number): Promise<Probe> {
  const first = { quality: hi, score: await score(hi) };
  if (first.score < target || hi <= lo) return first;
  const seen: Probe[] = [first];
  let reached = first;
  let missed = lo - 1;
  let slowSteps = 0;
  for (let probes = 1; probes < MAX_PROBES && reached.quality - missed > 1; probes++) {
    const before = reached.quality - missed;
    const [a, b] = seen.slice(-2).reverse() as [Probe, Probe | undefined];
    const slope = b && a.quality !== b.quality ? (a.score - b.score) / (a.quality - b.quality) : SCORE_SLOPE;
    let guess = slope > 0 ? Math.ceil(a.quality + (target - a.score) / slope) : NaN;
    if (!Number.isFinite(guess) || slowSteps >= 2) guess = Math.floor((missed + reached.quality) / 2);
    const next = Math.min(reached.quality - 1, Math.max(missed + 1, guess));
    const probe = { quality: next, score: await score(next) };
    seen.push(probe);
    if (probe.score >= target) reached = probe;
    else missed = probe.quality;
    slowSteps = reached.quality - missed > before / 2 ? slowSteps + 1 : 0;
  }
  return reached;
}

async function searchFormat(job: Job, format: ImageFormat, proxy: RgbPixels): Promise<Probe> {
  return lowestReaching((quality) => scoreAt(job, format, proxy, quality), smartTarget(format, job.quality), Math.min(LOWEST, job.quality), job.quality);
}

/**
 * The whole image at the chosen quality, with the format's guard rails on: PNG's palette floor (0222) still keeps
 * flat colours from shifting, which the metric's mean does not promise. Probes go without them (exactQuality) so
 * their scores follow the quality searched.
 */
async function encodeChosen(job: Job, format: ImageFormat, chosen: Probe) {
  return encodeAs(job, format, { quality: chosen.quality, size: job.bounded });
}

const rounded = (score: number) => Math.round(score * 10) / 10;

/** A fixed format. The upload is passed on instead when it is this format at this size and not larger. */
export async function compressSmart(job: Job, inputFacts: ImageFacts, format: ImageFormat): Promise<CompressResult> {
  const proxy = proxyOf(await uprightPixels(job));
  const chosen = await searchFormat(job, format, proxy);
  const [encoded, traits] = await Promise.all([encodeChosen(job, format, chosen), flatteningTraits(job, format)]);
  if (format === job.inputFormat && encoded.data.length >= job.input.length) {
    const kept = keptUpload(job);
    if (kept && kept.length <= encoded.data.length) return originalResult(inputFacts, kept, { decision: null, targetMet: null });
  }
  return encodedResult(job, inputFacts, format, encoded, traits, {
    decision: null,
    chosenQuality: chosen.quality,
    targetMet: null,
    perceptualScore: rounded(chosen.score),
  });
}

/** Auto: each candidate format searched to its own target for the asked quality; the smallest file wins. */
export async function compressAutoSmart(job: Job, inputFacts: ImageFacts, allowed: readonly ImageFormat[]): Promise<CompressResult> {
  const { plan, traits } = await autoPlan(job, allowed);
  const decision: FormatDecision = { winner: job.inputFormat, keptOriginal: false, candidates: [], skipped: [...plan.skipped] };
  const kept = uploadCandidate(job, allowed, decision);
  const proxy = proxyOf(await uprightPixels(job));
  let best: { format: ImageFormat; chosen: Probe; bytes: number; data: Awaited<ReturnType<typeof encodeChosen>> } | null = null;
  for (const format of plan.formats) {
    const chosen = await searchFormat(job, format, proxy);
    const data = await encodeChosen(job, format, chosen);
    decision.candidates.push({ format, bytes: data.data.length });
    if (!best || data.data.length < best.bytes) best = { format, chosen, bytes: data.data.length, data };
  }
  if (kept && (!best || kept.length <= best.bytes)) {
    return originalResult(inputFacts, kept, { decision: { ...decision, winner: job.inputFormat, keptOriginal: true }, targetMet: null });
  }
  if (!best) throw new Error('auto: no candidate format'); // planAutoCandidates always leaves one
  return encodedResult(job, inputFacts, best.format, best.data, traits, {
    decision: { ...decision, winner: best.format },
    chosenQuality: best.chosen.quality,
    targetMet: null,
    perceptualScore: rounded(best.chosen.score),
  });
}
