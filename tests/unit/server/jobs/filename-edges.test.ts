// File-name edge cases beyond tests/unit/server/filename.test.ts: trailing blanks, reserved device names inside
// longer words, the extension rule for long names, a missing name, and duplicates of names that start with a dot.
import { describe, expect, it } from 'vitest';
import { decodeFormFilename, sanitizeFilename, uniqueNames } from '#server/jobs/filename';

describe('file name edges', () => {
  it.each([
    ['photo.png  ', 'photo.png'],
    ['falcon.png', 'falcon.png'],
    ['prnt.jpg', 'prnt.jpg'],
    ['COM3.png', '_COM3.png'],
    ['comX.png', 'comX.png'],
  ])('%j -> %j', (raw, expected) => {
    expect(sanitizeFilename(raw, '.jpg')).toBe(expected);
  });

  it('keeps an extension of up to nine characters on a long name, and treats a longer tail as part of the name', () => {
    const nine = sanitizeFilename(`${'x'.repeat(300)}.abcdefghi`, '.jpg');
    expect(nine).toBe(`${'x'.repeat(190)}.abcdefghi`);
    const tail = `.${'y'.repeat(20)}`;
    const long = sanitizeFilename(`a${tail}${'z'.repeat(300)}`, '.jpg');
    expect(long).toBe(`a${tail}${'z'.repeat(300)}`.slice(0, 200));
  });

  it('passes a missing form name through as missing', () => {
    expect(decodeFormFilename(undefined)).toBeUndefined();
  });

  it('numbers duplicates of a dot-file after the whole name', () => {
    expect(uniqueNames(['.hidden', '.hidden'])).toEqual(['.hidden', '.hidden (2)']);
  });
});
