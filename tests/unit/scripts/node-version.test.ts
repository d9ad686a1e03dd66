// `npm start` on a Node.js older than 22 stops with a message naming the version needed (scripts/check-node.mjs runs as
// prestart; the server checks again before the native SQLite driver loads), and `npm ci` refuses to install there
// (engine-strict in .npmrc). On Node 20 the app used to build and then die with a silent segmentation fault.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/paths';
// @ts-expect-error: a plain-JavaScript script without type declarations
import { nodeVersionProblem } from '../../../scripts/check-node.mjs';
import { assertNodeVersion, NodeVersionError } from '#server/node-version';

const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { engines: { node: string }; scripts: Record<string, string> };

describe('the Node.js version check', () => {
  it('names the version needed and the one found, for a Node older than engines.node', () => {
    expect(pkg.engines.node).toBe('>=22');
    const problem = nodeVersionProblem('20.20.2', pkg.engines.node) as string | null;
    expect(problem).toContain('needs Node.js 22 or newer');
    expect(problem).toContain('this is Node.js 20.20.2');
    expect(nodeVersionProblem('22.1.0', pkg.engines.node)).toBeNull();
    expect(nodeVersionProblem('24.0.0', pkg.engines.node)).toBeNull();
  });

  it('runs before npm start builds anything, and passes on this Node', () => {
    expect(pkg.scripts.prestart).toBe('node scripts/check-node.mjs');
    const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/check-node.mjs')], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
  });

  it('is checked again by the server before it opens the database', () => {
    expect(() => assertNodeVersion('20.20.2')).toThrow(NodeVersionError);
    expect(() => assertNodeVersion('20.20.2')).toThrow('needs Node.js 22 or newer; this is Node.js 20.20.2');
    expect(() => assertNodeVersion('22.12.0')).not.toThrow();
  });

  it('refuses to install on an older Node (engine-strict)', () => {
    expect(fs.readFileSync(path.join(REPO_ROOT, '.npmrc'), 'utf8')).toMatch(/^engine-strict=true$/m);
  });
});
