// Failures caused by the input itself (retrying cannot help), with messages shown to users as they are.
import { MESSAGES } from '#contract/messages';

/**
 * `unsupported-feature`: a valid file of a format we take, using a part of that format we cannot keep (an animated
 * AVIF, premultiplied alpha in JPEG XL); its message names the feature, never "damaged".
 */
export type CodecErrorKind = 'unsupported-format' | 'unsupported-feature' | 'corrupt' | 'too-many-pixels' | 'timeout';

export class CodecError extends Error {
  constructor(
    readonly kind: CodecErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'CodecError';
  }
}

export const UNSUPPORTED_MESSAGE = MESSAGES.fileTypeInvalid;
export const CORRUPT_MESSAGE = 'The image file is damaged or incomplete and could not be decoded';

/** Lossless mode cannot give a JPEG except the uploaded JPEG itself. Shown to users (a failed job, a 4xx). */
export const LOSSLESS_JPEG_MESSAGE =
  'Lossless JPEG output is only possible for a JPEG upload kept at its own size; choose PNG, WebP, AVIF or Auto for lossless output';

export function timeoutError(seconds: number): CodecError {
  return new CodecError('timeout', `The image took longer than ${seconds} seconds to process and was stopped`);
}

const megapixels = (n: number) => `${Math.round(n / 100_000) / 10} megapixels`;

/** PNG is read and written only up to MAX_PNG_PIXELS; the same words at upload and in the codec. */
export function pngTooLargeMessage(width: number, height: number, maxPixels: number): string {
  return `The image is ${width}×${height} pixels (${megapixels(width * height)}); PNG images are limited to ${megapixels(maxPixels)}`;
}

/** AVIF is written only up to MAX_AVIF_PIXELS (libaom's memory); said before anything is encoded. */
export function avifTooLargeError(width: number, height: number, maxPixels: number): CodecError {
  return new CodecError(
    'too-many-pixels',
    `An AVIF of ${width}×${height} pixels (${megapixels(width * height)}) needs more memory than a compression may use; AVIF results are limited to ${megapixels(maxPixels)}: choose WebP, JPEG or Auto, or a maximum width or height`,
  );
}

export function pngTooLargeError(width: number, height: number, maxPixels: number): CodecError {
  return new CodecError('too-many-pixels', pngTooLargeMessage(width, height, maxPixels));
}

export function tooManyPixelsError(width: number, height: number, maxPixels: number): CodecError {
  return new CodecError('too-many-pixels', `The image is ${width}×${height} pixels (${megapixels(width * height)}); the limit is ${megapixels(maxPixels)}`);
}

/**
 * A failure as it crosses a boundary (a server codec process's IPC, a browser codec worker's messages): a
 * CodecError's kind, or a system error's code (ENOSPC, say), with its message. One shape for both transports.
 */
export interface SerializedError {
  message: string;
  kind?: CodecErrorKind;
  code?: string;
}

export function serializeError(err: unknown): SerializedError {
  if (err instanceof CodecError) return { message: err.message, kind: err.kind };
  const code = (err as { code?: unknown } | null)?.code;
  return { message: err instanceof Error ? err.message : String(err), ...(typeof code === 'string' ? { code } : {}) };
}

/** The error rebuilt on the other side: a CodecError of its kind, or an Error carrying its code. */
export function deserializeError(e: SerializedError): Error {
  if (e.kind) return new CodecError(e.kind, e.message);
  const err: Error & { code?: string } = new Error(e.message);
  if (e.code) err.code = e.code;
  return err;
}
