// SVG: our SVG result (sanitised, minified with precision and shape passes chosen per file under a rendering guard,
// never larger than the sanitised upload) against SVGO's default preset on the same uploads, how many files each
// changes the rendering of (librsvg via sharp, every pixel compared with the merely sanitised text's rendering), and
// the time our result takes per file. Real SVGs: tests/fixtures/svg (licences in its README). Goal (issue 5/7): at
// most 1.0× SVGO's bytes (median) with zero rendering change (docs/decisions/0501).
//   npm run bench -- svg
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { optimize } from 'svgo';
import { optimisedSvg, sanitiseSvg } from '#server/codec/svg/sanitise-svg';
import { table } from '../lib/markdown';
import { fmt, medianOf, roundTo } from '../lib/rate';
import type { BenchSection } from '../types';

/** How a rendering differs from the reference: pixels (channels) changed and the largest change, or a size change. */
interface Difference {
  changedChannels: number;
  maxDelta: number;
  sizeChanged: boolean;
}

async function rendering(svg: string) {
  return sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
}

async function difference(reference: Awaited<ReturnType<typeof rendering>>, svg: string): Promise<Difference> {
  const other = await rendering(svg);
  if (other.info.width !== reference.info.width || other.info.height !== reference.info.height) return { changedChannels: -1, maxDelta: 255, sizeChanged: true };
  let changedChannels = 0;
  let maxDelta = 0;
  for (let i = 0; i < reference.data.length; i++) {
    const delta = Math.abs(reference.data[i]! - other.data[i]!);
    if (delta > 0) changedChannels++;
    if (delta > maxDelta) maxDelta = delta;
  }
  return { changedChannels, maxDelta, sizeChanged: false };
}

const changed = (d: Difference) => d.sizeChanged || d.changedChannels > 0;
const describe = (d: Difference) => (d.sizeChanged ? 'page size' : d.changedChannels ? `${d.changedChannels} ch, max ${d.maxDelta}` : 'none');

export const svg: BenchSection = {
  name: 'svg',
  async run(ctx) {
    const dir = path.join(ctx.repoRoot, 'tests/fixtures/svg');
    const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.svg')).sort();
    const rows: { file: string; upload: number; sanitised: number; ours: number; svgo: number; oursMs: number; oursDiff: Difference; svgoDiff: Difference }[] = [];
    for (const file of files) {
      const upload = await fs.readFile(path.join(dir, file));
      const sanitised = await sanitiseSvg(upload, { minify: false });
      const started = performance.now();
      const { svg: ours } = await optimisedSvg(upload);
      const oursMs = performance.now() - started;
      // What `svgo file.svg` gives: its default preset on the upload as it is.
      const svgo = optimize(upload.toString('utf8')).data;
      const reference = await rendering(sanitised);
      rows.push({
        file,
        upload: upload.length,
        sanitised: Buffer.byteLength(sanitised),
        ours: Buffer.byteLength(ours),
        svgo: Buffer.byteLength(svgo),
        oursMs: Math.round(oursMs),
        oursDiff: await difference(reference, ours),
        svgoDiff: await difference(reference, svgo),
      });
      ctx.log(`svg ${file}`);
    }
    const ratios = rows.map((r) => r.ours / r.svgo);
    const median = medianOf(ratios);
    const oursChanged = rows.filter((r) => changed(r.oursDiff)).length;
    const svgoChanged = rows.filter((r) => changed(r.svgoDiff)).length;
    const sum = (key: 'upload' | 'ours' | 'svgo') => rows.reduce((s, r) => s + r[key], 0);
    const markdown = [
      '## SVG: our result against SVGO\'s defaults',
      '',
      `${rows.length} real SVGs (\`tests/fixtures/svg\`). Rendering compared by librsvg (sharp) against the merely sanitised upload, every channel of every pixel.`,
      '',
      table(
        ['file', 'upload B', 'ours B', 'svgo default B', 'ours / svgo', 'ours ms', 'ours: rendering change', 'svgo: rendering change'],
        rows.map((r) => [r.file, r.upload, r.ours, r.svgo, fmt(r.ours / r.svgo, 3), r.oursMs, describe(r.oursDiff), describe(r.svgoDiff)]),
      ),
      '',
      `- Median ours / SVGO default: **${fmt(median, 3)}×** (goal ≤ 1.0×: ${median <= 1 ? 'met' : 'not met'}); in total ${sum('ours')} B against ${sum('svgo')} B (uploads ${sum('upload')} B, ours ${fmt(sum('ours') / sum('upload'), 3)}× of them).`,
      `- Files whose rendering changes: **ours ${oursChanged} of ${rows.length}**, SVGO's defaults ${svgoChanged} of ${rows.length}.`,
      `- Time for our result (sanitise, minify, guard renderings): median ${Math.round(medianOf(rows.map((r) => r.oursMs)))} ms per file, at most ${Math.max(...rows.map((r) => r.oursMs))} ms.`,
    ].join('\n');
    return {
      markdown,
      json: {
        files: rows.length,
        medianRatioToSvgo: roundTo(median, 4),
        medianMsPerFile: Math.round(medianOf(rows.map((r) => r.oursMs))),
        totals: { upload: sum('upload'), ours: sum('ours'), svgo: sum('svgo') },
        renderingChanged: { ours: oursChanged, svgo: svgoChanged },
        rows,
      },
    };
  },
};
