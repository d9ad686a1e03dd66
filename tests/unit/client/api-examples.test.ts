// The /developers page's snippets are pasted into terminals: no raw control character may hide in them (a carriage
// return pastes as a line break and leaves LOCATION empty), and each must be valid shell as written.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { apiExamples, quickScript, tinifyExample } from '#client/content/api-examples.ts';

const ORIGIN = 'https://images.example.com';

describe('API snippets', () => {
  it('the Tinify snippet says tr -d with a backslash and an r, and continues its line with a backslash', () => {
    const code = tinifyExample(ORIGIN, 'isq_test_key');
    expect(code).not.toMatch(/\r/);
    expect(code).toContain(String.raw`tr -d '\r'`);
    expect(code).toContain(`${ORIGIN}/shrink \\\n  | tr`);
  });

  it('no snippet holds a control character other than a newline, and the shell ones parse', () => {
    const shell = [tinifyExample(ORIGIN, null), quickScript(ORIGIN, null), ...apiExamples(ORIGIN).filter((e) => e.id === 'curl').map((e) => e.code)];
    for (const code of [...shell, ...apiExamples(ORIGIN, 'k').map((e) => e.code)]) {
      // eslint-disable-next-line no-control-regex
      expect(code).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    }
    for (const code of shell) execFileSync('bash', ['-n'], { input: code });
  });
});
