// Turns libvips/sharp failures into CodecErrors whose messages can be shown to users as they are.
import { MESSAGES } from '#contract/messages';
import { CodecError } from './types';

export const UNSUPPORTED_MESSAGE = MESSAGES.fileTypeInvalid;
export const CORRUPT_MESSAGE = 'The image file is damaged or incomplete and could not be decoded';

export function timeoutError(seconds: number): CodecError {
  return new CodecError('timeout', `The image took longer than ${seconds} seconds to process and was stopped`);
}

const megapixels = (n: number) => `${Math.round(n / 100_000) / 10} megapixels`;

/** PNG is read and written only up to MAX_PNG_PIXELS; the same words at upload and in the codec. */
export function pngTooLargeMessage(width: number, height: number, maxPixels: number): string {
  return `The image is ${width}×${height} pixels (${megapixels(width * height)}); PNG images are limited to ${megapixels(maxPixels)}`;
}

export function pngTooLargeError(width: number, height: number, maxPixels: number): CodecError {
  return new CodecError('too-many-pixels', pngTooLargeMessage(width, height, maxPixels));
}

/** A compression that went over the codec process's memory bound: the image is too large to compress here. */
export function memoryLimitError(limitBytes: number): CodecError {
  return new CodecError(
    'too-many-pixels',
    `The image needs more than the ${Math.round(limitBytes / 1024 ** 2)} MB of memory a compression may use; please upload a smaller image`,
  );
}

export function tooManyPixelsError(width: number, height: number, maxPixels: number): CodecError {
  return new CodecError('too-many-pixels', `The image is ${width}×${height} pixels (${megapixels(width * height)}); the limit is ${megapixels(maxPixels)}`);
}

/**
 * Everything sharp throws for a buffer it was allowed to open is a property of the input, except
 * a timeout. A format our sniffing accepted but libvips does not recognise (a PNG signature in front
 * of something else, say) is a damaged file from the user's point of view, not a wrong type.
 */
export function toCodecError(error: unknown, timeoutSeconds: number): CodecError {
  if (error instanceof CodecError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/^timeout:|\btimeout\b/i.test(message)) return timeoutError(timeoutSeconds);
  return new CodecError('corrupt', CORRUPT_MESSAGE);
}
