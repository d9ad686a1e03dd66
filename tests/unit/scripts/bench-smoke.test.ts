// The bench's smoke run (docs/decisions/0521): a section that throws fails the run without stopping the others, a
// section name that does not exist is an error, the smoke corpus keeps the corpus's folders, names and orientation
// at a tiny size, and `npm test` runs the smoke level.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseSections, runSections } from '../../../bench/lib/run-sections';
import { makeSmokeCorpus } from '../../../bench/lib/smoke';
import type { BenchContext, BenchSection } from '../../../bench/types';
import { REPO_ROOT } from '../../support/paths';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-smoke-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const ctx: BenchContext = { repoRoot: REPO_ROOT, corpusDir: work, resultsDir: work, tmpDir: work, log: () => undefined };
const section = (name: string, run: BenchSection['run']): BenchSection => ({ name, run });

describe('the bench orchestrator', () => {
  it('counts a section that throws as failed, reports its error and still runs the next', async () => {
    const ran: string[] = [];
    const sections = [
      section('broken', async () => {
        ran.push('broken');
        throw new Error("locator.selectOption: getByLabel('Output format') timed out");
      }),
      section('fine', async () => (ran.push('fine'), { markdown: '## fine', json: { ok: true } })),
    ];
    const run = await runSections(sections, ctx);
    expect(ran).toEqual(['broken', 'fine']);
    expect(run.failed).toBe(1);
    expect(run.parts[0]).toContain("getByLabel('Output format') timed out");
    expect(run.json).toMatchObject({ broken: { error: expect.stringContaining('timed out') }, fine: { ok: true } });
  });

  it('runs the named sections, all without names, and refuses a name that is no section', () => {
    const all = [section('a', async () => ({ markdown: '', json: null })), section('b', async () => ({ markdown: '', json: null }))];
    expect(chooseSections(all, ['--smoke']).map((s) => s.name)).toEqual(['a', 'b']);
    expect(chooseSections(all, ['--smoke', 'b']).map((s) => s.name)).toEqual(['b']);
    expect(() => chooseSections(all, ['privat'])).toThrow('no bench section privat; the sections are a, b');
  });
});

describe('the smoke corpus', () => {
  it('keeps folders, names, formats and EXIF orientation, each image at most 96 px on its long side', async () => {
    const corpus = path.join(work, 'corpus');
    fs.mkdirSync(path.join(corpus, 'photos'), { recursive: true });
    fs.mkdirSync(path.join(corpus, 'png'), { recursive: true });
    const photo = sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } });
    fs.writeFileSync(path.join(corpus, 'photos', 'exif-orient6-landscape.jpg'), await photo.clone().jpeg().withMetadata({ orientation: 6 }).toBuffer());
    fs.writeFileSync(path.join(corpus, 'png', 'squoosh-device-screen.png'), await photo.clone().png().toBuffer());
    const smoke = await makeSmokeCorpus(corpus, path.join(work, 'smoke'));
    const jpeg = await sharp(path.join(smoke, 'photos', 'exif-orient6-landscape.jpg')).metadata();
    expect([jpeg.format, jpeg.width, jpeg.height, jpeg.orientation]).toEqual(['jpeg', 96, 72, 6]);
    const png = await sharp(path.join(smoke, 'png', 'squoosh-device-screen.png')).metadata();
    expect([png.format, png.width, png.height]).toEqual(['png', 96, 72]);
  });
});

describe('npm test', () => {
  it('runs the bench smoke level, on the existing build', async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['bench:smoke']).toBe('BENCH_SKIP_BUILD=1 node --import tsx bench/run.ts --smoke');
    const levels = fs.readFileSync(path.join(REPO_ROOT, 'scripts', 'test-levels.ts'), 'utf8');
    expect(levels).toMatch(/const LEVELS = \[[^\]]*'build'[^\]]*'bench:smoke'\]/);
  });
});
