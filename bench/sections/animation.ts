// Animated GIF uploads: our result (animated WebP, `original` format, the default quality) against the GIF, and a
// re-encoded GIF (libvips's cgif writer, its defaults) against the GIF: the measurement behind the default for an
// animated GIF in `original` format (docs/decisions/0410-animated-gif-default.md). Goal: WebP at most 0.6x the GIF
// (median).
//   npm run bench -- animation                               generated GIFs only
//   ANIMATED_GIFS_DIR=/path/to/gifs npm run bench -- animation  plus the real GIFs in that folder
// The corpus holds no animated GIF and the repository keeps no images, so real ones are read from a folder given
// by ANIMATED_GIFS_DIR (REAL_GIF_SOURCES names the public ones measured so far, with their licences); the generated
// ones are made here from corpus images by ImageMagick's GIF writer (its quantiser and frame optimiser, as GIF makers
// use): camera pans and a zoom over photographs, a scrolling screen recording, and a slideshow with cross-fades.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { DEFAULT_COMPRESS_SETTINGS } from '#contract/settings-schema';
import { compress } from '#server/codec/index';
import { table } from '../lib/markdown';
import { quantile, roundTo } from '../lib/rate';
import type { BenchContext, BenchSection } from '../types';

/** Real animated GIFs measured for the record, by file name in ANIMATED_GIFS_DIR: where each came from. */
export const REAL_GIF_SOURCES: Record<string, string> = {
  'gifplayer-muybridge.gif': 'image-rs/image-gif@c1a6c4f18aec tests/samples/ (MIT or Apache-2.0; Muybridge 1878, public domain)',
  'moon_impact.gif': 'image-rs/image-gif@c1a6c4f18aec tests/samples/ (MIT or Apache-2.0)',
  'sample_big.gif': 'image-rs/image-gif@c1a6c4f18aec tests/samples/ (MIT or Apache-2.0)',
  'animated-loop-3.gif': 'lovell/sharp@ea5bef24c187 test/fixtures/ (Apache-2.0)',
  'rotating-squares.gif': 'lovell/sharp@ea5bef24c187 test/fixtures/ (Apache-2.0)',
  'dog.gif': 'matt-way/gifuct-js@4c62a4eb4c10 demo/ (MIT)',
  'horses.gif': 'matt-way/gifuct-js@4c62a4eb4c10 demo/ (MIT; Muybridge, public domain)',
  'jblack.gif': 'matt-way/gifuct-js@4c62a4eb4c10 demo/ (MIT)',
};

const GOAL = 0.6;

/** Frames of a generated animation, as PNG files, then one GIF by ImageMagick. */
async function makeGif(dir: string, name: string, frames: Buffer[], delayCs: number): Promise<string> {
  const frameDir = path.join(dir, name);
  await fs.mkdir(frameDir, { recursive: true });
  const files = await Promise.all(frames.map(async (png, i) => {
    const file = path.join(frameDir, `f${String(i).padStart(3, '0')}.png`);
    await fs.writeFile(file, png);
    return file;
  }));
  const out = path.join(dir, `${name}.gif`);
  execFileSync('convert', ['-delay', String(delayCs), '-loop', '0', ...files, '-layers', 'Optimize', out], { stdio: 'pipe' });
  return out;
}

const crop = async (file: string, left: number, top: number, width: number, height: number, size?: { width: number; height: number }) => {
  // The crops are in the corpus images' own pixels; a smoke run's tiny copy is first stretched to hold them (a no-op
  // on the real corpus, whose images are large enough).
  const meta = await sharp(file).metadata();
  const [needW, needH] = [left + width, top + height];
  const source = meta.width! >= needW && meta.height! >= needH ? sharp(file) : sharp(await sharp(file).resize(Math.max(meta.width!, needW), Math.max(meta.height!, needH), { fit: 'fill' }).png().toBuffer());
  const cropped = source.extract({ left, top, width, height });
  return (size ? cropped.resize(size.width, size.height) : cropped).png().toBuffer();
};

/** Generated GIFs from corpus images: what people turn into GIFs (clips of a scene, screen recordings, slideshows). */
async function generatedGifs(ctx: BenchContext): Promise<string[]> {
  const dir = path.join(ctx.tmpDir, 'animation');
  await fs.mkdir(dir, { recursive: true });
  const photo = (name: string) => path.join(ctx.corpusDir, 'photos', name);
  const range = (n: number) => Array.from({ length: n }, (_, k) => k);
  const pan = await Promise.all(range(16).map((k) => crop(photo('kodim23.png'), k * 20, Math.floor(k * 6), 400, 300)));
  const pan2 = await Promise.all(range(12).map((k) => crop(photo('kodim13.png'), k * 25, 100, 420, 280)));
  const zoom = await Promise.all(range(12).map((k) => crop(photo('kodim05.png'), k * 12, k * 8, 768 - k * 24, 512 - k * 16, { width: 360, height: 240 })));
  const screen = path.join(ctx.corpusDir, 'png', 'squoosh-device-screen.png');
  const scroll = await Promise.all(range(14).map((k) => crop(screen, 0, k * 60, 706, 500, { width: 353, height: 250 })));
  const slides = ['kodim01.png', 'kodim03.png', 'kodim21.png'].map((f) => sharp(photo(f)).resize(384, 256).raw().toBuffer());
  const [a, b, c] = await Promise.all(slides);
  const fade = (x: Buffer, y: Buffer, t: number) => sharp(Buffer.from(x.map((v, i) => Math.round(v * (1 - t) + y[i]! * t))), { raw: { width: 384, height: 256, channels: 3 } }).png().toBuffer();
  const slideshow = await Promise.all([a!, b!, c!].flatMap((x, s, all) => range(5).map((k) => fade(x, all[(s + 1) % 3]!, k < 2 ? 0 : (k - 1) / 4))));
  return [
    await makeGif(dir, 'gen-pan-kodim23', pan, 8),
    await makeGif(dir, 'gen-pan-kodim13', pan2, 8),
    await makeGif(dir, 'gen-zoom-kodim05', zoom, 8),
    await makeGif(dir, 'gen-scroll-screenshot', scroll, 10),
    await makeGif(dir, 'gen-slideshow', slideshow, 20),
  ];
}

async function realGifs(): Promise<string[]> {
  const dir = process.env.ANIMATED_GIFS_DIR;
  if (!dir) return [];
  return (await fs.readdir(dir)).filter((f) => f.endsWith('.gif')).sort().map((f) => path.join(dir, f));
}

interface Row {
  file: string;
  kind: 'real' | 'generated';
  frames: number;
  size: string;
  gifBytes: number;
  webpBytes: number;
  gifToGifBytes: number;
  webpRatio: number;
  gifToGifRatio: number;
}

const quartiles = (values: number[]) => ({ q1: roundTo(quantile(values, 0.25), 2), median: roundTo(quantile(values, 0.5), 2), q3: roundTo(quantile(values, 0.75), 2) });

export const animation: BenchSection = {
  name: 'animation',
  async run(ctx) {
    const files = [...(await realGifs()).map((f) => ({ f, kind: 'real' as const })), ...(await generatedGifs(ctx)).map((f) => ({ f, kind: 'generated' as const }))];
    const rows: Row[] = [];
    for (const { f, kind } of files) {
      const gif = await fs.readFile(f);
      const meta = await sharp(gif, { animated: true }).metadata();
      if ((meta.pages ?? 1) < 2) continue;
      ctx.log(`animation ${path.basename(f)}`);
      const result = await compress(gif, { quality: DEFAULT_COMPRESS_SETTINGS.quality, timeoutSeconds: 600 });
      const regif = await sharp(gif, { animated: true, limitInputPixels: false }).gif({ loop: meta.loop ?? 0, ...(meta.delay && { delay: meta.delay }) }).toBuffer();
      rows.push({
        file: path.basename(f),
        kind,
        frames: meta.pages!,
        size: `${meta.width}×${meta.pageHeight}`,
        gifBytes: gif.length,
        webpBytes: result.data.length,
        gifToGifBytes: regif.length,
        webpRatio: roundTo(result.data.length / gif.length, 3),
        gifToGifRatio: roundTo(regif.length / gif.length, 3),
      });
    }
    const summary = (subset: Row[]) => ({ files: subset.length, webp: quartiles(subset.map((r) => r.webpRatio)), gifToGif: quartiles(subset.map((r) => r.gifToGifRatio)) });
    const all = summary(rows);
    const real = summary(rows.filter((r) => r.kind === 'real'));
    const generated = summary(rows.filter((r) => r.kind === 'generated'));
    const line = (name: string, s: ReturnType<typeof summary>) =>
      [name, s.files, `${s.webp.median} (${s.webp.q1}–${s.webp.q3})`, `${s.gifToGif.median} (${s.gifToGif.q1}–${s.gifToGif.q3})`];
    const markdown = [
      '## Animation: animated GIF → animated WebP, and GIF → GIF',
      '',
      `Our result for each GIF in \`original\` format at the default quality (${DEFAULT_COMPRESS_SETTINGS.quality}), and the GIF re-encoded by libvips's cgif writer with its defaults, each as bytes over the GIF's. Goal: WebP at most ${GOAL}× the GIF (median). Real GIFs: ${process.env.ANIMATED_GIFS_DIR ? 'from ANIMATED_GIFS_DIR' : 'none (set ANIMATED_GIFS_DIR)'}.`,
      '',
      table(['set', 'GIFs', 'WebP / GIF: median (quartiles)', 'GIF → GIF / GIF: median (quartiles)'], [line('all', all), line('real', real), line('generated', generated)]),
      '',
      table(
        ['file', 'source', 'frames', 'size', 'GIF bytes', 'WebP bytes', 'WebP / GIF', 'GIF → GIF / GIF'],
        rows.map((r) => [r.file, r.kind === 'real' ? (REAL_GIF_SOURCES[r.file] ?? 'real') : 'generated from the corpus', r.frames, r.size, r.gifBytes, r.webpBytes, r.webpRatio, r.gifToGifRatio]),
      ),
      '',
      `Median WebP / GIF over all: ${all.webp.median} (goal ≤ ${GOAL}: ${all.webp.median <= GOAL ? 'met' : 'not met'}).`,
    ].join('\n');
    return { markdown, json: { goal: GOAL, all, real, generated, rows } };
  },
};
