// Private mode (`npm run bench -- private`): corpus photos compressed in headless Chromium on the isolated private
// page (the codec core with libvips in WebAssembly, in private mode's workers) against the same files compressed by
// the server at the same settings: files byte-identical, bytes and butteraugli per format and preset, time per
// megapixel on both sides, the speedup of two workers over one, the longest tasks on the page's thread, the
// JavaScript and WebAssembly a first private compression downloads, and the parity table of the browser test
// (crops at 60/80/90, smart and size: tests/support/private-parity.ts). Uses the built client in dist/client (run
// `npm run build` first).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import type { Job } from '#contract/api';
import { launchBrowser } from '../../tests/support/browser';
import { openSettings } from '../../tests/support/settings-card';
import { decodeSrgb } from '../lib/images';
import { table } from '../lib/markdown';
import { butteraugliWhole } from '../lib/metrics';
import { progress, type BenchSection } from '../lib/section';
import { withServer } from '../lib/server';
import { median, percentile, round } from '../lib/stats';
import { mergePrivateFigures, type PrivateFormatFigures } from '../lib/private-figures';
import { browserResults, parityCases, parityKey, parityUploads, serverResults } from '../../tests/support/private-parity';
import { SMOKE, smokeOr } from '../lib/smoke';

const PHOTOS = smokeOr(['kodim01.png', 'kodim03.png', 'kodim05.png', 'kodim12.png', 'kodim20.png', 'kodim23.png', 'turbo-testorig.jpg', 'exif-orient6-landscape.jpg'], ['kodim03.png', 'exif-orient6-landscape.jpg']);
const ALL_FORMATS = ['jpeg', 'webp', 'avif', 'png'] as const;
/** BENCH_PRIVATE_FORMATS=avif,png measures only those (each format's batches take minutes). */
const FORMATS = smokeOr<readonly (typeof ALL_FORMATS)[number][]>(ALL_FORMATS, ['webp']).filter((f) => !process.env.BENCH_PRIVATE_FORMATS || process.env.BENCH_PRIVATE_FORMATS.split(',').includes(f));
const PRESETS = smokeOr([60, 80, 90], [80]);

interface Run {
  sizes: Record<string, number>;
  files: Record<string, Buffer>;
  seconds: number;
}

const quartiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${round(percentile(sorted, 25), 3)} / ${round(median(sorted), 3)} / ${round(percentile(sorted, 75), 3)}`;
};

async function onServer(page: Page, corpus: string, format: string, quality: number): Promise<Run> {
  const form = new FormData();
  form.append('quality', String(quality));
  form.append('format', format);
  for (const name of PHOTOS) form.append('images', new Blob([fs.readFileSync(path.join(corpus, name))]), name);
  const t0 = performance.now();
  const res = await page.request.post('/api/compress', { multipart: form });
  if (res.status() !== 201) throw new Error(`upload refused: ${res.status()} ${await res.text()}`);
  let jobs: Job[] = [];
  for (;;) {
    jobs = (await (await page.request.get('/api/jobs')).json()) as Job[];
    if (jobs.every((j) => j.status === 'completed' || j.status === 'error')) break;
    await page.waitForTimeout(100);
  }
  const seconds = (performance.now() - t0) / 1000;
  const files: Record<string, Buffer> = {};
  for (const job of jobs) files[job.filename] = Buffer.from(await (await page.request.get(job.compressedPath!)).body());
  await page.request.delete('/api/jobs');
  return { sizes: Object.fromEntries(jobs.map((j) => [j.filename, j.compressedSize!])), files, seconds };
}

/** A fresh page in private mode with `workers` codec workers (the pool sizes itself from the reported cores). */
async function privatePage(browser: Browser, baseUrl: string, workers: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, acceptDownloads: true });
  await context.addInitScript((cores) => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => cores }), workers + 1);
  await context.addInitScript(() => localStorage.setItem('imagesqueeze.private-mode', 'on'));
  const page = await context.newPage();
  await page.goto('/private');
  await page.getByText('Drop your images here').waitFor();
  if (!(await page.evaluate(() => globalThis.crossOriginIsolated))) throw new Error('the private page is not cross-origin isolated');
  return page;
}

async function inBrowser(page: Page, corpus: string, format: string, quality: number, scratch: string): Promise<Run & { longTasks: number[] }> {
  // A fresh page each batch (private mode is remembered): the file input then sees new files, even the same ones.
  await page.reload();
  await page.getByText('Drop your images here').waitFor();
  // The settings card starts as one summary line: opened before a setting is chosen.
  await openSettings(page);
  await page.getByLabel('Output format').selectOption(format);
  // A range input cannot be typed into: its value is set as a drag would, through React's listener.
  await page.locator('#custom-quality').evaluate((el, q) => {
    const input = el as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(q));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, quality);
  await page.evaluate(() => {
    const w = window as unknown as { __long: number[] };
    w.__long = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__long.push(e.duration))).observe({ type: 'longtask' });
  });
  const errors: string[] = [];
  const onConsole = (m: { type(): string; text(): string }) => void (m.type() === 'error' && errors.push(m.text()));
  page.on('console', onConsole);
  const t0 = performance.now();
  await page.getByTestId('drop-zone-input').setInputFiles(PHOTOS.map((name) => path.join(corpus, name)));
  await page.locator('[data-testid="job-card"][data-status="completed"], [data-testid="job-card"][data-status="error"]').nth(PHOTOS.length - 1).waitFor({ timeout: 600_000 });
  const failed = await page.getByTestId('job-error').allInnerTexts();
  page.off('console', onConsole);
  if (failed.length) throw new Error(`${format} at ${quality}: the browser failed ${failed.length} files: ${failed.join('; ')} (console: ${errors.join('; ')})`);
  const seconds = (performance.now() - t0) / 1000;
  const longTasks = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download All/i }).first().click()]);
  const zip = path.join(scratch, `${format}-${quality}.zip`);
  await download.saveAs(zip);
  const files = await unzip(zip);
  const byStem = Object.fromEntries(Object.entries(files).map(([name, data]) => [name.replace(/\.\w+$/, ''), data]));
  const named = Object.fromEntries(PHOTOS.map((name) => [name, byStem[name.replace(/\.\w+$/, '')]!]));
  return { sizes: Object.fromEntries(Object.entries(named).map(([n, d]) => [n, d.length])), files: named, seconds, longTasks };
}

async function unzip(file: string): Promise<Record<string, Buffer>> {
  const yauzl = (await import('yauzl')).default;
  return new Promise((resolve, reject) => {
    const out: Record<string, Buffer> = {};
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      zip.on('entry', (entry: { fileName: string }) =>
        zip.openReadStream(entry as never, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => ((out[entry.fileName] = Buffer.concat(chunks)), zip.readEntry()));
        }),
      );
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

export const privateMode: BenchSection = {
  name: 'private',
  async run(ctx) {
    const log = progress(ctx, 'private');
    const corpus = path.join(ctx.corpusDir, 'photos');
    const scratch = fs.mkdtempSync(path.join(ctx.tmpDir, 'private-'));
    const megapixels = (await Promise.all(PHOTOS.map(async (n) => sharp(path.join(corpus, n)).metadata()))).reduce((s, m) => s + (m.width! * m.height!) / 1e6, 0);
    const originals = Object.fromEntries(await Promise.all(PHOTOS.map(async (n) => [n, await decodeSrgb(fs.readFileSync(path.join(corpus, n)))] as const)));
    return withServer(async (server) => {
      const browser = await launchBrowser();
      try {
        // The first private compression: what it downloads (a fresh page, JPEG at 80).
        const first = await privatePage(browser, server.url, 2);
        const fetched: { url: string; bytes: number }[] = [];
        first.on('response', (r) => void r.body().then((b) => fetched.push({ url: r.url(), bytes: b.length }), () => undefined));
        const baseline = fetched.length;
        const rows: (string | number)[][] = [];
        const json: Record<string, unknown> = {};
        const longest: number[] = [];
        const timing: (string | number)[][] = [];
        const published: Record<string, PrivateFormatFigures> = {};
        for (const format of FORMATS) {
          for (const quality of PRESETS) {
            log(`${format} at ${quality}`);
            const server2 = await onServer(first, corpus, format, quality);
            log(`${format} at ${quality}: server done in ${round(server2.seconds, 1)} s`);
            const browserRun = await inBrowser(first, corpus, format, quality, scratch);
            log(`${format} at ${quality}: browser done in ${round(browserRun.seconds, 1)} s`);
            longest.push(...browserRun.longTasks);
            const ratios = PHOTOS.map((n) => browserRun.sizes[n]! / server2.sizes[n]!);
            const ba = { browser: [] as number[], server: [] as number[] };
            for (const n of PHOTOS) {
              ba.browser.push(await butteraugliWhole(originals[n]!, await decodeSrgb(browserRun.files[n]!), scratch, `b-${format}`));
              ba.server.push(await butteraugliWhole(originals[n]!, await decodeSrgb(server2.files[n]!), scratch, `s-${format}`));
            }
            const identical = PHOTOS.filter((n) => browserRun.files[n]!.equals(server2.files[n]!)).length;
            rows.push([format, quality, `${identical} of ${PHOTOS.length}`, quartiles(ratios), round(median(ba.browser)), round(median(ba.server))]);
            timing.push([format, quality, round(browserRun.seconds / megapixels, 3), round(server2.seconds / megapixels, 3)]);
            json[`${format}-${quality}`] = { ratios, butteraugli: ba, browserSeconds: browserRun.seconds, serverSeconds: server2.seconds };
            // The About page quotes the Web Optimized preset (80).
            if (quality === 80) published[format] = { quality, bytesRatio: round(median(ratios), 3), butteraugliBrowser: round(median(ba.browser)), butteraugliServer: round(median(ba.server)), generatedAt: new Date().toISOString() };
          }
        }
        // Each asset once (later batches reload the page and take them from the cache).
        const firstUse = [...new Map(fetched.slice(baseline).filter((f) => /\/assets\//.test(f.url)).map((f) => [f.url, f])).values()];
        const jsBytes = firstUse.filter((f) => f.url.endsWith('.js')).reduce((s, f) => s + f.bytes, 0);
        const wasmBytes = firstUse.filter((f) => f.url.endsWith('.wasm')).reduce((s, f) => s + f.bytes, 0);
        // What the wire carries: the build's brotli copies (the server sends them to browsers that ask).
        const brotliBytes = firstUse.reduce((sum, f) => {
          const file = path.join(ctx.repoRoot, 'dist/client', new URL(f.url).pathname);
          return sum + (fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : f.bytes);
        }, 0);
        const jsGzip = firstUse.filter((f) => f.url.endsWith('.js')).reduce((s, f) => s + zlib.gzipSync(fs.readFileSync(path.join(ctx.repoRoot, 'dist/client', new URL(f.url).pathname))).length, 0);

        // Two workers against one, on the same batch (WebP at 80).
        const speed: Record<number, number> = {};
        for (const workers of [1, 2]) {
          const page = await privatePage(browser, server.url, workers);
          speed[workers] = (await inBrowser(page, corpus, 'webp', 80, scratch)).seconds;
          await page.context().close();
        }
        // A smoke run's figures mean nothing: the published ones stay as the last real run wrote them.
        if (!SMOKE) await mergePrivateFigures(ctx.repoRoot, PHOTOS.length, published);

        // The browser test's parity table: crops, every format at 60/80/90, smart and size, byte for byte.
        const parityPage = await privatePage(browser, server.url, 1);
        const uploads = await parityUploads();
        const parityRows: (string | number)[][] = [];
        const speedRows: (string | number)[][] = [];
        const cropMegapixels = (await Promise.all(uploads.map(async (u) => sharp(u.bytes).metadata()))).reduce((s, m) => s + (m.width! * m.height!) / 1e6, 0);
        for (const format of FORMATS) {
          log(`parity: ${format}`);
          const cases = parityCases(format);
          const onServer2 = await serverResults(uploads, cases);
          const inPage = await browserResults(parityPage, uploads, cases);
          for (const c of cases) {
            const pairs = uploads.map((u) => [inPage[parityKey(u, c)]!, onServer2[parityKey(u, c)]!] as const);
            const done = pairs.filter(([b, sv]) => !('error' in b) && !('error' in sv)) as [{ sha: string; size: number; seconds: number }, { sha: string; size: number; seconds: number }][];
            const same = done.filter(([b, sv]) => b.sha === sv.sha).length;
            parityRows.push([format, c.name, `${same} of ${uploads.length}`, quartiles(done.map(([b, sv]) => b.size / sv.size))]);
            const seconds = (i: 0 | 1) => done.reduce((sum, pair) => sum + pair[i].seconds, 0);
            speedRows.push([format, c.name, round(seconds(0) / cropMegapixels, 2), round(seconds(1) / cropMegapixels, 2)]);
          }
        }
        await parityPage.context().close();
        const markdown = [
          '## Private mode: the browser engine against the server',
          '',
          `${PHOTOS.length} corpus photos (${round(megapixels)} megapixels), headless Chromium against the server on the same machine. Bytes: browser / server, quartiles (25th / median / 75th); butteraugli (max-norm, whole image) medians.`,
          '',
          table(['format', 'quality', 'identical files', 'bytes browser/server', 'butteraugli browser', 'butteraugli server'], rows),
          '',
          `Parity on crops (${uploads.length} uploads of at most 160x160: 8 photos, 4 PNGs), one libvips worker against the server's codec, as tests/e2e/private-vips-parity.test.ts compares them:`,
          '',
          table(['format', 'mode', 'byte-identical', 'bytes browser/server'], parityRows),
          '',
          'Seconds per megapixel, one file at a time (browser: one libvips worker; server: the codec call in this process), on the crops:',
          '',
          table(['format', 'mode', 'browser s/MP', 'server s/MP'], speedRows),
          '',
          'Seconds per megapixel for the whole batch (wall time; browser: private mode with its workers; server: upload to last result):',
          '',
          table(['format', 'quality', 'browser s/MP', 'server s/MP'], timing),
          '',
          `Workers: one ${round(speed[1]!, 1)} s, two ${round(speed[2]!, 1)} s for the batch (WebP at 80): speedup ${round(speed[1]! / speed[2]!, 2)}x.`,
          '',
          `Longest task on the page's thread during the batches: ${round(Math.max(0, ...longest), 0)} ms (${longest.filter((d) => d > 100).length} over 100 ms).`,
          '',
          `Beyond the private page itself, the first compressions download ${round(jsBytes / 1024, 1)} KiB of JavaScript (${round(jsGzip / 1024, 1)} KiB gzip: the codec worker and libvips's module) and ${round(wasmBytes / 1024, 1)} KiB of WebAssembly (libvips, then libheif for the first AVIF, each fetched when first needed): ${round(brotliBytes / 1024, 1)} KiB over the wire with brotli.`,
        ].join('\n');
        return { markdown, json: { ...json, speed, longestTaskMs: Math.max(0, ...longest), jsBytes, jsGzip, wasmBytes, brotliBytes, parity: parityRows, paritySpeed: speedRows } };
      } finally {
        await browser.close();
      }
    });
  },
};
