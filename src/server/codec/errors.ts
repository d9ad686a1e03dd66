// Turns libvips/sharp failures into CodecErrors whose messages can be shown to users as they are.
import { MESSAGES } from '../../contract/messages';
import { CodecError } from './types';

export const UNSUPPORTED_MESSAGE = MESSAGES.fileTypeInvalid;
export const CORRUPT_MESSAGE = 'The image file is damaged or incomplete and could not be decoded';

export function timeoutError(seconds: number): CodecError {
  return new CodecError('timeout', `The image took longer than ${seconds} seconds to process and was stopped`);
}

export function tooManyPixelsError(width: number, height: number, maxPixels: number): CodecError {
  const mp = (n: number) => `${Math.round(n / 100_000) / 10} megapixels`;
  return new CodecError(
    'too-many-pixels',
    `The image is ${width}×${height} pixels (${mp(width * height)}); the limit is ${mp(maxPixels)}`,
  );
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
