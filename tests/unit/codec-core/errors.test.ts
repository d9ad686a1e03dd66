// The failures caused by the input itself: their kinds and the exact words users read, with the pixel counts said in
// megapixels rounded to one decimal.
import { describe, expect, it } from 'vitest';
import { avifTooLargeError, CodecError, pngTooLargeError, pngTooLargeMessage, timeoutError, tooManyPixelsError } from '#codec-core/index';

describe('CodecError', () => {
  it('is an Error with its kind and its message as given, named for the logs', () => {
    const error = new CodecError('corrupt', 'broken');
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.kind, error.message]).toEqual(['CodecError', 'corrupt', 'broken']);
  });

  it('a timeout says how many seconds were allowed', () => {
    const error = timeoutError(45);
    expect(error).toBeInstanceOf(CodecError);
    expect([error.name, error.kind, error.message]).toEqual(['CodecError', 'timeout', 'The image took longer than 45 seconds to process and was stopped']);
  });
});

describe('pixel limits', () => {
  it('the general limit names the size, its megapixels and the limit', () => {
    const error = tooManyPixelsError(5000, 4000, 10_000_000);
    expect([error.kind, error.message]).toEqual(['too-many-pixels', 'The image is 5000×4000 pixels (20 megapixels); the limit is 10 megapixels']);
  });

  it('megapixels are rounded to one decimal (12 345 678 pixels are 12.3, 12 373 123 are 12.4)', () => {
    expect(tooManyPixelsError(4321, 2857, 12_345_678).message).toBe('The image is 4321×2857 pixels (12.3 megapixels); the limit is 12.3 megapixels');
    expect(pngTooLargeMessage(4123, 3001, 12_000_000)).toBe('The image is 4123×3001 pixels (12.4 megapixels); PNG images are limited to 12 megapixels');
    expect(pngTooLargeMessage(1000, 49, 1_049_999)).toBe('The image is 1000×49 pixels (0 megapixels); PNG images are limited to 1 megapixels');
  });

  it('PNG’s limit is said the same at upload (the message) and in the codec (the error)', () => {
    const error = pngTooLargeError(8000, 6000, 40_000_000);
    expect(error.kind).toBe('too-many-pixels');
    expect(error.message).toBe(pngTooLargeMessage(8000, 6000, 40_000_000));
    expect(error.message).toBe('The image is 8000×6000 pixels (48 megapixels); PNG images are limited to 40 megapixels');
  });

  it('AVIF’s limit names the memory and what to choose instead', () => {
    const error = avifTooLargeError(6000, 4500, 24_000_000);
    expect(error).toBeInstanceOf(CodecError);
    expect(error.kind).toBe('too-many-pixels');
    expect(error.message).toBe(
      'An AVIF of 6000×4500 pixels (27 megapixels) needs more memory than a compression may use; AVIF results are limited to 24 megapixels: choose WebP, JPEG or Auto, or a maximum width or height',
    );
  });
});
