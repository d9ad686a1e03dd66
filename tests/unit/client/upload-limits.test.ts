import { describe, expect, it } from 'vitest';
import { sizeHint } from '#client/lib/upload-limits.ts';

describe('size hint under the drop zone', () => {
  it('uses the formatted maximum when the server supplies one', () => {
    expect(sizeHint({ maxFileSizeFormatted: '25 MB' }, false)).toBe('Max 25 MB each');
    expect(sizeHint({ maxFileSizeFormatted: '25 MB' }, true)).toBe('Max 25 MB each');
  });

  it('says there is no size limit for a signed-in user otherwise', () => {
    expect(sizeHint({ maxFileSizeFormatted: null }, true)).toBe('No size limit');
    expect(sizeHint(undefined, true)).toBe('No size limit');
  });

  it('falls back to the 10 MB guest default', () => {
    expect(sizeHint({ maxFileSizeFormatted: null }, false)).toBe('Max 10 MB each');
    expect(sizeHint(undefined, false)).toBe('Max 10 MB each');
  });
});
