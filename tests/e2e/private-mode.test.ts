// Private mode in real Chromium: the files are compressed by the browser's own codec workers (the codec core with
// WebAssembly encoders) and nothing leaves the device. The network is watched from the moment the page opens: no
// POST at all, no request carrying a file's bytes or name. The results download one by one and as a ZIP built in
// the page, and they are real images of the right size, never larger than the originals.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../support/paths';
import type { Page, Request } from 'playwright-core';
import { enterPrivateMode, listZip, openSettings, useVisitors } from './support/app';

const FILES = [
  corpusPath('photos', 'turbo-testorig.jpg'), // 227×149 JPEG
  corpusPath('photos', 'exif-orient6-landscape.jpg'), // stored portrait, shown 1800×1200 after its EXIF orientation
  corpusPath('photos', 'kodim03.png'), // 768×512 PNG photo
  corpusPath('png', 'pngsuite', 'basn6a08.png'), // 32×32 PNG with an alpha channel
];
const UPRIGHT: Record<string, [number, number]> = {
  'turbo-testorig.jpg': [227, 149],
  'exif-orient6-landscape.jpg': [1800, 1200],
  'kodim03.png': [768, 512],
  'basn6a08.png': [32, 32],
};

/** Waits until `count` cards are finished, completed or failed (a hang guard, sized for a loaded machine). */
async function settled(page: Page, count: number): Promise<void> {
  await page.locator('[data-testid="job-card"][data-status="completed"], [data-testid="job-card"][data-status="error"]').nth(count - 1).waitFor({ timeout: 90_000 });
}

/** A long enough run of a file's bytes to recognise it in a request body. */
const signatureOf = (file: string) => fs.readFileSync(file).subarray(1024, 1024 + 64);

describe('private mode: compress on this device', () => {
  const app = useVisitors('private-e2e-');

  it('compresses several files in the browser with no request carrying them, and downloads them singly and as a ZIP', async () => {
    const { page, context, tmp } = app;
    const requests: Request[] = [];
    context.on('request', (r) => requests.push(r));
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));

    await enterPrivateMode(page);
    await page.getByTestId('drop-zone-input').setInputFiles(FILES);
    await settled(page, FILES.length);

    // The cards say what the browser made: every file done, none failed, none larger than its original.
    const cards = page.locator('[data-testid="job-card"]');
    expect(await cards.count()).toBe(FILES.length);
    expect(await page.getByTestId('job-error').allInnerTexts()).toEqual([]);

    // One download: a real JPEG of the upright size.
    const card = cards.filter({ hasText: 'exif-orient6-landscape.jpg' });
    const [single] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: /^Download/ }).click()]);
    expect(single.suggestedFilename()).toBe('exif-orient6-landscape.jpg');
    const singleFile = path.join(tmp, 'single.jpg');
    await single.saveAs(singleFile);
    const meta = await sharp(singleFile).metadata();
    expect([meta.format, meta.autoOrient.width, meta.autoOrient.height]).toEqual(['jpeg', 1800, 1200]);
    expect(fs.statSync(singleFile).size).toBeLessThanOrEqual(fs.statSync(FILES[1]!).size);

    // Download All: a ZIP built in the page, holding every result under its name.
    const [zipDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download All/i }).first().click()]);
    const zipFile = path.join(tmp, 'all.zip');
    await zipDownload.saveAs(zipFile);
    const entries = await listZip(zipFile);
    expect(entries.map((e) => e.name).sort()).toEqual(Object.keys(UPRIGHT).sort());
    for (const entry of entries) {
      const original = FILES.find((f) => path.basename(f) === entry.name)!;
      expect(entry.size, entry.name).toBeLessThanOrEqual(fs.statSync(original).size);
    }

    // Every result decodes to its upright size (the ZIP's entries, read back out).
    const extracted = path.join(tmp, 'x');
    fs.mkdirSync(extracted);
    await unzipTo(zipFile, extracted);
    for (const [name, [width, height]] of Object.entries(UPRIGHT)) {
      const m = await sharp(path.join(extracted, name)).metadata();
      expect([m.autoOrient.width, m.autoOrient.height], name).toEqual([width, height]);
    }

    // Nothing left the device: no POST (or any other write), no body with a file's bytes, no file name in a URL...
    expect(requests.filter((r) => !['GET', 'HEAD'].includes(r.method())).map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
    const urls = requests.map((r) => new URL(r.url()));
    const signatures = FILES.map(signatureOf);
    for (const r of requests) {
      const body = r.postDataBuffer();
      if (body) for (const s of signatures) expect(body.includes(s), r.url()).toBe(false);
      for (const name of Object.keys(UPRIGHT)) expect(decodeURIComponent(r.url()), r.url()).not.toContain(name.replace(/\.\w+$/, ''));
    }
    expect(urls.every((u) => u.protocol === 'blob:' || u.protocol === 'data:' || u.origin === new URL(app.server.url).origin)).toBe(true);
    // ...and the codec ran here: the libvips worker and its WebAssembly were fetched from our origin.
    expect(urls.some((u) => /\/assets\/vips-codec-worker-[\w-]+\.js$/.test(u.pathname))).toBe(true);
    expect(urls.some((u) => /\/assets\/wasm-vips-[\d.]+\/vips\.wasm$/.test(u.pathname))).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it('adjusts a finished file on the device: a live estimate with its preview, then the new result', async () => {
    const { page, context } = app;
    const writes: string[] = [];
    context.on('request', (r) => !['GET', 'HEAD'].includes(r.method()) && writes.push(`${r.method()} ${r.url()}`));
    await enterPrivateMode(page);
    await page.getByTestId('drop-zone-input').setInputFiles([FILES[2]!]);
    await settled(page, 1);
    await page.getByRole('button', { name: 'Adjust kodim03.png' }).click();
    await page.getByTestId('adjust-format').selectOption('webp');
    const size = page.getByTestId('adjust-estimate-size');
    await page.getByTestId('adjust-estimate').filter({ hasText: 'as WebP' }).waitFor();
    expect(await size.innerText()).toMatch(/≈ \d/);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="adjust-estimate-preview"]');
      return img?.complete === true && img.naturalWidth > 0 && img.src.startsWith('data:image/webp');
    });
    await page.getByTestId('adjust-apply').click();
    const card = page.locator('[data-testid="job-card"]');
    await card.getByTestId('revision').waitFor();
    await page.locator('[data-testid="job-card"][data-status="completed"]').waitFor();
    expect(await card.getByTestId('output-format').innerText()).toBe('PNG → WebP');
    expect(await card.getByTestId('revision').innerText()).toContain('Adjusted 1 time');
    expect(writes).toEqual([]);
  });

  it('remembers the mode across visits, and says what the browser cannot do next to the controls', async () => {
    const { page } = app;
    await enterPrivateMode(page);
    await page.reload();
    await page.getByText('Drop your images here').waitFor();
    expect(await page.getByLabel('Private: compress on this device').isChecked()).toBe(true);
    expect(await page.getByTestId('private-mode').innerText()).toContain('never uploaded');
    await openSettings(page);
    expect(await page.locator('#settings-metadata-note').innerText()).toContain('always removed');
    await page.getByLabel('Output format').selectOption('png');
    expect(await page.locator('#output-format-note').innerText()).toContain('reduced as ours are');
    expect(await page.locator('#private-mode-limits').innerText()).toContain('HEIC, JPEG XL and SVG');
  });

  it('refuses what needs our servers file by file, saying why, and compresses the rest', async () => {
    const { page } = app;
    const still = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3060a0' } }).png().toBuffer();
    // An APNG: an acTL chunk (animation control) right after IHDR; the browser would decode only its first frame.
    const acTL = Buffer.from([0, 0, 0, 8, 0x61, 0x63, 0x54, 0x4c, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0]);
    const apng = Buffer.concat([still.subarray(0, 33), acTL, still.subarray(33)]);
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]);
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a03060' } }).gif().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="red"/></svg>');
    await enterPrivateMode(page);
    await page.getByTestId('drop-zone-input').setInputFiles([
      { name: 'moving.png', mimeType: 'image/png', buffer: apng },
      { name: 'phone.heic', mimeType: 'image/heic', buffer: heic },
      { name: 'loop.gif', mimeType: 'image/gif', buffer: gif },
      { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: svg },
      { name: 'still.png', mimeType: 'image/png', buffer: still },
    ]);
    // Refused as the files are added, each with its reason; the still PNG is compressed.
    await page.locator('[data-testid="job-card"][data-status="completed"]', { hasText: 'still.png' }).waitFor({ timeout: 90_000 });
    const messageOf = async (name: string) => (await page.getByTestId('upload-errors').locator('li', { hasText: name }).innerText()).replace(/\s+/g, ' ');
    expect(await messageOf('moving.png')).toContain('An animated PNG needs our servers: in this browser only its first frame would be kept');
    expect(await messageOf('phone.heic')).toContain('HEIC needs our servers');
    expect(await messageOf('loop.gif')).toContain('GIF needs our servers');
    expect(await messageOf('logo.svg')).toContain('SVG needs our servers');
    expect(await page.getByTestId('job-card').count()).toBe(1);
  });

  it('keeps compressing with the network cut off after one visit (the app and codecs cached by a service worker)', async () => {
    const { page, context } = app;
    await enterPrivateMode(page);
    // The worker is registered once private mode is used, and has cached the app and the encoders when it is active.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.getByText('Drop your images here').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await page.getByText('Drop your images here').waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await openSettings(page);
    await page.getByLabel('Output format').selectOption('webp');
    await page.getByTestId('drop-zone-input').setInputFiles([FILES[0]!, FILES[2]!]);
    await settled(page, 2);
    expect(await page.getByTestId('job-error').allInnerTexts()).toEqual([]);
    expect(await page.locator('[data-testid="job-card"] [data-testid="output-format"]').allInnerTexts()).toEqual(['JPEG → WebP', 'PNG → WebP']);
    await context.setOffline(false);
  });

  it('serves the codec worker under a policy that allows exactly its chunks and WebAssembly', async () => {
    const { page } = app;
    const html = await page.request.get('/');
    expect(html.headers()['content-security-policy']).toContain("worker-src 'self'");
    const entry = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).find((n) => n.includes('/assets/') && n.endsWith('.js')));
    const script = await page.request.get(entry!);
    const policy = script.headers()['content-security-policy'];
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('https:');
    // The encoders are sent compressed, as WebAssembly (streaming compilation needs the type).
    const sw = await (await page.request.get('/sw.js')).text();
    const wasmPath = /"(\/assets\/mozjpeg_enc-[\w-]+\.wasm)"/.exec(sw)![1]!;
    const wasm = await page.request.get(wasmPath, { headers: { 'accept-encoding': 'br' } });
    expect([wasm.headers()['content-type'], wasm.headers()['content-encoding']]).toEqual(['application/wasm', 'br']);
  });
});

async function unzipTo(zipFile: string, dir: string): Promise<void> {
  const yauzl = (await import('yauzl')).default;
  await new Promise<void>((resolve, reject) => {
    yauzl.open(zipFile, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      zip.on('entry', (entry: { fileName: string }) => {
        zip.openReadStream(entry as never, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          stream.pipe(fs.createWriteStream(path.join(dir, entry.fileName))).on('finish', () => zip.readEntry());
        });
      });
      zip.on('end', () => resolve());
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
