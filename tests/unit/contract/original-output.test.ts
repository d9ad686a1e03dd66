// What `original` makes of a stored upload, by its sniffed MIME type: the codec's time and memory are planned for it,
// so a GIF is planned as the animated WebP it becomes and a HEIC as its JPEG, never as a guessed JPEG.
import { describe, expect, it } from 'vitest';
import { ACCEPTED_MIME_TYPES } from '#contract/limits';
import { originalOutputOfMimeType } from '#contract/settings';

describe('originalOutputOfMimeType', () => {
  it('is the upload\'s own format for the formats we write, and ORIGINAL_OUTPUT_OF\'s for those we only read', () => {
    expect(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/jxl'].map(originalOutputOfMimeType)).toEqual(['jpeg', 'png', 'webp', 'avif', 'jxl']);
    expect(['image/gif', 'image/heic', 'image/heif', 'image/svg+xml'].map(originalOutputOfMimeType)).toEqual(['webp', 'jpeg', 'jpeg', 'png']);
  });

  it('answers every accepted type, and refuses any other rather than guess', () => {
    for (const mime of [...ACCEPTED_MIME_TYPES, 'image/svg+xml']) expect(() => originalOutputOfMimeType(mime), mime).not.toThrow();
    expect(() => originalOutputOfMimeType('text/html')).toThrow('text/html is not an accepted image type');
  });
});
