// The test runner's summary repeats why a level failed, since CI keeps only the end of a long log.
import { describe, expect, it } from 'vitest';
import { failureExcerpt } from '../../../scripts/test-levels';

describe('failureExcerpt', () => {
  it("keeps vitest's failure report, from its header on, without colours", () => {
    const output = [
      ' ✓ api tests/api/a.test.ts (3 tests)',
      ' \x1b[31m×\x1b[39m api tests/api/b.test.ts > fails',
      '⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯',
      ' FAIL  api  tests/api/b.test.ts > fails',
      'AssertionError: expected 1 to be 2',
      ' Test Files  1 failed | 1 passed (2)',
    ].join('\n');
    expect(failureExcerpt(output).split('\n')).toEqual([
      '⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯',
      ' FAIL  api  tests/api/b.test.ts > fails',
      'AssertionError: expected 1 to be 2',
      ' Test Files  1 failed | 1 passed (2)',
    ]);
  });

  it('falls back to the last lines of other tools', () => {
    const output = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    expect(failureExcerpt(output).split('\n')).toEqual(Array.from({ length: 40 }, (_, i) => `line ${60 + i}`));
  });
});
