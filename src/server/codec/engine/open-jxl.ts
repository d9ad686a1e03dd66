// A JPEG XL upload turned into what the rest of the sharp engine reads (sharp's build has no libjxl): decoded by
// libjxl's djxl to a PNG, which carries the image's colour profile. Its size is checked from the PNG's header before
// libvips decodes it; djxl itself is bounded by the codec's deadline and its memory limit (helper-process.ts), and
// reaching either is reported as that limit, not as a damaged file.
import { CodecError, CORRUPT_MESSAGE, tooManyPixelsError } from '#codec-core/index';
import type { Deadline } from '#server/codec/deadline';
import { timeoutError } from '#server/codec/errors';
import { djxlToPng } from '#server/codec/jxl/libjxl-tools';
import { pngDimensions } from '#server/codec/input/png-header';

export async function jxlAsPng(input: Buffer, maxPixels: number, deadline: Deadline): Promise<Buffer> {
  let png: Buffer;
  try {
    png = await djxlToPng(input, deadline.signal);
  } catch (error) {
    // Cut off at the time limit, or out of its memory (a CodecError from the helper): not a damaged file.
    if (deadline.signal.aborted) throw timeoutError(deadline.seconds);
    if (error instanceof CodecError) throw error;
    throw new CodecError('corrupt', CORRUPT_MESSAGE);
  }
  const size = pngDimensions(png);
  if (size && size.width * size.height > maxPixels) throw tooManyPixelsError(size.width, size.height, maxPixels);
  return png;
}
