// `size` mode: the largest encoding not above the target size, searched over our quality scale (for PNG, the
// libimagequant quality that sets the number of colours, without the palette floor). See largest-fitting.ts for the
// search and docs/decisions/0280-compression-modes.md for the choices.
//
// Cost, in encodes: none when the upload already fits (it is passed on, metadata per policy); for a fixed format
// 2-7 full-size encodes, typically 3-5 (measured on corpus photos for targets from 1.5 to 120 KB), at most 10; for
// Auto that in the first format tried and mostly 1 in each other (a format is only searched above the best quality
// found so far); a downscale adds 4-5 smaller encodes, at most 8. The server's time limit allows for it (costs.ts).
//
// Auto: among the candidate formats, the encoding that fits at the highest quality of our scale, which is
// calibrated to the same visual quality in every format. The largest file that fits is not the best one across
// formats: a JPEG at 60 can be larger than an AVIF at 90. Nothing fits: downscale in the format whose smallest
// encoding was smallest when allowed, else the smallest file made.
import { FORMAT_LABELS, type ImageFormat } from '#contract/settings';
import { scaledBy } from '#codec-core/geometry';
import { largestFitting, type Probe } from './largest-fitting';
import { sizeOf, type CodecSettings } from '#codec-core/engine';
import { bytesOf, likeliestFirst, type Found, type Job, type Strategy } from './strategy';

/**
 * Size mode's verdict on a result of `bytes`: at most the target (the contract's `targetMet`), whatever made it: an
 * encoding, a downscale, or the upload handed back. Null in the modes that have no target.
 */
export function meetsTarget(settings: Pick<CodecSettings, 'mode' | 'targetSize'>, bytes: number): boolean | null {
  return settings.mode === 'size' ? bytes <= (settings.targetSize ?? Infinity) : null;
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
/**
 * Bytes against the long side of a downscale, on log scales: less than the area's 2 (fixed headers and tables, and
 * smaller images carry more detail per pixel): 1.4-1.8 on the corpus photos between full size and a tenth of it.
 */
const SIDE_SLOPE = 1.5;


function targetOf(job: Job): number {
  const target = job.image.settings.targetSize;
  if (!target || !(target > 0)) throw new RangeError('size mode needs a positive targetSize');
  return target;
}

const toFound = (probe: Probe<Found>, fits: boolean): Found => ({ ...probe.result, fits });

/** The highest quality in [lo, 100] of `format` that fits, and the smallest encoding made on the way. */
function searchQuality(job: Job, format: ImageFormat, lo: number, start: number) {
  const encode = async (quality: number) => {
    const encoded = await job.engine.encode(job.image, 'upload', format, { quality, lossless: false, exactQuality: true, size: job.image.bounded });
    return { bytes: sizeOf(encoded), result: { format, quality, encoded } };
  };
  return largestFitting<Found>(encode, { lo, hi: 100, target: targetOf(job), start, model: 'linear', slope: QUALITY_SLOPE, maxProbes: MAX_QUALITY_PROBES });
}

/**
 * The least downscale whose encoding at RESIZE_QUALITY fits, searched on the long side, to within 3% of a long side
 * that did not fit. The first guess scales the smallest full-size encode, brought to RESIZE_QUALITY by the quality
 * slope, by the size ratio.
 */
function searchDownscale(job: Job, reference: Found) {
  const { format } = reference;
  const target = targetOf(job);
  const base = job.image.bounded ?? job.image.upright;
  const long = Math.max(base.width, base.height);
  const encode = async (side: number) => {
    const size = scaledBy(base, side / long);
    const encoded = await job.engine.encode(job.image, 'upload', format, { quality: RESIZE_QUALITY, lossless: false, exactQuality: true, size });
    return { bytes: sizeOf(encoded), result: { format, quality: RESIZE_QUALITY, encoded } };
  };
  const fullSize = bytesOf(reference) * Math.exp(QUALITY_SLOPE * (RESIZE_QUALITY - reference.quality!));
  return largestFitting<Found>(encode, {
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

const smaller = (a: Found | null, b: Found | null | undefined): Found | null => (!a || (b && bytesOf(b) < bytesOf(a)) ? (b ?? null) : a);

/** The last candidate that fit: each one after the first is only searched above the quality the fits before it reached. */
const lastFitting = (found: readonly Found[]) => [...found].reverse().find((f) => f.fits) ?? null;

export const sizeStrategy: Strategy = {
  // The one expected to reach the highest quality within a size first (strategy.ts).
  order: likeliestFirst,
  settlesBeforeEncoding: targetOf,
  async search(job, format, found) {
    const best = lastFitting(found);
    const lo = best ? best.quality! + 1 : 1;
    if (best && lo > 100) return { skipped: `${FORMAT_LABELS[best.format]} already fits at the highest quality` };
    const search = await searchQuality(job, format, lo, best ? lo : job.quality);
    const smallest = toFound(search.smallest!, search.smallest!.bytes <= targetOf(job));
    return search.best ? { ...toFound(search.best, true), smallest } : { ...smallest, smallest };
  },
  choose: lastFitting,
  async fallback(job, found) {
    let smallest: Found | null = null;
    for (const f of found) smallest = smaller(smallest, f.smallest);
    if (!smallest || !job.image.settings.allowResize) return smallest;
    const down = await searchDownscale(job, smallest);
    if (down.best) return toFound(down.best, true);
    return smaller(smallest, down.smallest && toFound(down.smallest, false));
  },
};
