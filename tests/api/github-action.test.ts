// The GitHub Action without GitHub: its committed bundle runs with a pull request's GITHUB_* environment and event
// payload on a fixture repository (a bare remote and a clone of the PR branch), against a real server of ours and a
// local stand-in of the GitHub API. Checked: the commit pushed to the PR branch, the files, and the comment requests.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { corpusPath, REPO_ROOT } from '../support/paths';
import { createKey, signedInUser } from '../support/api-keys';
import { closedPort } from '../support/closed-port';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-stand-in';
import { buildAction } from '../../scripts/build-action';

const REPOSITORY = 'acme/site';
const PR = 7;
const BUNDLE = path.join(REPO_ROOT, 'action', 'index.js');

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', ...args], { cwd, encoding: 'utf8' }).trim();
const blobSize = (cwd: string, rev: string, file: string) => Number(git(cwd, 'cat-file', '-s', `${rev}:${file}`));

interface Fixture {
  root: string;
  bare: string;
  workspace: string;
  headSha: string;
  github: GitHubStandIn;
}

/** main has docs/old.png; the PR branch `feature` adds two images inside the globs, one excluded image and a text file. */
async function makeFixture(): Promise<Fixture> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'isq-action-'));
  const bare = path.join(root, 'remote.git');
  const seed = path.join(root, 'seed');
  git(root, 'init', '--bare', '-b', 'main', bare);
  git(root, 'clone', bare, seed);
  const put = (file: string, from: string) => {
    fs.mkdirSync(path.dirname(path.join(seed, file)), { recursive: true });
    fs.copyFileSync(from, path.join(seed, file));
  };
  put('docs/old.png', corpusPath('png', 'sharp-gradients-rgb8.png'));
  git(seed, 'add', '.');
  git(seed, 'commit', '-m', 'initial');
  git(seed, 'push', 'origin', 'HEAD:main');
  git(seed, 'checkout', '-b', 'feature');
  put('assets/photo.jpg', corpusPath('photos', 'turbo-testorig.jpg'));
  put('assets/ui/screen.png', corpusPath('png', 'squoosh-ui-screenshot1.png'));
  put('vendor/lib.png', corpusPath('png', 'squoosh-ui-screenshot4.png'));
  fs.writeFileSync(path.join(seed, 'notes.txt'), 'not an image\n');
  git(seed, 'add', '.');
  git(seed, 'commit', '-m', 'add images');
  git(seed, 'push', 'origin', 'feature');
  return refreshWorkspace({ root, bare, workspace: '', headSha: '', github: await startGitHubStandIn({ repository: REPOSITORY, pr: PR, bareRepo: bare, base: 'main', head: 'feature' }) });
}

/** A fresh checkout of the PR branch's head, as actions/checkout with `ref: github.head_ref` makes. */
function refreshWorkspace(fixture: Fixture): Fixture {
  const workspace = path.join(fixture.root, `workspace-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  git(fixture.root, 'clone', '--branch', 'feature', fixture.bare, workspace);
  return { ...fixture, workspace, headSha: git(workspace, 'rev-parse', 'HEAD') };
}

function runAction(fixture: Fixture, inputs: Record<string, string>): Promise<{ code: number; stdout: string; outputs: string }> {
  const eventPath = path.join(fixture.root, `event-${Date.now()}.json`);
  const outputPath = path.join(fixture.root, `output-${Date.now()}.txt`);
  fs.writeFileSync(outputPath, '');
  fs.writeFileSync(
    eventPath,
    JSON.stringify({
      action: 'synchronize',
      number: PR,
      pull_request: { number: PR, head: { ref: 'feature', sha: fixture.headSha, repo: { full_name: REPOSITORY } }, base: { ref: 'main', repo: { full_name: REPOSITORY } } },
    }),
  );
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: fixture.root,
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: REPOSITORY,
    GITHUB_WORKSPACE: fixture.workspace,
    GITHUB_API_URL: fixture.github.url,
    GITHUB_OUTPUT: outputPath,
    'INPUT_GITHUB-TOKEN': 'ghs_test_token',
    INPUT_EXCLUDE: 'vendor/**',
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
  };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BUNDLE], { cwd: fixture.workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('exit', (code) => resolve({ code: code ?? -1, stdout, outputs: fs.readFileSync(outputPath, 'utf8') }));
  });
}

describe('GitHub Action', () => {
  const server = useServer();
  const fixtures: Fixture[] = [];
  afterEach(async () => {
    for (const f of fixtures.splice(0)) {
      await f.github.close();
      fs.rmSync(f.root, { recursive: true, force: true });
    }
  });
  const fixture = async () => {
    const f = await makeFixture();
    fixtures.push(f);
    return f;
  };

  it('commits only smaller images inside the globs to the PR branch, then updates its one comment when nothing is smaller', async () => {
    const { key } = await createKey(await signedInUser(server.url));
    let f = await fixture();
    const first = await runAction(f, { 'server-url': server.url, 'api-key': key, 'min-saving-percent': '1' });
    expect(first.code, first.stdout).toBe(0);

    // One new commit on the remote's PR branch, on top of the PR head, touching only smaller files inside the globs.
    const pushed = git(f.bare, 'rev-parse', 'feature');
    expect(git(f.bare, 'rev-parse', `${pushed}^`)).toBe(f.headSha);
    const changed = git(f.bare, 'diff', '--name-only', f.headSha, pushed).split('\n').filter(Boolean);
    expect(changed.length).toBeGreaterThan(0);
    for (const file of changed) {
      expect(['assets/photo.jpg', 'assets/ui/screen.png']).toContain(file);
      expect(blobSize(f.bare, pushed, file)).toBeLessThan(blobSize(f.bare, f.headSha, file));
    }
    expect(git(f.bare, 'log', '-1', '--format=%s', 'feature')).toBe('Compress images with ImageSqueeze');
    expect(first.outputs).toContain(`commit=${pushed}`);
    expect(first.outputs).toContain(`compressed-count=${changed.length}`);

    // One comment, created with the token, with a row per image in the globs (and none for the excluded one).
    const posts = f.github.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.authorization).toBe('Bearer ghs_test_token');
    const comment = f.github.comments[0]!.body;
    expect(comment).toContain('| File | Before | After | Saving |');
    for (const file of changed) expect(comment).toContain(`\`${file}\``);
    expect(comment).not.toContain('vendor/lib.png');
    expect(comment).toContain(pushed);

    // Run again on the new head with a saving nothing reaches: no commit, and the same comment is edited.
    f = { ...refreshWorkspace(f), github: f.github };
    const before = f.github.calls.length;
    const second = await runAction(f, { 'server-url': server.url, 'api-key': key, 'min-saving-percent': '99' });
    expect(second.code, second.stdout).toBe(0);
    expect(git(f.bare, 'rev-parse', 'feature')).toBe(pushed);
    const later = f.github.calls.slice(before);
    expect(later.filter((c) => c.method === 'POST')).toEqual([]);
    expect(later.filter((c) => c.method === 'PATCH').map((c) => c.path)).toEqual([`/repos/${REPOSITORY}/issues/comments/${f.github.comments[0]!.id}`]);
    expect(f.github.comments).toHaveLength(1);
    expect(f.github.comments[0]!.body).toContain('None of the 2 images in this pull request could be made smaller.');
    expect(second.outputs).toContain('compressed-count=0');
  });

  it('takes only regular files inside the checkout: an image that is a link to a runner file is skipped, and a file named `shot[1].png` is committed alone', async () => {
    const { key } = await createKey(await signedInUser(server.url));
    const base = await fixture();
    // A runner file outside the checkout, which the pull request's links point at.
    const outside = path.join(base.root, 'runner-private');
    fs.mkdirSync(outside);
    // Uncompressed, so its compressed copy would be committed if it were read.
    const raw = Buffer.alloc(128 * 128 * 3, 0);
    for (let i = 0; i < raw.length; i += 7) raw[i] = 200;
    await sharp(raw, { raw: { width: 128, height: 128, channels: 3 } }).png({ compressionLevel: 0 }).toFile(path.join(outside, 'secret.png'));
    const seed = path.join(base.root, 'seed');
    fs.symlinkSync(path.join(outside, 'secret.png'), path.join(seed, 'logo.png'));
    // A real image named `shot[1].png`, and an untracked `shot1.png` an earlier step left, which that name matches as a glob.
    fs.copyFileSync(corpusPath('png', 'sharp-gradients-rgb8.png'), path.join(seed, 'shot[1].png'));
    git(seed, 'add', '--', 'logo.png', ':(literal)shot[1].png');
    git(seed, 'commit', '-m', 'links');
    git(seed, 'push', 'origin', 'feature');
    const f = refreshWorkspace(base);
    fs.copyFileSync(corpusPath('png', 'sharp-gradients-rgb8.png'), path.join(f.workspace, 'shot1.png'));
    const run = await runAction(f, { 'server-url': server.url, 'api-key': key, 'min-saving-percent': '1' });
    expect(run.code, run.stdout).toBe(0);

    const pushed = git(f.bare, 'rev-parse', 'feature');
    const changed = git(f.bare, 'diff', '--name-only', f.headSha, pushed).split('\n').filter(Boolean);
    expect(changed).toContain('shot[1].png');
    expect(changed).not.toContain('logo.png');
    expect(changed).not.toContain('shot1.png');
    // The link is still a link (mode 120000) on the branch, and the outside file was never read or uploaded.
    expect(git(f.bare, 'ls-tree', pushed, 'logo.png').split(/\s/)[0]).toBe('120000');
    expect(fs.lstatSync(path.join(f.workspace, 'logo.png')).isSymbolicLink()).toBe(true);
    expect(run.stdout).toMatch(/kept logo\.png: 0 -> failed bytes \(skipped: not a regular file inside the folder/);
    expect(f.github.comments[0]!.body).toMatch(/`logo\.png` .*skipped: not a regular file/);
  });

  it('only reports with commit: false', async () => {
    const { key } = await createKey(await signedInUser(server.url));
    const f = await fixture();
    const result = await runAction(f, { 'server-url': server.url, 'api-key': key, commit: 'false' });
    expect(result.code, result.stdout).toBe(0);
    expect(git(f.bare, 'rev-parse', 'feature')).toBe(f.headSha);
    expect(git(f.workspace, 'status', '--porcelain')).not.toBe('');
    expect(f.github.comments[0]!.body).toContain('Reported only (commit: false).');
  });

  it('fails with a clear message on a bad key or an unreachable server, committing and commenting nothing', async () => {
    const f = await fixture();
    const badKey = await runAction(f, { 'server-url': server.url, 'api-key': 'isq_live_not-a-real-key' });
    expect(badKey.code).toBe(1);
    expect(badKey.stdout).toContain('::error title=ImageSqueeze::The ImageSqueeze server refused the API key');

    const down = `http://127.0.0.1:${await closedPort()}`;
    const unreachable = await runAction(f, { 'server-url': down, 'api-key': 'isq_live_x' });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stdout).toContain(`::error title=ImageSqueeze::Cannot reach ${down}`);

    expect(git(f.bare, 'rev-parse', 'feature')).toBe(f.headSha);
    expect(f.github.calls).toEqual([]);
  });

  it('runs from a committed bundle that is what `npm run build:action` builds from the sources', async () => {
    const fresh = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'isq-action-build-')), 'index.js');
    await buildAction(fresh);
    expect(fs.readFileSync(fresh, 'utf8') === fs.readFileSync(BUNDLE, 'utf8'), 'action/index.js is stale: run npm run build:action').toBe(true);
    fs.rmSync(path.dirname(fresh), { recursive: true, force: true });
  });
});
