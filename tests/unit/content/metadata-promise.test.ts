// The README's "No private metadata" promise names its one exception: `metadata=keep-all` keeps the GPS location,
// by the user's choice (measured in every output format by the 2026-11-27 attack; docs/decisions/0280).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/paths';

describe('the README metadata promise', () => {
  it('names the keep-all exception, GPS location included, in the promise row itself', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const row = readme.split('\n').find((line) => line.startsWith('| No private metadata |'));
    expect(row).toBeDefined();
    expect(row).toContain('`metadata=keep-all`');
    expect(row).toMatch(/keep-all[^|]*GPS/);
  });
});
