// The SVG result's minifying never changes how a drawing renders: real SVGs (tests/fixtures/svg, licences in its
// README) rasterised by librsvg (sharp) from the merely sanitised text and from our result must be identical, pixel
// for pixel, and the result is never larger than the sanitised upload. SVGO's own defaults, for contrast, do change
// some of them: the check can see a difference.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { optimize } from 'svgo';
import { describe, expect, it } from 'vitest';
import { optimisedSvg, sanitiseSvg } from '#server/codec/svg/sanitise-svg';
import { REPO_ROOT } from '../../support/paths';

const DIR = path.join(REPO_ROOT, 'tests/fixtures/svg');
const FILES = fs.readdirSync(DIR).filter((f) => f.endsWith('.svg')).sort();

async function rendering(svg: string): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return Buffer.concat([Buffer.from(`${info.width}x${info.height}:`), data]);
}

describe('SVG result rendering', () => {
  it('has real SVGs to look at', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(12);
  });

  it.each(FILES)('%s: renders exactly as the sanitised upload, and is no larger', async (name) => {
    const upload = fs.readFileSync(path.join(DIR, name));
    const sanitised = await sanitiseSvg(upload, { minify: false });
    const result = await optimisedSvg(upload);
    expect(Buffer.byteLength(result)).toBeLessThanOrEqual(Buffer.byteLength(sanitised));
    expect((await rendering(result)).equals(await rendering(sanitised))).toBe(true);
  });

  it('SVGO\'s defaults change the rendering of some of them (the comparison sees it)', async () => {
    let changed = 0;
    for (const name of FILES) {
      const sanitised = await sanitiseSvg(fs.readFileSync(path.join(DIR, name)), { minify: false });
      if (!(await rendering(optimize(sanitised).data)).equals(await rendering(sanitised))) changed++;
    }
    expect(changed).toBeGreaterThan(0);
  });

  it('minifies: the set as a whole is at least 5% smaller than sanitised (comments and prolog already gone)', async () => {
    let before = 0;
    let after = 0;
    for (const name of FILES) {
      const upload = fs.readFileSync(path.join(DIR, name));
      before += Buffer.byteLength(await sanitiseSvg(upload, { minify: false }));
      after += Buffer.byteLength(await optimisedSvg(upload));
    }
    expect(after).toBeLessThan(before * 0.95);
  });
});
