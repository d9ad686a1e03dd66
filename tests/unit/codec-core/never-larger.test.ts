// The one rule that decides when the upload itself is the result, table-driven.
import { describe, expect, it } from 'vitest';
import { uploadWins } from '#codec-core/never-larger';

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
