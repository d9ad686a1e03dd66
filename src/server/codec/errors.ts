// Turns libvips/sharp failures into CodecErrors whose messages can be shown to users as they are. The messages
// themselves are the core's (#codec-core/errors): the same words whichever engine ran.
import { CodecError, CORRUPT_MESSAGE, timeoutError } from '#codec-core/errors';

export { CORRUPT_MESSAGE, UNSUPPORTED_MESSAGE, pngTooLargeError, pngTooLargeMessage, timeoutError, tooManyPixelsError } from '#codec-core/errors';

/** A compression that went over the codec process's memory bound: the image is too large to compress here. */
export function memoryLimitError(limitBytes: number): CodecError {
  return new CodecError(
    'too-many-pixels',
    `The image needs more than the ${Math.round(limitBytes / 1024 ** 2)} MB of memory a compression may use; please upload a smaller image`,
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
