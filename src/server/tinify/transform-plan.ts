// What a Tinify transformation will make, known before any decode: the codec settings it is (a transformation is an
// ordinary compression of the stored original: one generation of loss, not two, docs/decisions/0301 and 0603), its
// candidate formats and the pixels of its output. `cover` and `thumb` make exactly the box asked for, so they may enlarge; `fit` and `scale` never do. A box
// past the pixel limits, or one whose encode cannot fit in a codec process's memory, is refused at once instead of
// running for half a minute to be killed (docs/decisions/0323-transform-limits.md).
import type { CodecSettings, Fit, PreserveField } from '#codec-core/index';
import { CODEC_MEMORY_LIMIT_BYTES, MAX_INPUT_PIXELS, MAX_PNG_PIXELS } from '#contract/limits';
import { AUTO_DEFAULT_FORMATS, DEFAULT_BACKGROUND, FORMAT_MIME_TYPES, IMAGE_FORMATS, INPUT_ONLY_MIME_TYPES, type ImageFormat } from '#contract/settings';
import type { TinifyOutputRequest } from '#contract/tinify';
import { CODEC_PROCESS_BYTES, workingBytesFor } from '#server/sandbox/memory-estimate';
import { TinifyError } from './tinify-error';

export type ResizeMethod = 'fit' | 'scale' | 'cover' | 'thumb';

export interface TransformRequest {
  resize?: { method: ResizeMethod; width?: number; height?: number };
  /** Candidate output formats; the smallest result wins. */
  formats: ImageFormat[];
  preserve: PreserveField[];
  quality: number;
  background?: string;
}

/** Tinify's resize methods as the pipeline's fits: fit and scale fit inside, cover fills the box, thumb pads it. */
const FITS: Record<ResizeMethod, Fit> = { fit: 'inside', scale: 'inside', cover: 'cover', thumb: 'contain' };

/** The codec settings of a transformation: what a job with the same settings would be given. */
export function transformSettings(request: TransformRequest): CodecSettings {
  const { resize, formats } = request;
  return {
    quality: request.quality,
    format: formats.length === 1 ? formats[0]! : 'auto',
    formats: formats.length > 1 ? formats : undefined,
    mode: 'quality',
    metadata: { preserve: request.preserve },
    background: request.background ?? DEFAULT_BACKGROUND,
    allowResize: false,
    // Tinify's clients read the type they converted to: it is given even when larger (0585).
    formatRequired: true,
    ...(resize ? { maxWidth: resize.width, maxHeight: resize.height, fit: FITS[resize.method] } : {}),
  };
}

export const formatOfMime = (mime: string): ImageFormat | null => IMAGE_FORMATS.find((f) => FORMAT_MIME_TYPES[f] === mime) ?? null;

/**
 * The format a transformation without `convert` gives: the job's result's own, or for a result in a format we do not
 * write the nearest we do: WebP for a GIF (the one format that keeps its frames), PNG for an SVG (a drawing's raster).
 */
export function unconvertedFormat(resultMime: string): ImageFormat {
  if (resultMime === INPUT_ONLY_MIME_TYPES.gif) return 'webp';
  return formatOfMime(resultMime) ?? 'png';
}

/** Tinify's convert.type: one MIME type, a list (the smallest result wins) or a wildcard. */
export function convertFormats(type: string | string[]): ImageFormat[] {
  const wanted = [type].flat().map((t) => t.trim().toLowerCase());
  // Tinify's own formats: a wildcard does not bring JPEG XL, which Tinify does not make.
  if (wanted.includes('*/*') || wanted.includes('image/*')) return [...AUTO_DEFAULT_FORMATS];
  const formats = wanted.map(formatOfMime);
  if (formats.length === 0 || formats.some((f) => f === null)) throw new TinifyError(400, 'BadRequest', `convert.type must be among ${Object.values(FORMAT_MIME_TYPES).join(', ')} or */*`);
  return [...new Set(formats as ImageFormat[])];
}

/** The output's pixels: the box for cover and thumb, at most the input's for fit and scale. */
export function outputPixels(resize: TinifyOutputRequest['resize'], inputPixels: number): number {
  if (resize && (resize.method === 'cover' || resize.method === 'thumb')) return resize.width! * resize.height!;
  return inputPixels;
}

const refuse = (message: string) => new TinifyError(400, 'BadRequest', message);

/** Refuses, before any decode, a transformation whose output passes the pixel limits or a codec process's memory. */
export function checkTransformSize(
  header: { format: ImageFormat; pixels: number },
  resize: TinifyOutputRequest['resize'],
  formats: ImageFormat[],
): number {
  const pixels = outputPixels(resize, header.pixels);
  const megapixels = (n: number) => `${Math.round(n / 1e6)} megapixels`;
  if (pixels > MAX_INPUT_PIXELS) {
    throw refuse(`The resized image would have ${megapixels(pixels)}; at most ${megapixels(MAX_INPUT_PIXELS)} are allowed.`);
  }
  if (formats.includes('png') && pixels > MAX_PNG_PIXELS) {
    throw refuse(`A PNG of ${megapixels(pixels)} is larger than the ${megapixels(MAX_PNG_PIXELS)} allowed for PNG; convert to another format or resize smaller.`);
  }
  // Only an enlargement is judged here: for the upload's own size the codec's limits apply as they do to any job.
  if (pixels <= header.pixels) return pixels;
  const format = formats.length > 1 ? 'auto' : formats[0]!;
  const needed = CODEC_PROCESS_BYTES + workingBytesFor(header, { format, formats, outputPixels: pixels });
  if (needed > CODEC_MEMORY_LIMIT_BYTES) {
    throw refuse(
      `This transformation would need about ${Math.ceil(needed / 1024 ** 2)} MB, more than the ${CODEC_MEMORY_LIMIT_BYTES / 1024 ** 2} MB one image may use; resize smaller or choose fewer formats.`,
    );
  }
  return pixels;
}
