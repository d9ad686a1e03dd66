// Tinify-compatible transformations of a compressed job (POST /output/<id>): resize (fit, scale, cover, thumb),
// convert (a list of formats, the smallest wins) and preserve (copyright, creation, location). They are settings of
// the one pipeline, applied to the uploaded original (one generation of loss, not two): a transform gives the bytes
// a job with the same settings gives. docs/decisions/0301-one-codec-pipeline.md.
import { compress, type CodecSettings, type Fit, type PreserveField } from '#codec-core/index';
import { CodecError } from '#codec-core/errors';
import { MAX_INPUT_PIXELS } from '#contract/limits';
import { DEFAULT_BACKGROUND, type ImageFormat } from '#contract/settings';
import { sharpEngineHere } from './engine/sharp-engine';
import { sniffImageFormat } from './input/sniff';
import { DEFAULT_TIMEOUT_SECONDS } from './time-limit';

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

/** Runs in a codec process (sandbox/codec-process.ts), never in the server: see FileTransformer. */
export async function transformImage(original: Buffer, request: TransformRequest, timeoutSeconds = DEFAULT_TIMEOUT_SECONDS * 2): Promise<TransformResult> {
  // The original was sniffed at upload; a stored file that is no longer an image says so in these words.
  if (!sniffImageFormat(original)) throw new CodecError('unsupported-format', 'The stored original is not an image we can read');
  if (request.formats.length === 0) throw new CodecError('unsupported-format', 'No output format to convert to');
  const result = await compress(await sharpEngineHere(), original, transformSettings(request), { maxPixels: MAX_INPUT_PIXELS, timeoutSeconds });
  return { data: result.data as Buffer, format: result.output.format, width: result.output.width, height: result.output.height };
}
