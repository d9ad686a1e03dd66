// A failure crosses a boundary (a server codec process's IPC, a browser codec worker's messages) in one shape and
// comes back as what it was: a CodecError of its kind, or an Error with its system code.
import { describe, expect, it } from 'vitest';
import { CodecError, deserializeError, serializeError, timeoutError } from '#codec-core/index';

describe('serializeError and deserializeError', () => {
  it("keeps a CodecError's kind and message, and nothing else", () => {
    const crossed = JSON.parse(JSON.stringify(serializeError(timeoutError(30))));
    expect(crossed).toEqual({ message: 'The image took longer than 30 seconds to process and was stopped', kind: 'timeout' });
    const back = deserializeError(crossed);
    expect(back).toBeInstanceOf(CodecError);
    expect(back).toMatchObject({ kind: 'timeout', message: crossed.message, name: 'CodecError' });
  });

  it('keeps a system error\'s code (so a full disk is still a full disk), and a plain error\'s message alone', () => {
    const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    expect(serializeError(full)).toEqual({ message: 'no space left on device', code: 'ENOSPC' });
    const back = deserializeError(serializeError(full)) as Error & { code?: string };
    expect(back).not.toBeInstanceOf(CodecError);
    expect([back.message, back.code]).toEqual(['no space left on device', 'ENOSPC']);
    expect(serializeError(new Error('boom'))).toEqual({ message: 'boom' });
    expect(deserializeError({ message: 'boom' })).not.toHaveProperty('code');
    expect(serializeError(Object.assign(new Error('odd'), { code: 42 }))).toEqual({ message: 'odd' });
  });

  it('words a thrown value that is not an Error', () => {
    expect(serializeError('just text')).toEqual({ message: 'just text' });
    expect(serializeError(null)).toEqual({ message: 'null' });
  });
});
