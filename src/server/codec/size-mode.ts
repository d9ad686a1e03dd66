// `size` mode: the largest encoding not above the target size, searched over our quality scale (for PNG, the
// libimagequant quality that sets the number of colours, without the palette floor). See size-search.ts for the
// search and docs/decisions/0280-compression-modes.md for the choices.
//
// Cost, in encodes: none when the upload already fits (it is passed on, metadata per policy); for a fixed format
// 2-7 full-size encodes, typically 3-5 (measured on corpus photos for targets from 1.5 to 120 KB), at most 10; for
// Auto that in the first format tried and mostly 1 in each other (a format is only searched above the best quality
// found so far); a downscale adds 4-5 smaller encodes, at most 8. The time limit allows for it (costs.ts).
import type { FormatDecision } from '#contract/api';
import { autoPlan, uploadCandidate } from './candidates';
import { encodeAs, type Job } from './encode';
import type { EncodedImage } from './encoders';
import type { ImageTraits } from './auto';
import { keepOriginalWith } from './keep-original';
import { scaledBy, type Dimensions } from './resize';
import { encodedResult, flatteningTraits, originalResult } from './results';
import { largestFitting, type Probe } from './size-search';
import type { CompressResult, ImageFacts, ImageFormat } from './types';

export interface SizeRequest {
  /** Bytes the result may take at most. */
  target: number;
  /** Downscale when even the lowest quality is too large. */
  allowResize: boolean;
}

/**
 * The quality a downscale is searched at. Reached only when quality 1 at full size does not fit; fewer pixels at a
 * quality that still looks like a photograph beat more pixels at quality 1 (blocks and smears), so the downscale
 * does not go all the way down the scale first.
 */
export const RESIZE_QUALITY = 50;
/** A downscale never goes below this long side. */
export const MIN_LONG_SIDE = 16;
/** Most encodes one quality search, and one downscale search, may spend. */
const MAX_QUALITY_PROBES = 10;
const MAX_SCALE_PROBES = 8;
/**
 * Change of log(bytes) per step of our quality scale, assumed until two encodes measure it: about what JPEG, WebP
 * and AVIF show between 50 and 90 on the corpus photos (bytes about double over 25 steps).
 */
const QUALITY_SLOPE = 0.03;

interface Candidate {
  format: ImageFormat;
  quality: number;
  encoded: EncodedImage;
}

const bytesOf = (c: Candidate) => c.encoded.data.length;

/** The highest quality in [lo, 100] of `format` that fits, and the smallest encoding made on the way. */
async function searchQuality(job: Job, format: ImageFormat, target: number, lo: number, start: number) {
  const encode = async (quality: number) => {
    const encoded = await encodeAs(job, format, { quality, exactQuality: true, size: job.bounded });
    return { bytes: encoded.data.length, result: { format, quality, encoded } };
  };
  return largestFitting<Candidate>(encode, { lo, hi: 100, target, start, model: 'linear', slope: QUALITY_SLOPE, maxProbes: MAX_QUALITY_PROBES });
}

/**
 * Bytes against the long side of a downscale, on log scales: less than the area's 2 (fixed headers and tables, and
 * smaller images carry more detail per pixel): 1.4-1.8 on the corpus photos between full size and a tenth of it.
 */
const SIDE_SLOPE = 1.5;

/**
 * The least downscale whose encoding at RESIZE_QUALITY fits, searched on the long side, to within 3% of a long side
 * that did not fit. The first guess scales the smallest full-size encode, brought to RESIZE_QUALITY by the quality
 * slope, by the size ratio.
 */
async function searchDownscale(job: Job, format: ImageFormat, target: number, reference: Candidate) {
  const base: Dimensions = job.bounded ?? job.upright;
  const long = Math.max(base.width, base.height);
  const encode = async (side: number) => {
    const encoded = await encodeAs(job, format, { quality: RESIZE_QUALITY, exactQuality: true, size: scaledBy(base, side / long) });
    return { bytes: encoded.data.length, result: { format, quality: RESIZE_QUALITY, encoded } };
  };
  const fullSize = bytesOf(reference) * Math.exp(QUALITY_SLOPE * (RESIZE_QUALITY - reference.quality));
  return largestFitting<Candidate>(encode, {
    lo: Math.min(MIN_LONG_SIDE, long - 1),
    hi: long - 1,
    target,
    start: Math.floor(long * (target / fullSize) ** (1 / SIDE_SLOPE)),
    model: 'log',
    slope: SIDE_SLOPE,
    maxProbes: MAX_SCALE_PROBES,
    closeEnough: (fitting, failing) => fitting >= failing * 0.97,
  });
}

const smaller = (a: Probe<Candidate> | null, b: Probe<Candidate> | null) => (!a || (b && b.bytes < a.bytes) ? b : a);

function resultOf(job: Job, inputFacts: ImageFacts, c: Candidate, traits: ImageTraits | null, decision: FormatDecision | null, targetMet: boolean) {
  return encodedResult(job, inputFacts, c.format, c.encoded, traits, { decision, chosenQuality: c.quality, targetMet });
}

/** A fixed format. The upload, when it fits already (and is this format at this size), is passed on without a loss. */
export async function compressToSize(job: Job, inputFacts: ImageFacts, format: ImageFormat, request: SizeRequest): Promise<CompressResult> {
  const { target } = request;
  const kept = format === job.inputFormat && !job.bounded ? keepOriginalWith(job.input, job.inputFormat, job.meta, job.policy) : null;
  if (kept && kept.length <= target) return originalResult(inputFacts, kept, { decision: null, targetMet: true });
  const traits = await flatteningTraits(job, format);

  const search = await searchQuality(job, format, target, 1, job.quality);
  if (search.best) return resultOf(job, inputFacts, search.best.result, traits, null, true);
  let smallest = search.smallest!;
  if (request.allowResize) {
    const down = await searchDownscale(job, format, target, smallest.result);
    if (down.best) return resultOf(job, inputFacts, down.best.result, traits, null, true);
    smallest = smaller(smallest, down.smallest)!;
  }
  // Nothing fits: the smallest file made, unless the upload itself is smaller still (never larger than the upload).
  if (kept && kept.length <= smallest.bytes) return originalResult(inputFacts, kept, { decision: null, targetMet: false });
  return resultOf(job, inputFacts, smallest.result, traits, null, false);
}

/**
 * Formats tried in this order: the one expected to reach the highest quality within a size first, so the others,
 * searched only above the quality it reached, mostly cost one encode each.
 */
const EFFICIENCY_ORDER: readonly ImageFormat[] = ['avif', 'webp', 'jpeg', 'png'];

/**
 * Auto: among the candidate formats, the encoding that fits at the highest quality of our scale, which is
 * calibrated to the same visual quality in every format (ties: the smaller file). The largest file that fits is not
 * the best one across formats: a JPEG at 60 can be larger than an AVIF at 90. The upload, when the viewer can show
 * it and it fits, beats every encoding (it has no generation loss). Nothing fits: downscale in the format whose
 * smallest encoding was smallest when allowed, else the smallest file made.
 */
export async function compressAutoToSize(job: Job, inputFacts: ImageFacts, allowed: readonly ImageFormat[], request: SizeRequest): Promise<CompressResult> {
  const { target } = request;
  const { plan, traits } = await autoPlan(job, allowed);
  const decision: FormatDecision = { winner: job.inputFormat, keptOriginal: false, candidates: [], skipped: [...plan.skipped] };
  const kept = uploadCandidate(job, allowed, decision);
  const keptOutcome = (targetMet: boolean) => ({ decision: { ...decision, winner: job.inputFormat, keptOriginal: true }, targetMet });
  if (kept && kept.length <= target) return originalResult(inputFacts, kept, keptOutcome(true));

  let best: Candidate | null = null;
  let smallest: Probe<Candidate> | null = null;
  for (const format of EFFICIENCY_ORDER.filter((f) => plan.formats.includes(f))) {
    const lo = best ? best.quality + 1 : 1;
    if (lo > 100) {
      decision.skipped.push({ format, reason: `${best!.format.toUpperCase()} already fits at the highest quality` });
      continue;
    }
    const search = await searchQuality(job, format, target, lo, best ? lo : job.quality);
    const outcome = search.best ?? search.smallest!;
    decision.candidates.push({ format, bytes: outcome.bytes });
    if (search.best) best = search.best.result;
    smallest = smaller(smallest, search.smallest);
  }
  const won = (c: Candidate, targetMet: boolean) => resultOf(job, inputFacts, c, traits, { ...decision, winner: c.format }, targetMet);
  if (best) return won(best, true);
  if (request.allowResize && smallest) {
    const down = await searchDownscale(job, smallest.result.format, target, smallest.result);
    if (down.best) return won(down.best.result, true);
    smallest = smaller(smallest, down.smallest);
  }
  if (kept && (!smallest || kept.length <= smallest.bytes)) return originalResult(inputFacts, kept, keptOutcome(false));
  if (!smallest) throw new Error('auto: no candidate format'); // planAutoCandidates always leaves one
  return won(smallest.result, false);
}
