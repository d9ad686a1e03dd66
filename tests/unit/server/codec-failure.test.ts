// The one triage of a codec task that did not finish: the codec's verdict on the input is final, a task stopped short
// may be tried again, anything else is the caller's own to handle.
import { describe, expect, it } from 'vitest';
import { CodecError, timeoutError } from '#server/codec/planning';
import { CodecAbandonedError, CodecCrashError, CRASH_MESSAGE } from '#server/sandbox/codec-pool';
import { triageCodecFailure } from '#server/sandbox/codec-failure';

describe('triageCodecFailure', () => {
  it('refuses for every verdict on the input, with the codec error itself', () => {
    for (const kind of ['unsupported-format', 'unsupported-feature', 'corrupt', 'too-many-pixels'] as const) {
      const error = new CodecError(kind, 'why');
      expect(triageCodecFailure(error), kind).toEqual({ verdict: 'refused', error });
    }
  });

  it('calls a time limit, a crash and a client gone "stopped", each with its cause and message', () => {
    expect(triageCodecFailure(timeoutError(30))).toEqual({ verdict: 'stopped', cause: 'timeout', message: 'The image took longer than 30 seconds to process and was stopped' });
    expect(triageCodecFailure(new CodecCrashError('SIGKILL'))).toEqual({ verdict: 'stopped', cause: 'crash', message: CRASH_MESSAGE });
    expect(triageCodecFailure(new CodecAbandonedError())).toEqual({ verdict: 'stopped', cause: 'abandoned', message: 'The request was abandoned by its client' });
  });

  it('leaves a fault of the machine, or a bug, to the caller', () => {
    expect(triageCodecFailure(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toEqual({ verdict: 'other' });
    expect(triageCodecFailure('thrown text')).toEqual({ verdict: 'other' });
  });
});
