// The one compression pipeline, whatever the engine: open → plan the candidates → each candidate searched by the
// mode's strategy → choose → never-larger → result. docs/decisions/0301-one-codec-pipeline.md.
import type { FormatDecision } from '#contract/api';
import { isInputOnlyFormat, ORIGINAL_OUTPUT_OF, type ImageFormat } from '#contract/settings';
import { allowedFormats, newDecision, planCandidates, type CandidatePlan } from './candidates';
import type { CodecLimits, CodecSettings, Engine, ImageTraits, OpenImage, Pixels } from './engine';
import { CodecError, LOSSLESS_JPEG_MESSAGE, tooManyPixelsError } from './errors';
import { FORMATS } from './formats';
import { qualityStrategy } from './modes/quality';
import { sizeStrategy } from './modes/size';
import { smartStrategy } from './modes/smart';
import { bytesOf, type Found, type Job, type Strategy } from './modes/strategy';
import { uploadWins } from './never-larger';
import type { CompressResult, ImageFacts } from './result';

export const STRATEGIES: Record<CodecSettings['mode'], Strategy> = {
  quality: qualityStrategy,
  lossless: qualityStrategy,
  smart: smartStrategy,
  size: sizeStrategy,
};

export function clampQuality(quality: number): number {
  return Number.isFinite(quality) ? Math.min(100, Math.max(1, Math.round(quality))) : 80;
}

export function newJob<Image extends OpenImage>(engine: Engine<Image>, image: Image): Job<Image> {
  let pixels: Promise<Pixels> | undefined;
  return { engine, image, quality: clampQuality(image.settings.quality), pixels: () => (pixels ??= engine.pixels(image)) };
}

/** What the candidates are, with the traits and decision record Auto keeps; a fixed format is its only candidate. */
export interface Candidates {
  plan: CandidatePlan;
  /** Auto's decision record; null for a fixed format. */
  decision: FormatDecision | null;
  /** The traits looked at for planning (Auto), else null. */
  traits: ImageTraits | null;
  /** The formats the upload may be the result in. */
  uploadFormats: readonly ImageFormat[];
}

/** What `original` means: the upload's format, or for a format we only read, the one it is shown as (JPEG for HEIC). */
export function originalOutputFormat({ decodedFrom, format }: OpenImage): ImageFormat {
  if (!decodedFrom) return format;
  return isInputOnlyFormat(decodedFrom.format) ? ORIGINAL_OUTPUT_OF[decodedFrom.format] : decodedFrom.format;
}

export async function candidatesOf(job: Job): Promise<Candidates> {
  const { image } = job;
  const { format, mode } = image.settings;
  if (format !== 'auto') {
    const fixed = format === 'original' ? originalOutputFormat(image) : format;
    // Lossless JPEG has no encoding: only the upload itself (a JPEG kept at its size) can be the result.
    const formats = mode === 'lossless' && !FORMATS[fixed].supportsLossless ? [] : [fixed];
    return { plan: { formats, skipped: [] }, decision: null, traits: null, uploadFormats: [fixed] };
  }
  // A decoded JPEG is never a graphic (its noise alone has more colours), and it has no alpha: no need to look.
  const traits = image.format === 'jpeg' ? { transparent: false, photographic: true } : await job.engine.traits(image, { colours: true });
  const allowed = allowedFormats(image);
  const plan = planCandidates(image, allowed, traits, FORMATS);
  return { plan, decision: newDecision(image, plan), traits, uploadFormats: allowed };
}

/**
 * The upload as a candidate: when its format may be the result and it is not to be resized, passed on with only the
 * metadata the settings keep. Recorded in Auto's decision either way.
 */
export function uploadCandidate(job: Job, { uploadFormats, decision }: Candidates): Uint8Array | null {
  const { image } = job;
  const format = keepableFormat(image);
  if (!format || !uploadFormats.includes(format)) return null;
  if (image.bounded) {
    decision?.skipped.push({ format, reason: 'the original is larger than the size asked for' });
    return null;
  }
  const kept = job.engine.passOn(image);
  if (kept) decision?.candidates.push({ format, bytes: kept.length, original: true });
  else decision?.skipped.push({ format, reason: 'the original carries metadata that cannot be removed without re-encoding' });
  return kept;
}

/**
 * The format the upload itself could be the result in: its own, also when the engine had to decode it first (a
 * JPEG XL for sharp, whose engine passes on the upload's own bytes); never a format we only read (HEIC, GIF, SVG).
 */
export function keepableFormat({ decodedFrom, format }: OpenImage): ImageFormat | null {
  if (!decodedFrom) return format;
  return isInputOnlyFormat(decodedFrom.format) ? null : decodedFrom.format;
}

/** The one loop over candidate formats: each searched by the strategy, in its order, recorded in the decision. */
export async function searchCandidates(job: Job, strategy: Strategy, candidates: Candidates): Promise<Found[]> {
  const found: Found[] = [];
  for (const format of strategy.order(candidates.plan.formats)) {
    const outcome = await strategy.search(job, format, found);
    if ('skipped' in outcome) {
      candidates.decision?.skipped.push({ format, reason: outcome.skipped });
      continue;
    }
    candidates.decision?.candidates.push({ format, bytes: bytesOf(outcome) });
    found.push(outcome);
  }
  return found;
}

function factsOf(image: OpenImage): ImageFacts {
  const { format, bytes } = image.decodedFrom ?? { format: image.format, bytes: image.input.length };
  return { format, bytes, width: image.upright.width, height: image.upright.height };
}

function keptResult(image: OpenImage, kept: Uint8Array, decision: FormatDecision | null, targetMet: boolean | null): CompressResult {
  const input = factsOf(image);
  // Only called for an upload uploadCandidate passed on, so its format is one it may be the result in.
  const format = keepableFormat(image)!;
  return {
    data: kept,
    input,
    output: { ...input, format, bytes: kept.length },
    keptOriginal: true,
    flattenedOnto: null,
    decision: decision && { ...decision, winner: format, keptOriginal: true },
    chosenQuality: null,
    targetMet,
    perceptualScore: null,
  };
}

/** Transparency flattened away: the format has none and the image has some (when its traits were not looked at, it may). */
async function flattened(job: Job, format: ImageFormat, traits: ImageTraits | null): Promise<boolean> {
  if (FORMATS[format].supportsAlpha || !job.image.hasAlpha) return false;
  return (traits ?? (await job.engine.traits(job.image, { colours: false }))).transparent;
}

async function run(job: Job): Promise<CompressResult> {
  const { image } = job;
  const strategy = STRATEGIES[image.settings.mode];
  const candidates = await candidatesOf(job);
  const { decision } = candidates;
  const kept = uploadCandidate(job, candidates);
  const limit = strategy.settlesBeforeEncoding(job);
  if (kept && limit !== null && uploadWins(kept.length, limit)) return keptResult(image, kept, decision, true);

  const found = await searchCandidates(job, strategy, candidates);
  const chosen = strategy.choose(found) ?? (await strategy.fallback(job, found));
  if (kept && uploadWins(kept.length, chosen && bytesOf(chosen))) return keptResult(image, kept, decision, strategy.targetMet(null));
  if (!chosen) {
    if (image.settings.mode === 'lossless') throw new CodecError('unsupported-format', LOSSLESS_JPEG_MESSAGE);
    throw new Error('no candidate format'); // planAutoCandidates always leaves one
  }
  const { encoded, format } = chosen;
  return {
    data: encoded.data,
    input: factsOf(image),
    output: { format, bytes: encoded.data.length, width: encoded.width, height: encoded.height },
    keptOriginal: false,
    flattenedOnto: (await flattened(job, format, candidates.traits)) ? image.settings.background : null,
    decision: decision && { ...decision, winner: format },
    chosenQuality: chosen.quality,
    targetMet: strategy.targetMet(chosen),
    perceptualScore: chosen.score ?? null,
  };
}

/** Opens the upload; a size asked for (an exact box may enlarge) is held to the same pixel limit as the upload. */
export async function openWithin<Image extends OpenImage>(engine: Engine<Image>, input: Uint8Array, settings: CodecSettings, limits: CodecLimits): Promise<Image> {
  const image = await engine.open(input, settings, limits);
  const out = image.bounded;
  if (out && out.width * out.height > limits.maxPixels) {
    engine.close(image);
    throw tooManyPixelsError(out.width, out.height, limits.maxPixels);
  }
  return image;
}

/** Compresses one upload with one engine. */
export async function compress<Image extends OpenImage>(engine: Engine<Image>, input: Uint8Array, settings: CodecSettings, limits: CodecLimits): Promise<CompressResult> {
  const image = await openWithin(engine, input, settings, limits);
  try {
    return await run(newJob(engine, image));
  } finally {
    engine.close(image);
  }
}
