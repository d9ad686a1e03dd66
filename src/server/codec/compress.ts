// compress(): bytes and options in, smaller bytes and image facts out.
import type { Metadata, Sharp } from 'sharp';
import type { FormatDecision } from '../../contract/api';
import { MAX_INPUT_PIXELS, MAX_PNG_PIXELS } from '../../contract/limits';
import { DEFAULT_BACKGROUND, IMAGE_FORMATS } from '../../contract/settings';
import { planAutoCandidates, imageTraits, type ImageTraits } from './auto';
import { openSrgb8 } from './colour';
import { Deadline } from './deadline';
import { DEFAULT_TIMEOUT_SECONDS } from './time-limit';
import { ENCODERS, type EncodedImage } from './encoders';
import { CORRUPT_MESSAGE, UNSUPPORTED_MESSAGE, pngTooLargeError, toCodecError, tooManyPixelsError } from './errors';
import { keepOriginal } from './keep-original';
import { FAIL_ON, sharp } from './sharp-setup';
import { sniffImageFormat } from './sniff';
import { CodecError, type CompressOptions, type CompressResult, type ImageFacts, type ImageFormat } from './types';


/** libvips's name for each format's loader (AVIF is read by the HEIF loader). */
const LOADER_FORMAT: Record<ImageFormat, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif' };

const ANIMATED_MESSAGE = 'Animated images are not supported; please upload a still image';

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
 * The stored pixels, upright and in 8-bit sRGB. Orientation is applied here because every
 * encoder below drops the EXIF block that carried it.
 */
function openUpright(input: Buffer, meta: Metadata, maxPixels: number, deadline: Deadline, failOn: DecodeStrictness): Promise<Sharp> {
  return openSrgb8(input, meta, { failOn, limitInputPixels: maxPixels, autoOrient: true }, deadline.remainingSeconds());
}

type DecodeStrictness = typeof FAIL_ON | 'warning';

/**
 * A JPEG whose scan meets the end-of-image marker early is not "truncated" to libvips (the file ends properly):
 * libjpeg only warns ("premature end of data segment") and fills the missing rows with flat grey, so with FAIL_ON
 * it "completed" as grey blocks. JPEGs are therefore decoded with 'warning' first; a warning that means missing or
 * undecodable picture data makes the file damaged. Any other warning (stray bytes before a marker, an odd JFIF
 * version: what browsers show fine) switches the job to the lenient decode, so a good photo still costs one decode.
 */
const JPEG_DAMAGE_WARNING = /premature end of data segment|found marker 0x[0-9a-f]+ instead of RST|bad (huffman|arithmetic) code/i;

const isHarmlessJpegWarning = (error: unknown): boolean =>
  error instanceof Error && /VipsJpeg: /.test(error.message) && !JPEG_DAMAGE_WARNING.test(error.message);

interface Job {
  input: Buffer;
  inputFormat: ImageFormat;
  meta: Metadata;
  quality: number;
  background: string;
  maxPixels: number;
  deadline: Deadline;
  /** Strict for JPEGs until a harmless warning is met (see JPEG_DAMAGE_WARNING), then lenient for the rest of the job. */
  failOn: DecodeStrictness;
}

/** One encoding of the upload in `format`; transparency is flattened onto the background when the format has none. */
async function encodeAs(job: Job, format: ImageFormat): Promise<EncodedImage> {
  const { deadline } = job;
  try {
    return await encodeOnce(job, format).catch((error: unknown) => {
      if (job.failOn !== 'warning' || deadline.signal.aborted || !isHarmlessJpegWarning(error)) throw error;
      job.failOn = FAIL_ON;
      return encodeOnce(job, format);
    });
  } catch (error) {
    throw deadline.signal.aborted ? toCodecError(new Error('timeout'), deadline.seconds) : toCodecError(error, deadline.seconds);
  }
}

async function encodeOnce(job: Job, format: ImageFormat): Promise<EncodedImage> {
  const encoder = ENCODERS[format];
  let decoded = await openUpright(job.input, job.meta, job.maxPixels, job.deadline, job.failOn);
  if (!encoder.supportsAlpha && job.meta.hasAlpha) decoded = decoded.flatten({ background: job.background });
  return encoder.encode(decoded, {
    quality: job.quality,
    source: { input: job.input, format: job.inputFormat, meta: job.meta },
    deadline: job.deadline,
  });
}

function encodedResult(job: Job, inputFacts: ImageFacts, format: ImageFormat, encoded: EncodedImage, traits: ImageTraits | null) {
  const flattened = !ENCODERS[format].supportsAlpha && job.meta.hasAlpha && traits?.transparent !== false;
  return {
    data: encoded.data,
    input: inputFacts,
    output: { format, bytes: encoded.data.length, width: encoded.width, height: encoded.height },
    keptOriginal: false,
    flattenedOnto: flattened ? job.background : null,
  };
}

function originalResult(inputFacts: ImageFacts, kept: Buffer) {
  return { data: kept, input: inputFacts, output: { ...inputFacts, bytes: kept.length }, keptOriginal: true, flattenedOnto: null };
}

/**
 * A fixed format. Re-encoding into the upload's own format never hands back a larger file: the original is
 * kept instead. Converting to another format delivers that format even when it comes out larger, because
 * the caller asked for the format itself (a site that needs WebP, say); the job's sizes show it honestly.
 * Auto is the choice for "smallest, whatever the format". See docs/decisions/0201-never-larger-across-formats.md.
 */
async function compressTo(job: Job, inputFacts: ImageFacts, format: ImageFormat): Promise<CompressResult> {
  const traits = !ENCODERS[format].supportsAlpha && job.meta.hasAlpha ? await imageTraits(job, { colours: false }) : null;
  const encoded = await encodeAs(job, format);
  if (format === job.inputFormat && encoded.data.length >= job.input.length) {
    const kept = keepOriginal(job.input, job.inputFormat, job.meta);
    if (kept) return { ...originalResult(inputFacts, kept), decision: null };
  }
  return { ...encodedResult(job, inputFacts, format, encoded, traits), decision: null };
}

/** The smallest of the candidate formats at the same setting of our scale; the upload itself is a candidate too. */
async function compressAuto(job: Job, inputFacts: ImageFacts, allowed: readonly ImageFormat[]): Promise<CompressResult> {
  // A decoded JPEG is never a graphic (its noise alone has more colours), and it has no alpha: no need to look.
  const traits = job.inputFormat === 'jpeg' ? { transparent: false, photographic: true } : await imageTraits(job, { colours: true });
  const plan = planAutoCandidates(allowed, traits, ENCODERS);
  if (job.meta.width! * job.meta.height! > MAX_PNG_PIXELS && plan.formats.includes('png') && plan.formats.length > 1) {
    plan.formats = plan.formats.filter((f) => f !== 'png');
    plan.skipped.push({ format: 'png', reason: `over the ${MAX_PNG_PIXELS / 1_000_000} megapixel limit for PNG` });
  }
  const decision: FormatDecision = { winner: job.inputFormat, keptOriginal: false, candidates: [], skipped: [...plan.skipped] };

  // The upload is a candidate when the viewer can display its format and it can be passed on without private metadata.
  let kept: Buffer | null = null;
  if (allowed.includes(job.inputFormat)) {
    kept = keepOriginal(job.input, job.inputFormat, job.meta);
    if (kept) decision.candidates.push({ format: job.inputFormat, bytes: kept.length, original: true });
    else decision.skipped.push({ format: job.inputFormat, reason: 'the original carries metadata that cannot be removed without re-encoding' });
  }
  let best: { format: ImageFormat; encoded: EncodedImage } | null = null;
  for (const format of plan.formats) {
    const encoded = await encodeAs(job, format);
    decision.candidates.push({ format, bytes: encoded.data.length });
    if (!best || encoded.data.length < best.encoded.data.length) best = { format, encoded };
  }
  // Ties go to the original: same size, no generation loss.
  if (kept && (!best || kept.length <= best.encoded.data.length)) {
    return { ...originalResult(inputFacts, kept), decision: { ...decision, winner: job.inputFormat, keptOriginal: true } };
  }
  if (!best) throw new Error('auto: no candidate format'); // planAutoCandidates always leaves one
  return { ...encodedResult(job, inputFacts, best.format, best.encoded, traits), decision: { ...decision, winner: best.format } };
}

export async function compress(input: Buffer, options: CompressOptions): Promise<CompressResult> {
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
      background: options.background ?? DEFAULT_BACKGROUND,
      maxPixels,
      deadline,
      failOn: inputFormat === 'jpeg' ? 'warning' : FAIL_ON,
    };
    const format = options.format ?? 'original';
    // The PNG path holds whole images in memory several times over and runs long: over the PNG limit it is
    // refused from the header (the upload already refuses PNG inputs; this covers conversions into PNG too).
    const outputsPng = format === 'png' || (format === 'original' && inputFormat === 'png');
    if ((inputFormat === 'png' || outputsPng) && meta.width * meta.height > MAX_PNG_PIXELS) {
      throw pngTooLargeError(meta.width, meta.height, MAX_PNG_PIXELS);
    }
    if (format === 'auto') return await compressAuto(job, inputFacts, options.formats?.length ? options.formats : IMAGE_FORMATS);
    return await compressTo(job, inputFacts, format === 'original' ? inputFormat : format);
  } finally {
    deadline.dispose();
  }
}
