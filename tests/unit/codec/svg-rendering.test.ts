// The SVG result's minifying never changes how a drawing renders: real SVGs (tests/fixtures/svg, licences in its
// README) rasterised by librsvg as the codec draws them (svg-canvas.ts: CSS pixels) from the merely sanitised text
// and from our result must be identical, pixel for pixel, and the result is never larger than the sanitised upload. SVGO's own defaults, for contrast, do change
// some of them: the check can see a difference.
import fs from 'node:fs';
import path from 'node:path';
import { optimize } from 'svgo';
import { describe, expect, it } from 'vitest';
import { cleanSvg } from '#server/codec/svg/clean-svg';
import { guardScales, renderSafePreset } from '#server/codec/svg/minify-svg';
import { optimisedSvg, sanitiseSvg } from '#server/codec/svg/sanitise-svg';
import { openSvg } from '#server/codec/svg/svg-canvas';
import { REPO_ROOT } from '../../support/paths';

const DIR = path.join(REPO_ROOT, 'tests/fixtures/svg');
const FILES = fs.readdirSync(DIR).filter((f) => f.endsWith('.svg')).sort();

async function rendering(svg: string, scale = 1): Promise<Buffer> {
  const { data, info } = await openSvg(svg, { scale, limitInputPixels: false }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return Buffer.concat([Buffer.from(`${info.width}x${info.height}:`), data]);
}

describe('SVG result rendering', () => {
  it('has real SVGs to look at', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(12);
  });

  it.each(FILES)('%s: nothing removed; renders exactly as the sanitised upload, and is no larger', async (name) => {
    const upload = fs.readFileSync(path.join(DIR, name));
    const sanitised = await sanitiseSvg(upload, { minify: false });
    const { svg: result, removed } = await optimisedSvg(upload);
    // Nothing in a real drawing is active: the sanitiser names nothing, so the job has no note.
    expect(removed).toEqual([]);
    expect(Buffer.byteLength(result)).toBeLessThanOrEqual(Buffer.byteLength(sanitised));
    // At its own size and zoomed in (4x, less for a large drawing): the precision and shape passes chosen per file
    // must hold at both (minify-svg.ts). At other zooms a large drawing may differ by a few levels at some edges.
    for (const scale of (await guardScales(sanitised)) ?? [1]) expect((await rendering(result, scale)).equals(await rendering(sanitised, scale)), `${scale}x`).toBe(true);
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
      after += Buffer.byteLength((await optimisedSvg(upload)).svg);
    }
    expect(after).toBeLessThan(before * 0.95);
  });

  it('precision and shape passes are chosen per file: a Graphviz diagram comes out smaller than the fixed 8-decimal preset makes it', async () => {
    const upload = fs.readFileSync(path.join(DIR, 'trpl04-01.svg'));
    const sanitised = await sanitiseSvg(upload, { minify: false });
    const fixed = cleanSvg(optimize(sanitised, { plugins: [renderSafePreset()] }).data).svg;
    expect(Buffer.byteLength((await optimisedSvg(upload)).svg)).toBeLessThan(Buffer.byteLength(fixed) * 0.9);
  });

  it('keeps the decimals a drawing needs: coordinates inside a 1000x scale are not rounded into a different picture', async () => {
    // SVGO's default 3 decimals (and anything below 4 here) moves these points by whole pixels (svg/svgo#1858's shape).
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><g transform="scale(1000)"><path d="M0.01234 0.04561 L0.07891 0.09123 L0.03452 0.08716 Z" fill="#c00"/><circle cx="0.05123" cy="0.02457" r="0.01789" fill="#06c"/></g></svg>';
    const sanitised = await sanitiseSvg(Buffer.from(svg), { minify: false });
    const coarse = cleanSvg(optimize(sanitised, { plugins: [renderSafePreset(2)] }).data).svg;
    expect((await rendering(coarse)).equals(await rendering(sanitised))).toBe(false);
    const { svg: result } = await optimisedSvg(Buffer.from(svg));
    for (const scale of [1, 4]) expect((await rendering(result, scale)).equals(await rendering(sanitised, scale)), `${scale}x`).toBe(true);
  });
});
