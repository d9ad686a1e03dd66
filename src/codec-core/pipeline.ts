// The one compression pipeline, whatever the engine: open → plan the candidates → each candidate searched by the
// mode's strategy → choose → never-larger → result. docs/decisions/0301-one-codec-pipeline.md.
import type { FormatDecision } from '#contract/api';
import { BROWSER_SHOWN_FORMATS, isInputOnlyFormat, ORIGINAL_OUTPUT_OF, type ImageFormat } from '#contract/settings';
import { allowedFormats, newDecision, planCandidates, type CandidatePlan } from './candidates';
import { sizeOf, type CodecLimits, type CodecSettings, type Engine, type ImageTraits, type OpenImage } from './engine';
import { CodecError, LOSSLESS_JPEG_MESSAGE, tooManyPixelsError } from './errors';
import { FORMATS } from './formats';
import { qualityStrategy } from './modes/quality';
import { meetsTarget, sizeStrategy } from './modes/size';
import { smartStrategy } from './modes/smart';
import { bytesOf, type Found, type Job, type Strategy } from './modes/strategy';
import { newJob } from './job';
import { givenLargerNote, largerThanUploadNote, readOnlyFallbackNote, uploadWins } from './never-larger';
import type { CompressResult, ImageFacts } from './result';
import { settingsWrittenAs } from './written-as';

export const STRATEGIES: Record<CodecSettings['mode'], Strategy> = {
  quality: qualityStrategy,
  lossless: qualityStrategy,
  smart: smartStrategy,
  size: sizeStrategy,
};

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
  const { encodes } = job.engine;
  if (format !== 'auto') {
    const fixed = format === 'original' ? originalOutputFormat(image) : format;
    // Lossless JPEG has no encoding: only the upload itself (a JPEG kept at its size) can be the result.
    const formats = mode === 'lossless' && !FORMATS[fixed].supportsLossless ? [] : [fixed];
    if (formats.length && !encodes.includes(fixed)) throw new CodecError('unsupported-format', job.engine.cannotEncode(fixed));
    return { plan: { formats, skipped: [] }, decision: null, traits: null, uploadFormats: [fixed] };
  }
  // The upload may be kept in any allowed format; only those the engine makes here are encoded.
  const allowed = allowedFormats(image);
  const encodable = allowed.filter((f) => encodes.includes(f));
  if (!encodable.length) throw new CodecError('unsupported-format', job.engine.cannotEncode(allowed[0]!));
  // A decoded JPEG is never a graphic (its noise alone has more colours), and it has no alpha: no need to look.
  const traits = image.format === 'jpeg' ? { transparent: false, photographic: true } : await job.engine.traits(image, { colours: true });
  const plan = planCandidates(image, encodable, traits, FORMATS);
  const notHere = allowed.filter((f) => !encodes.includes(f)).map((f) => ({ format: f, reason: NOT_MADE_HERE_REASON }));
  plan.skipped.unshift(...notHere);
  return { plan, decision: newDecision(image, plan), traits, uploadFormats: allowed };
}

/** Auto's decision record for an allowed format the engine does not make here (JPEG XL without libjxl's tools, in a browser). */
export const NOT_MADE_HERE_REASON = 'not made here: its encoder is not available';

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
 * The upload as the last resort of a conversion to another format: passed on only when every encoding made is larger
 * than it and every browser shows its format, and the note says so (docs/decisions/0585-never-larger-conversions.md).
 * Not when the viewer named its formats for Auto and left the upload's out (0201), when a size was asked for, nor
 * when the format itself was required (a Tinify convert).
 */
export function lastResortUpload(job: Job, { uploadFormats }: Candidates): Uint8Array | null {
  const { image } = job;
  const format = keepableFormat(image);
  if (!format || uploadFormats.includes(format) || image.bounded || image.settings.formatRequired) return null;
  // A JPEG XL was converted to be shown: handing it back would undo the point of asking.
  if (!BROWSER_SHOWN_FORMATS.includes(format)) return null;
  if (image.settings.format === 'auto' && image.settings.formats?.length) return null;
  return job.engine.passOn(image);
}

/**
 * The format the upload itself could be the result in: its own, also when the engine had to decode it first (a
 * JPEG XL for sharp, whose engine passes on the upload's own bytes); never a format we only read (HEIC, GIF, SVG).
 */
export function keepableFormat({ decodedFrom, format }: OpenImage): ImageFormat | null {
  if (!decodedFrom) return format;
  return isInputOnlyFormat(decodedFrom.format) ? null : decodedFrom.format;
}

/** Auto's search stopped at its time budget: how many candidate formats were searched of how many planned. */
export interface SearchCut {
  searched: number;
  planned: number;
}

export const SEARCH_CUT_REASON = 'not tried: the search reached its time limit';

export const searchCutNote = ({ searched, planned }: SearchCut) =>
  `Auto compared ${searched} of ${planned} formats before its time limit and kept the smallest of those.`;

/**
 * The one loop over candidate formats: each searched by the strategy, in its order, recorded in the decision. With a
 * search budget (Auto, 0516), a candidate is only started when the budget still holds the longest one searched so
 * far; the first is always searched, so there is always a result, and the order puts the likeliest winner first.
 */
export async function searchCandidates(job: Job, strategy: Strategy, candidates: Candidates): Promise<{ found: Found[]; cut: SearchCut | null }> {
  const found: Found[] = [];
  const order = strategy.order(candidates.plan.formats);
  let longest = 0;
  let searched = 0;
  for (const format of order) {
    if (job.searchEndsAt !== null && searched > 0 && job.now() + longest > job.searchEndsAt) {
      candidates.decision?.skipped.push({ format, reason: SEARCH_CUT_REASON });
      continue;
    }
    const started = job.now();
    const outcome = await strategy.search(job, format, found);
    searched++;
    longest = Math.max(longest, job.now() - started);
    if ('skipped' in outcome) {
      candidates.decision?.skipped.push({ format, reason: outcome.skipped });
      continue;
    }
    candidates.decision?.candidates.push({ format, bytes: bytesOf(outcome) });
    found.push(outcome);
  }
  return { found, cut: searched < order.length ? { searched, planned: order.length } : null };
}

function factsOf(image: OpenImage): ImageFacts {
  const { format, bytes } = image.decodedFrom ?? { format: image.format, bytes: image.input.length };
  return { format, bytes, width: image.upright.width, height: image.upright.height };
}

/** The notes a result carries (0515): what opening the upload left out, and whether the search was cut short. */
function notesOf(image: OpenImage, cut: SearchCut | null): { notes?: string[] } {
  const notes = [...(image.notes ?? []), ...(cut ? [searchCutNote(cut)] : [])];
  return notes.length ? { notes } : {};
}

function keptResult(image: OpenImage, kept: Uint8Array, decision: FormatDecision | null, cut: SearchCut | null = null, note?: string): CompressResult {
  const input = factsOf(image);
  // Only called for an upload passed on (uploadCandidate, lastResortUpload), so its format is one it may be the result in.
  const format = keepableFormat(image)!;
  const notes = [...(notesOf(image, cut).notes ?? []), ...(note ? [note] : [])];
  return {
    ...(notes.length ? { notes } : {}),
    data: kept,
    input,
    output: { ...input, format, bytes: kept.length },
    keptOriginal: true,
    flattenedOnto: null,
    decision: decision && { ...decision, winner: format, keptOriginal: true },
    chosenQuality: null,
    targetMet: meetsTarget(image.settings, kept.length),
    perceptualScore: null,
  };
}

/** Transparency flattened away: the format has none and the image has some (when its traits were not looked at, it may). */
async function flattened(job: Job, format: ImageFormat, traits: ImageTraits | null): Promise<boolean> {
  if (FORMATS[format].supportsAlpha || !job.image.hasAlpha) return false;
  return (traits ?? (await job.engine.traits(job.image, { colours: false }))).transparent;
}

/** The pipeline on an opened upload: compress runs it with the engine, the live estimate with its sampling engine. */
export async function runJob(job: Job): Promise<CompressResult> {
  const { image } = job;
  const strategy = STRATEGIES[image.settings.mode];
  const candidates = await candidatesOf(job);
  const { decision } = candidates;
  const kept = uploadCandidate(job, candidates);
  const limit = strategy.settlesBeforeEncoding(job);
  if (kept && limit !== null && uploadWins(kept.length, limit)) return keptResult(image, kept, decision);

  const { found, cut } = await searchCandidates(job, strategy, candidates);
  const chosen = strategy.choose(found) ?? (await strategy.fallback(job, found));
  if (kept && uploadWins(kept.length, chosen && bytesOf(chosen))) return keptResult(image, kept, decision, cut);
  const lastResort = chosen && lastResortUpload(job, candidates);
  if (chosen && lastResort && lastResort.length < bytesOf(chosen)) {
    const note = largerThanUploadNote({ asked: image.settings.format, made: chosen.format, bytes: bytesOf(chosen), upload: keepableFormat(image)!, uploadBytes: lastResort.length });
    return keptResult(image, lastResort, decision, cut, note);
  }
  if (!chosen) {
    if (image.settings.mode === 'lossless') throw new CodecError('unsupported-format', LOSSLESS_JPEG_MESSAGE);
    throw new Error('no candidate format'); // planAutoCandidates always leaves one
  }
  const handedOver = await readOnlyFallback(job, strategy, chosen);
  if (handedOver) return encodedResult(job, handedOver.found, candidates, cut, handedOver.note);
  // Larger and still given (a JPEG XL or HEIC converted to be shown, a resize, formats the viewer named): said.
  const { bytes: uploadBytes, format: uploadFormat } = factsOf(image);
  const larger = bytesOf(chosen) > uploadBytes ? givenLargerNote({ made: chosen.format, bytes: bytesOf(chosen), upload: uploadFormat, uploadBytes }) : undefined;
  return encodedResult(job, chosen, candidates, cut, larger);
}

async function encodedResult(job: Job, chosen: Found, candidates: Candidates, cut: SearchCut | null, note?: string): Promise<CompressResult> {
  const { image } = job;
  const { decision } = candidates;
  const { encoded, format } = chosen;
  const notes = [...(notesOf(image, cut).notes ?? []), ...(note ? [note] : [])];
  return {
    ...(notes.length ? { notes } : {}),
    data: encoded.data,
    input: factsOf(image),
    output: { format, bytes: sizeOf(encoded), width: encoded.width, height: encoded.height },
    keptOriginal: false,
    flattenedOnto: (await flattened(job, format, candidates.traits)) ? image.settings.background : null,
    decision: decision && { ...decision, winner: format },
    chosenQuality: chosen.quality,
    targetMet: meetsTarget(image.settings, sizeOf(encoded)),
    perceptualScore: chosen.score ?? null,
  };
}

/**
 * An upload we only read and cannot hand back (HEIC, 0400) whose asked-for conversion came out larger than it: the
 * format `original` gives it (JPEG), searched in the same mode, when that is no larger than the upload; the note
 * says why (0585). Not for Auto (its candidates were the choice) nor a resize.
 */
async function readOnlyFallback(job: Job, strategy: Strategy, chosen: Found): Promise<{ found: Found; note: string } | null> {
  const { image } = job;
  const from = image.decodedFrom;
  if (!from || from.format !== 'heic' || image.bounded || image.settings.formatRequired || image.settings.format === 'auto' || bytesOf(chosen) <= from.bytes) return null;
  // JPEG has no lossless encoding (and lossless from a HEIC is refused at upload, 0586).
  if (image.settings.mode === 'lossless') return null;
  const format = ORIGINAL_OUTPUT_OF[from.format];
  if (format === chosen.format) return null;
  const outcome = await strategy.search(job, format, []);
  if ('skipped' in outcome || bytesOf(outcome) > from.bytes) return null;
  return { found: outcome, note: readOnlyFallbackNote({ made: chosen.format, bytes: bytesOf(chosen), upload: from.format, uploadBytes: from.bytes, instead: format }) };
}

/** Opens the upload; a size asked for (an exact box may enlarge) is held to the same pixel limit as the upload. */
export async function openWithin<Image extends OpenImage>(engine: Engine<Image>, input: Uint8Array, settings: CodecSettings, limits: CodecLimits): Promise<Image> {
  const image = await engine.open(input, settings, limits);
  try {
    const out = image.bounded;
    if (out && out.width * out.height > limits.maxPixels) throw tooManyPixelsError(out.width, out.height, limits.maxPixels);
    return image.writtenAs ? { ...image, settings: settingsWrittenAs(image, engine) } : image;
  } catch (error) {
    engine.close(image);
    throw error;
  }
}

/** Compresses one upload with one engine; `signal` stops it between engine calls. */
export async function compress<Image extends OpenImage>(engine: Engine<Image>, input: Uint8Array, settings: CodecSettings, limits: CodecLimits, signal?: AbortSignal): Promise<CompressResult> {
  signal?.throwIfAborted();
  const image = await openWithin(engine, input, settings, limits);
  try {
    const searchSeconds = image.settings.format === 'auto' ? limits.searchSeconds : undefined;
    return await runJob(newJob(engine, image, { searchSeconds, ...(signal && { signal }) }));
  } finally {
    engine.close(image);
  }
}
