// A private-mode worker's failure as the page shows it: the codec core's kind becomes the code the UI keys on, an
// engine's own failure is said in general words.
import { describe, expect, it } from 'vitest';
import { CodecError, serializeError } from '#codec-core/index';
import { BROWSER_CODEC_FAILED_MESSAGE } from '#client/private/codec-protocol.ts';
import { browserCodecError } from '#client/private/worker-pool.ts';

describe('browserCodecError', () => {
  it('gives a codec error its kind as an upper-case code, with its message', () => {
    const error = browserCodecError(serializeError(new CodecError('too-many-pixels', 'The image is too large')));
    expect([error.message, error.code]).toEqual(['The image is too large', 'TOO_MANY_PIXELS']);
    expect(browserCodecError(serializeError(new CodecError('unsupported-feature', 'x'))).code).toBe('UNSUPPORTED_FEATURE');
  });

  it("gives any other failure the browser's own code", () => {
    const error = browserCodecError({ message: BROWSER_CODEC_FAILED_MESSAGE });
    expect([error.message, error.code]).toEqual(['This browser could not compress the image', 'BROWSER_CODEC_FAILED']);
  });
});
