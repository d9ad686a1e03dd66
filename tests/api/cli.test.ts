// The command-line client against a real server: a folder of corpus images compressed into a mirrored tree with a
// summary, a second run that skips finished files, in-place with backups, and exit codes for bad files, bad keys,
// bad usage and an unreachable server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { REPO_ROOT, corpusPath } from '../support/paths';
import { createKey, signedInUser } from '../support/api-keys';
import type { Usage } from '#contract/api-keys';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-test-'));
const tree = path.join(work, 'site');
// A small tree of real images (copied to a temp folder, never into the repository).
const IMAGES: Record<string, string> = {
  'hero.png': corpusPath('photos', 'kodim03.png'),
  'blog/2026/photo.jpg': corpusPath('photos', 'jxl-flower-small-cmyk.jpg'),
  'blog/icons/flag.png': corpusPath('png', 'sharp-flag-netherlands-palette.png'),
};
for (const [rel, src] of Object.entries(IMAGES)) {
  fs.mkdirSync(path.dirname(path.join(tree, rel)), { recursive: true });
  fs.copyFileSync(src, path.join(tree, rel));
}
fs.writeFileSync(path.join(tree, 'blog', 'notes.txt'), 'not an image');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin/imagesqueeze.js'), ...args], {
      cwd: work,
      env: { ...process.env, IMAGESQUEEZE_API_KEY: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('imagesqueeze command-line client', () => {
  const server = useServer();
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it('compresses a folder into a mirrored tree, prints a summary, and skips finished files on the next run', async () => {
    const user = await signedInUser(server.url, 'cli');
    const { key } = await createKey(user, 'cli');
    const out = path.join(work, 'out');
    const first = await cli(['--server', server.url, '--out', out, '--quality', '70', '-j', '2', tree], { IMAGESQUEEZE_API_KEY: key });
    expect(first.code, first.stderr).toBe(0);
    for (const rel of Object.keys(IMAGES)) {
      const result = path.join(out, rel);
      expect(fs.existsSync(result), rel).toBe(true);
      expect(fs.statSync(result).size).toBeLessThanOrEqual(fs.statSync(path.join(tree, rel)).size);
      const meta = await sharp(result).metadata();
      expect(meta.format).toBe(rel.endsWith('.png') ? 'png' : 'jpeg');
    }
    expect(fs.existsSync(path.join(out, 'blog', 'notes.txt'))).toBe(false);
    expect(first.stdout).toMatch(/File\s+Status\s+Before\s+After\s+Saving/);
    expect(first.stdout).toContain('blog/2026/photo.jpg');
    expect(first.stdout).toMatch(/Total \(3 done, 0 skipped, 0 failed\)/);
    expect(fs.readdirSync(out, { recursive: true }).filter((f) => String(f).includes('.part-'))).toEqual([]);

    const usage = (await (await user.get('/api/usage')).json()) as Usage;
    expect(usage.images).toBe(3);

    const again = await cli(['--server', server.url, '--out', out, '--key', key, tree]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/Total \(0 done, 3 skipped, 0 failed\)/);
    expect(((await (await user.get('/api/usage')).json()) as Usage).images).toBe(3);
  });

  it('replaces files in place keeping backups, and exits 1 when a file fails while the others finish', async () => {
    const user = await signedInUser(server.url, 'cli-inplace');
    const { key } = await createKey(user);
    const dir = path.join(work, 'inplace');
    fs.mkdirSync(dir);
    fs.copyFileSync(IMAGES['hero.png']!, path.join(dir, 'hero.png'));
    fs.copyFileSync(corpusPath('bad', 'gen-truncated-50pct.jpg'), path.join(dir, 'broken.jpg'));
    const original = fs.readFileSync(path.join(dir, 'hero.png'));
    const run = await cli(['-s', server.url, '-k', key, '--in-place', '--no-progress', dir]);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(fs.readFileSync(path.join(dir, 'hero.png.orig')).equals(original)).toBe(true);
    expect(fs.statSync(path.join(dir, 'hero.png')).size).toBeLessThan(original.length);
    expect(run.stdout).toMatch(/broken\.jpg\s+failed/);
    expect(run.stdout).toMatch(/Total \(1 done, 0 skipped, 1 failed\)/);
    expect(run.stderr).toMatch(/\[\d\/2\] done hero\.png/);
  });

  it('never writes a result over another input: in place, a.png made WebP leaves the original a.webp alone', async () => {
    const user = await signedInUser(server.url, 'cli-collide');
    const { key } = await createKey(user, 'cli-collide');
    const folder = path.join(work, 'collide');
    fs.mkdirSync(folder);
    const red = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#e00' } }).png().toBuffer();
    const blue = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#00e' } }).webp({ quality: 100 }).toBuffer();
    fs.writeFileSync(path.join(folder, 'a.png'), red);
    fs.writeFileSync(path.join(folder, 'a.webp'), blue);

    const run = await cli(['--server', server.url, '--in-place', '--format', 'webp', '-j', '1', folder], { IMAGESQUEEZE_API_KEY: key });

    // a.png is refused (reported, exit 1) and stays as it was; a.webp is compressed in place with its backup.
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/a\.png\s+failed/);
    expect(run.stderr).toContain('would replace a.webp, another input');
    expect(fs.readFileSync(path.join(folder, 'a.png')).equals(red)).toBe(true);
    expect(fs.readFileSync(path.join(folder, 'a.webp.orig')).equals(blue)).toBe(true);
    expect((await sharp(path.join(folder, 'a.webp')).stats()).dominant.b).toBeGreaterThan(200);
    expect(fs.readdirSync(folder).sort()).toEqual(['a.png', 'a.webp', 'a.webp.orig']);
  });

  it('takes SVG files: the result is the minified, sanitised SVG written back under its .svg name', async () => {
    const user = await signedInUser(server.url, 'cli-svg');
    const { key } = await createKey(user);
    const dir = path.join(work, 'svg');
    fs.mkdirSync(dir);
    const svg = `<?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" onload="alert(1)">\n  <rect width="20" height="20" fill="#ff0000"/>\n  <rect x="20" width="20" height="20" fill="#0000ff"/>\n</svg>\n`;
    fs.writeFileSync(path.join(dir, 'logo.svg'), svg);
    const run = await cli(['-s', server.url, '-k', key, '--in-place', '--no-progress', dir]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'logo.svg.orig'), 'utf8')).toBe(svg);
    const result = fs.readFileSync(path.join(dir, 'logo.svg'), 'utf8');
    expect(result).toMatch(/^<svg[\s>]/);
    expect(result.length).toBeLessThan(svg.length);
    expect(result).not.toContain('alert');
    expect(fs.readdirSync(dir).sort()).toEqual(['logo.svg', 'logo.svg.orig']);
  });

  it('exits 3 for a refused key, 2 for bad usage, 4 for an unreachable server', async () => {
    const refused = await cli(['-s', server.url, '-k', 'isq_live_not-a-real-key', '-o', path.join(work, 'x'), tree]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('the API key was refused');

    const usage = await cli(['-s', server.url, '-k', 'isq_live_x', tree]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--out <dir> or --in-place');
    const badSetting = await cli(['-s', server.url, '-k', 'isq_live_x', '-o', 'x', '--quality', '101', tree]);
    expect(badSetting.code).toBe(2);
    expect(badSetting.stderr).toContain('Quality must be an integer from 1 to 100');
    expect((await cli(['-s', server.url, '-o', 'x', tree])).code).toBe(2); // no key

    const unreachable = await cli(['-s', 'http://127.0.0.1:9', '-k', 'isq_live_x', '-o', path.join(work, 'y'), tree]);
    expect(unreachable.code).toBe(4);
  });
});
