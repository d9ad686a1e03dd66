// compress(): bytes and options in, smaller bytes and image facts out.
import type { Metadata } from 'sharp';
import type { FormatDecision } from '#contract/api';
import { MAX_INPUT_PIXELS, MAX_PNG_PIXELS } from '#contract/limits';
import { DEFAULT_BACKGROUND, IMAGE_FORMATS } from '#contract/settings';
import { Deadline } from './deadline';
import { encodeAs, type Job } from './encode';
import { ENCODERS, type EncodedImage } from './encoders';
import { CORRUPT_MESSAGE, UNSUPPORTED_MESSAGE, pngTooLargeError, toCodecError, tooManyPixelsError } from './errors';
import { autoPlan, keptUpload, uploadCandidate } from './candidates';
import { fitInside } from './resize';
import { encodedResult, flatteningTraits, originalResult } from './results';
import { FAIL_ON, sharp } from './sharp-setup';
import { compressAutoToSize, compressToSize } from './size-mode';
import { compressAutoSmart, compressSmart } from './smart-mode';
import { sniffImageFormat } from './sniff';
import { DEFAULT_TIMEOUT_SECONDS } from './time-limit';
import { CodecError, type CompressOptions, type CompressResult, type ImageFacts, type ImageFormat, type OutputFormat } from './types';

/** libvips's name for each format's loader (AVIF is read by the HEIF loader). */
const LOADER_FORMAT: Record<ImageFormat, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif' };

const ANIMATED_MESSAGE = 'Animated images are not supported; please upload a still image';

/** Lossless mode cannot give a JPEG except the uploaded JPEG itself. Shown to users (a failed job, a 4xx). */
export const LOSSLESS_JPEG_MESSAGE =
  'Lossless JPEG output is only possible for a JPEG upload kept at its own size; choose PNG, WebP, AVIF or Auto for lossless output';

function clampQuality(quality: number): number {
  return Number.isFinite(quality) ? Math.min(100, Math.max(1, Math.round(quality))) : 80;
}

async function readHeader(input: Buffer, format: ImageFormat, maxPixels: number, deadline: Deadline): Promise<Metadata> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { failOn: FAIL_ON, limitInputPixels: false }).metadata();
  } catch (error) {
    throw toCodecError(error, deadline.seconds);
  }
  if (meta.format !== LOADER_FORMAT[format]) throw new CodecError('corrupt', CORRUPT_MESSAGE);
  // An AVIF brand in front of HEVC data is a HEIC file: not a format we take.
  if (format === 'avif' && meta.compression !== 'av1') throw new CodecError('unsupported-format', UNSUPPORTED_MESSAGE);
  if ((meta.pages ?? 1) > 1) throw new CodecError('unsupported-format', ANIMATED_MESSAGE);
  if (!meta.width || !meta.height) throw new CodecError('corrupt', CORRUPT_MESSAGE);
  if (meta.width * meta.height > maxPixels) throw tooManyPixelsError(meta.width, meta.height, maxPixels);
  return meta;
}

/**
 * A fixed format. Re-encoding into the upload's own format never hands back a larger file: the original is
 * kept instead. Converting to another format delivers that format even when it comes out larger, because
 * the caller asked for the format itself (a site that needs WebP, say); the job's sizes show it honestly.
 * Auto is the choice for "smallest, whatever the format". See docs/decisions/0201-never-larger-across-formats.md.
 * A resized result is never replaced by the upload: the upload is not the size asked for.
 * Lossless JPEG is the upload's own scans (checked in compress()): a JPEG decoded and re-encoded is never identical.
 */
async function compressTo(job: Job, inputFacts: ImageFacts, format: ImageFormat): Promise<CompressResult> {
  const lossless = job.mode === 'lossless';
  if (lossless && !ENCODERS[format].supportsLossless) {
    const kept = format === job.inputFormat ? keptUpload(job) : null;
    if (!kept) throw new CodecError('unsupported-format', LOSSLESS_JPEG_MESSAGE);
    return originalResult(inputFacts, kept, { decision: null, targetMet: null });
  }
  const traits = await flatteningTraits(job, format);
  const encoded = await encodeAs(job, format, { quality: job.quality, lossless, size: job.bounded });
  if (format === job.inputFormat && encoded.data.length >= job.input.length) {
    const kept = keptUpload(job);
    if (kept && kept.length <= encoded.data.length) return originalResult(inputFacts, kept, { decision: null, targetMet: null });
  }
  return encodedResult(job, inputFacts, format, encoded, traits, { decision: null, chosenQuality: lossless ? null : job.quality, targetMet: null });
}

/** The smallest of the candidate formats at the same setting of our scale (or lossless); the upload itself is a candidate too. */
async function compressAuto(job: Job, inputFacts: ImageFacts, allowed: readonly ImageFormat[]): Promise<CompressResult> {
  const lossless = job.mode === 'lossless';
  const { plan, traits } = await autoPlan(job, allowed);
  const decision: FormatDecision = { winner: job.inputFormat, keptOriginal: false, candidates: [], skipped: [...plan.skipped] };
  const kept = uploadCandidate(job, allowed, decision);
  let best: { format: ImageFormat; encoded: EncodedImage } | null = null;
  for (const format of plan.formats) {
    const encoded = await encodeAs(job, format, { quality: job.quality, lossless, size: job.bounded });
    decision.candidates.push({ format, bytes: encoded.data.length });
    if (!best || encoded.data.length < best.encoded.data.length) best = { format, encoded };
  }
  // Ties go to the original: same size, no generation loss.
  if (kept && (!best || kept.length <= best.encoded.data.length)) {
    return originalResult(inputFacts, kept, { decision: { ...decision, winner: job.inputFormat, keptOriginal: true }, targetMet: null });
  }
  // Only lossless with nothing but JPEG allowed for a non-JPEG upload (or a resized JPEG) leaves no candidate.
  if (!best) throw new CodecError('unsupported-format', LOSSLESS_JPEG_MESSAGE);
  return encodedResult(job, inputFacts, best.format, best.encoded, traits, {
    decision: { ...decision, winner: best.format },
    chosenQuality: lossless ? null : job.quality,
    targetMet: null,
  });
}

/** An upload opened for compression: its header checked, its settings resolved. The caller disposes `job.deadline`. */
export interface OpenedJob {
  job: Job;
  inputFacts: ImageFacts;
  format: OutputFormat;
}

/**
 * Sniffs and reads the upload's header, refuses what we do not take (formats, animation, pixel limits), and
 * resolves the settings into a Job. Shared by compress() and the live estimate (estimate.ts).
 */
export async function openJob(input: Buffer, options: CompressOptions): Promise<OpenedJob> {
  const inputFormat = sniffImageFormat(input);
  if (!inputFormat) throw new CodecError('unsupported-format', UNSUPPORTED_MESSAGE);
  const maxPixels = options.maxPixels ?? MAX_INPUT_PIXELS;
  const deadline = new Deadline(options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS);
  try {
    const meta = await readHeader(input, inputFormat, maxPixels, deadline);
    const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
    const inputFacts: ImageFacts = { format: inputFormat, bytes: input.length, width: upright.width, height: upright.height };
    const job: Job = {
      input,
      inputFormat,
      meta,
      quality: clampQuality(options.quality),
      mode: options.mode ?? 'quality',
      policy: options.metadata ?? 'strip',
      background: options.background ?? DEFAULT_BACKGROUND,
      maxPixels,
      deadline,
      upright,
      bounded: fitInside(upright, options.maxWidth, options.maxHeight),
      failOn: inputFormat === 'jpeg' ? 'warning' : FAIL_ON,
    };
    const format = options.format ?? 'original';
    // The PNG path holds whole images in memory several times over and runs long: over the PNG limit it is
    // refused from the header (the upload already refuses PNG inputs; this covers conversions into PNG too).
    const outputsPng = format === 'png' || (format === 'original' && inputFormat === 'png');
    if ((inputFormat === 'png' || outputsPng) && meta.width * meta.height > MAX_PNG_PIXELS) {
      throw pngTooLargeError(meta.width, meta.height, MAX_PNG_PIXELS);
    }
    return { job, inputFacts, format };
  } catch (error) {
    deadline.dispose();
    throw error;
  }
}

export async function compress(input: Buffer, options: CompressOptions): Promise<CompressResult> {
  const { job, inputFacts, format } = await openJob(input, options);
  const { inputFormat, deadline } = job;
  try {
    const allowed = options.formats?.length ? options.formats : IMAGE_FORMATS;
    if (job.mode === 'size') {
      if (!options.targetSize || !(options.targetSize > 0)) throw new RangeError('size mode needs a positive targetSize');
      const request = { target: options.targetSize, allowResize: options.allowResize === true };
      if (format === 'auto') return await compressAutoToSize(job, inputFacts, allowed, request);
      return await compressToSize(job, inputFacts, format === 'original' ? inputFormat : format, request);
    }
    if (job.mode === 'smart') {
      if (format === 'auto') return await compressAutoSmart(job, inputFacts, allowed);
      return await compressSmart(job, inputFacts, format === 'original' ? inputFormat : format);
    }
    if (format === 'auto') return await compressAuto(job, inputFacts, allowed);
    return await compressTo(job, inputFacts, format === 'original' ? inputFormat : format);
  } finally {
    deadline.dispose();
  }
}
