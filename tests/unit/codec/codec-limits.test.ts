// The codec's refusals, checked where they are made: the PNG pixel limit read from the header at upload, the
// messages users read, the classification of libvips failures, and the one time budget a compression shares.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PNG_PIXELS } from '#contract/limits';
import { Deadline } from '#server/codec/deadline';
import {
  CORRUPT_MESSAGE,
  memoryLimitError,
  pngTooLargeError,
  pngTooLargeMessage,
  timeoutError,
  toCodecError,
  tooManyPixelsError,
} from '#server/codec/errors';
import { PNG_HEADER_BYTES, pngDimensions, pngOverLimit } from '#server/codec/input/png-header';
import { CodecError } from '#server/codec/types';

/** The first 24 bytes of a PNG: signature, IHDR length and type, width and height. */
function pngHead(width: number, height: number, chunk = 'IHDR'): Buffer {
  const head = Buffer.alloc(PNG_HEADER_BYTES);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(head, 0);
  head.writeUInt32BE(13, 8);
  head.write(chunk, 12, 'latin1');
  head.writeUInt32BE(width, 16);
  head.writeUInt32BE(height, 20);
  return head;
}

describe('PNG header', () => {
  it('reads width and height from the IHDR chunk, as unsigned 32-bit numbers', () => {
    expect(PNG_HEADER_BYTES).toBe(24);
    expect(pngDimensions(pngHead(640, 480))).toEqual({ width: 640, height: 480 });
    // Above 2^31: a signed read would give a negative width and slip under the limit.
    expect(pngDimensions(pngHead(0x8000_0001, 2))).toEqual({ width: 0x8000_0001, height: 2 });
  });

  it('reads a header that sits inside a larger buffer at an offset', () => {
    const pool = Buffer.concat([Buffer.from('padding!'), pngHead(300, 200), Buffer.from('tail')]);
    expect(pngDimensions(pool.subarray(8, 8 + PNG_HEADER_BYTES))).toEqual({ width: 300, height: 200 });
  });

  it('gives no dimensions for a short head or a first chunk that is not IHDR', () => {
    expect(pngDimensions(pngHead(10, 10).subarray(0, PNG_HEADER_BYTES - 1))).toBeNull();
    expect(pngDimensions(pngHead(10, 10, 'IDAT'))).toBeNull();
    expect(pngOverLimit(pngHead(100_000, 100_000, 'tEXt'))).toBeNull();
  });

  it('refuses only above the PNG pixel limit, with the message the codec uses too', () => {
    expect(MAX_PNG_PIXELS).toBe(16_000_000);
    expect(pngOverLimit(pngHead(4000, 4000))).toBeNull();
    expect(pngOverLimit(pngHead(16_000_000, 1))).toBeNull();
    expect(pngOverLimit(pngHead(16_000_001, 1))).toBe(pngTooLargeMessage(16_000_001, 1, MAX_PNG_PIXELS));
    expect(pngOverLimit(pngHead(5000, 4000))).toBe('The image is 5000×4000 pixels (20 megapixels); PNG images are limited to 16 megapixels');
  });
});

describe('codec messages', () => {
  it('says how large the image is and what the limit is, in megapixels to one decimal', () => {
    const error = pngTooLargeError(4321, 5000, MAX_PNG_PIXELS);
    expect(error).toBeInstanceOf(CodecError);
    expect(error.kind).toBe('too-many-pixels');
    expect(error.message).toBe('The image is 4321×5000 pixels (21.6 megapixels); PNG images are limited to 16 megapixels');

    const pixels = tooManyPixelsError(12_000, 9_000, 100_000_000);
    expect(pixels.kind).toBe('too-many-pixels');
    expect(pixels.message).toBe('The image is 12000×9000 pixels (108 megapixels); the limit is 100 megapixels');
  });

  it('names the memory bound in whole megabytes', () => {
    const error = memoryLimitError(1536 * 1024 ** 2 + 200_000);
    expect(error.kind).toBe('too-many-pixels');
    expect(error.message).toBe('The image needs more than the 1536 MB of memory a compression may use; please upload a smaller image');
  });

  it('says how long the image was allowed to take', () => {
    const error = timeoutError(30);
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('The image took longer than 30 seconds to process and was stopped');
  });
});

describe('toCodecError', () => {
  it('passes a CodecError through unchanged', () => {
    const original = new CodecError('unsupported-format', 'not an image');
    expect(toCodecError(original, 30)).toBe(original);
  });

  it.each([
    ['timeout: 30s', 'an error that starts with timeout:'],
    ['vips: operation Timeout reached', 'the word timeout anywhere'],
  ])('reports %s as the time limit (%s)', (message) => {
    const error = toCodecError(new Error(message), 12);
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(timeoutError(12).message);
  });

  it.each([
    ['VipsJpeg: Premature end of JPEG file', new Error('VipsJpeg: Premature end of JPEG file')],
    ['a word that only contains timeout', new Error('pngload: read error after timeouts2 chunk')],
    ['a thrown string', 'Input buffer contains unsupported image format'],
  ])('reports anything else as a damaged file: %s', (_name, thrown) => {
    const error = toCodecError(thrown, 30);
    expect(error.kind).toBe('corrupt');
    expect(error.message).toBe(CORRUPT_MESSAGE);
  });
});

describe('Deadline', () => {
  beforeEach(() => {
    // setImmediate stays real: one test lets the event loop turn to see that no rejection goes unhandled.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the whole seconds left, rounding up, and throws once they are spent', () => {
    const deadline = new Deadline(3);
    expect(deadline.seconds).toBe(3);
    expect(deadline.remainingSeconds()).toBe(3);
    vi.advanceTimersByTime(1_200);
    expect(deadline.remainingSeconds()).toBe(2);
    vi.advanceTimersByTime(1_799);
    expect(deadline.remainingSeconds()).toBe(1);
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(deadline.signal.aborted).toBe(true);
    expect(() => deadline.remainingSeconds()).toThrow(timeoutError(3).message);
    deadline.dispose();
  });

  it('throws once aborted even when the clock has not reached the end (a timer that fired early)', () => {
    const deadline = new Deadline(5);
    vi.advanceTimersByTime(5_000);
    vi.setSystemTime(Date.now() - 2_000);
    expect(deadline.signal.aborted).toBe(true);
    expect(() => deadline.remainingSeconds()).toThrow(CodecError);
  });

  it('settles a race with the work when the work ends first, value or error', async () => {
    const deadline = new Deadline(10);
    await expect(deadline.race(Promise.resolve('done'))).resolves.toBe('done');
    const failure = new Error('encoder failed');
    await expect(deadline.race(Promise.reject(failure))).rejects.toBe(failure);
    deadline.dispose();
  });

  it('rejects a race with the time limit as soon as the budget runs out, without waiting for the work', async () => {
    const deadline = new Deadline(2);
    let finish!: (value: string) => void;
    const race = deadline.race(new Promise<string>((resolve) => (finish = resolve)));
    const settled = vi.fn();
    race.then(settled, settled);
    vi.advanceTimersByTime(1_999);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await expect(race).rejects.toMatchObject({ kind: 'timeout', message: timeoutError(2).message });
    finish('too late');
  });

  it('refuses new work at once when the budget is already spent, and swallows that work\'s failure', async () => {
    const deadline = new Deadline(1);
    vi.advanceTimersByTime(1_000);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      await expect(deadline.race(Promise.reject(new Error('late failure')))).rejects.toMatchObject({ kind: 'timeout' });
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', unhandled);
    }
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('lets go of its abort listener when the work settles first', async () => {
    const deadline = new Deadline(10);
    const remove = vi.spyOn(deadline.signal, 'removeEventListener');
    await deadline.race(Promise.resolve(1));
    await deadline.race(Promise.reject(new Error('x'))).catch(() => undefined);
    expect(remove).toHaveBeenCalledTimes(2);
    expect(remove.mock.calls.every(([type]) => type === 'abort')).toBe(true);
    deadline.dispose();
  });

  it('stops its timer on dispose, so a finished compression never aborts', () => {
    const deadline = new Deadline(1);
    deadline.dispose();
    vi.advanceTimersByTime(10_000);
    expect(deadline.signal.aborted).toBe(false);
  });
});
