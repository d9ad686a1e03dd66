// The one rule that decides when the upload itself is the result, table-driven.
import { describe, expect, it } from 'vitest';
import { largerThanUploadNote, uploadWins } from '#codec-core/never-larger';

describe('uploadWins', () => {
  it.each([
    // passed on, rival, upload wins
    [1000, 1001, true], // smaller than the best encoding
    [1000, 1000, true], // a tie goes to the upload: no generation loss
    [1001, 1000, false], // the encoding is smaller
    [null, 500, false], // the upload cannot be passed on (another format or size, unremovable metadata)
    [null, null, false], // nothing at all
    [1000, null, true], // nothing was encoded (lossless JPEG): only the upload
    [4000, 5000, true], // size mode before encoding: the upload fits the target
    [6000, 5000, false], // size mode: it does not
  ] as const)('passed on %s against %s: %s', (passedOn, rival, wins) => {
    expect(uploadWins(passedOn, rival)).toBe(wins);
  });
});

describe('largerThanUploadNote', () => {
  it('names the format made and the upload\'s, with how much larger, as people read it', () => {
    expect(largerThanUploadNote({ asked: 'png', made: 'png', bytes: 4200, upload: 'jpeg', uploadBytes: 1000 })).toBe(
      'PNG of this image is 4.2 times the size of the JPEG upload, so the upload is returned as JPEG, as it came (with only the metadata your settings keep)',
    );
    expect(largerThanUploadNote({ asked: 'webp', made: 'webp', bytes: 1031, upload: 'gif', uploadBytes: 1000 })).toMatch(/^WebP of this image is 4% larger than the GIF upload, so the upload is returned as GIF,/);
    expect(largerThanUploadNote({ asked: 'auto', made: 'avif', bytes: 25_000, upload: 'jxl', uploadBytes: 1000 })).toMatch(
      /^Every format Auto tried is larger than this JPEG XL upload \(the smallest, AVIF, is 25 times the size of it\)/,
    );
  });
});
