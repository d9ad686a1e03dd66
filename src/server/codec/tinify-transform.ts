// Tinify-compatible transformations of a compressed job (POST /output/<id>): resize (fit, scale, cover, thumb),
// convert (a list of formats, the smallest wins) and preserve (copyright, creation, location). They are settings of
// the one pipeline, applied to the uploaded original (one generation of loss, not two): a transform is an ordinary
// compress task, through the same door (engine-for.ts), so it gives the bytes a job with the same settings gives: an
// animation stays animated, an SVG is rendered by the same sanitising engine. docs/decisions/0301-one-codec-pipeline.md,
// 0603-one-door.md.
import { CodecError, type CodecSettings, type Fit, type PreserveField } from '#codec-core/index';
import { MAX_INPUT_PIXELS } from '#contract/limits';
import { DEFAULT_BACKGROUND, IMAGE_FORMATS, type ImageFormat } from '#contract/settings';
import { sniffInputFormat } from './input/sniff';
import type { CompressOptions, CompressResult } from './types';

export type ResizeMethod = 'fit' | 'scale' | 'cover' | 'thumb';
export type { PreserveField } from '#codec-core/index';

export interface TransformRequest {
  resize?: { method: ResizeMethod; width?: number; height?: number };
  /** Candidate output formats; the smallest result wins. */
  formats: ImageFormat[];
  preserve: PreserveField[];
  quality: number;
  background?: string;
}

export interface TransformResult {
  data: Buffer;
  format: ImageFormat;
  width: number;
  height: number;
}

/** Tinify's resize methods as the pipeline's fits: fit and scale fit inside, cover fills the box, thumb pads it. */
const FITS: Record<ResizeMethod, Fit> = { fit: 'inside', scale: 'inside', cover: 'cover', thumb: 'contain' };

/** The pipeline's settings for a transform: what a job with the same settings would be given. */
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

/** Refuses, in Tinify's words, what no transformation can be made of. */
export function checkTransformable(original: Buffer, request: TransformRequest): void {
  // The original was sniffed at upload; a stored file that is no longer an image says so in these words.
  if (!sniffInputFormat(original)) throw new CodecError('unsupported-format', 'The stored original is not an image we can read');
  if (request.formats.length === 0) throw new CodecError('unsupported-format', 'No output format to convert to');
}

/** The compress options of a transformation: its settings, and the codec's limits. */
export const transformOptions = (request: TransformRequest, timeoutSeconds: number): CompressOptions => ({
  ...transformSettings(request),
  maxPixels: MAX_INPUT_PIXELS,
  timeoutSeconds,
});

/** A transformation's answer from the compress result: always one of the formats asked (they are required). */
export function transformResult(result: CompressResult): TransformResult {
  const { format, width, height } = result.output;
  if (!isImageFormat(format)) throw new CodecError('unsupported-format', `The result would be ${format.toUpperCase()}, which a transformation does not give`);
  return { data: result.data, format, width, height };
}

const isImageFormat = (format: string): format is ImageFormat => (IMAGE_FORMATS as readonly string[]).includes(format);
