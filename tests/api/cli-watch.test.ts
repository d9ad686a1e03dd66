// `imagesqueeze --watch` against a real server on a folder that changes while it runs: what is there at start, a new
// file in a new subfolder written in two parts, a replaced file, outputs inside the watched folder left alone, and a
// clean stop on Ctrl-C (SIGINT) with the summary.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { REPO_ROOT, corpusPath } from '../support/paths';
import { createKey, signedInUser } from '../support/api-keys';
import { waitFor } from '../support/jobs';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-watch-'));
const watched = path.join(work, 'in');
const out = path.join(watched, '_compressed');

describe('imagesqueeze --watch', () => {
  const server = useServer();
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it('compresses files as they appear or change, skips its own outputs, and stops cleanly on Ctrl-C', async () => {
    const { key } = await createKey(await signedInUser(server.url, 'watch'));
    fs.mkdirSync(watched, { recursive: true });
    fs.copyFileSync(corpusPath('png', 'sharp-gradients-rgb8.png'), path.join(watched, 'a.png'));

    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin/imagesqueeze.js'), '--watch', watched, '-o', out, '--max-width', '64', '--no-progress'], {
      cwd: work,
      env: { ...process.env, IMAGESQUEEZE_API_KEY: key, IMAGESQUEEZE_SERVER: server.url },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    // On a timeout, the watcher's log as it is then (not as it was when the wait began).
    const until = (probe: () => Promise<boolean>, what: string) =>
      waitFor(probe, 60_000, what).catch((err: Error) => {
        throw new Error(`${err.message}\n${stderr}`);
      });

    try {
      // Already there at start, compressed with the kebab-case setting applied.
      const first = path.join(out, 'a.png');
      await until(async () => fs.existsSync(first), `a.png compressed`);
      expect((await sharp(first).metadata()).width).toBeLessThanOrEqual(64);
      await until(async () => stderr.includes('watching'), 'the watch to start');

      // A new file in a new subfolder, written in two parts: the half-written file is never uploaded.
      const photo = fs.readFileSync(corpusPath('photos', 'turbo-testorig.jpg'));
      fs.mkdirSync(path.join(watched, 'sub'));
      const target = path.join(watched, 'sub', 'b.jpg');
      fs.writeFileSync(target, photo.subarray(0, photo.length >> 1));
      await until(async () => stderr.includes(`changed ${path.join('sub', 'b.jpg')}`), `the new file to be seen`);
      fs.appendFileSync(target, photo.subarray(photo.length >> 1));
      const second = path.join(out, 'sub', 'b.jpg');
      await until(async () => fs.existsSync(second), `sub/b.jpg compressed`);
      const meta = await sharp(second).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBeLessThanOrEqual(64);

      // A replaced file is compressed again: its result becomes the new image's (a different size).
      const before = (await sharp(first).metadata()).height;
      fs.copyFileSync(corpusPath('png', 'sharp-flag-netherlands-palette.png'), path.join(watched, 'a.png'));
      await until(async () => (await sharp(first).metadata()).height !== before, `a.png compressed again`);
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
    expect(stdout).toMatch(/Total \(3 done, 0 skipped, 0 failed\)/);
    expect(stderr).not.toMatch(/failed/);
    // Its own outputs, inside the watched folder, were never taken for new images.
    expect(stderr).not.toContain('changed _compressed');
    expect(fs.existsSync(path.join(out, '_compressed'))).toBe(false);
  });

  it('takes only regular files inside the watched folder: a link dropped in (to a file or a folder outside) is never read', async () => {
    const { key } = await createKey(await signedInUser(server.url, 'watch-links'));
    const root = path.join(work, 'links');
    const folder = path.join(root, 'in');
    const results = path.join(root, 'out');
    const outside = path.join(root, 'private');
    fs.mkdirSync(folder, { recursive: true });
    fs.mkdirSync(outside);
    fs.copyFileSync(corpusPath('png', 'sharp-gradients-rgb8.png'), path.join(outside, 'secret.png'));

    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin/imagesqueeze.js'), '--watch', folder, '-o', results, '--no-progress'], {
      cwd: work,
      env: { ...process.env, IMAGESQUEEZE_API_KEY: key, IMAGESQUEEZE_SERVER: server.url },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const until = (probe: () => boolean, what: string) =>
      waitFor(async () => probe(), 60_000, what).catch((err: Error) => {
        throw new Error(`${err.message}\n${stderr}`);
      });
    try {
      await until(() => stderr.includes('watching'), 'the watch to start');
      // A link to a file outside, and a file reached through a linked folder.
      fs.symlinkSync(path.join(outside, 'secret.png'), path.join(folder, 'logo.png'));
      await until(() => stderr.includes('skipped: not a regular file inside the folder (a symbolic link, or a path through one): logo.png'), 'the link to be refused');
      fs.symlinkSync(outside, path.join(folder, 'linked'));
      fs.copyFileSync(corpusPath('png', 'sharp-gradients-rgb8.png'), path.join(outside, 'later.png'));
      // A regular file afterwards is still compressed.
      fs.copyFileSync(corpusPath('png', 'sharp-gradients-rgb8.png'), path.join(folder, 'real.png'));
      await until(() => fs.existsSync(path.join(results, 'real.png')), 'real.png compressed');
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
    expect(stdout).toMatch(/Total \(1 done, 0 skipped, 0 failed\)/);
    expect(fs.readdirSync(results)).toEqual(['real.png']);
    expect(fs.lstatSync(path.join(folder, 'logo.png')).isSymbolicLink()).toBe(true);
  });
});
