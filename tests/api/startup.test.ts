// The process refuses invalid configuration at start with a clear message.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/paths';

describe('startup', () => {
  it('exits with a message naming the bad variable', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'src/server/main.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: '/tmp/never-used' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/Invalid configuration:\n\s+PORT:/);
  });
});
