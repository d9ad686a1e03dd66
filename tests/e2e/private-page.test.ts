// The private page (/private) in real Chromium: served isolated, it loads nothing from another origin and says so,
// its workers run libvips (libheif only once an AVIF is needed), the switch on the tool page leads there and back
// and is remembered; and where the page cannot be isolated it falls back to the single-threaded encoders, saying
// that the results may differ.
import type { Request } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openSettings, useVisitors } from './support/app';

const settled = (page: import('playwright-core').Page, count: number) =>
  page.locator('[data-testid="job-card"][data-status="completed"], [data-testid="job-card"][data-status="error"]').nth(count - 1).waitFor({ timeout: 120_000 });

const photo = () => sharp({ create: { width: 120, height: 80, channels: 3, background: '#3a6f9c' } }).composite([{ input: Buffer.from('<svg width="120" height="80"><circle cx="60" cy="40" r="30" fill="#e0a020"/></svg>') }]).jpeg({ quality: 95 }).toBuffer();

describe('the private page', () => {
  const app = useVisitors('private-page-');

  it('is isolated, loads nothing from another origin, says so, and compresses with libvips (libheif on first AVIF)', async () => {
    const { page, context, server } = app;
    const requests: Request[] = [];
    context.on('request', (r) => requests.push(r));
    const response = await page.goto('/private');
    expect(response!.headers()['cross-origin-opener-policy']).toBe('same-origin');
    expect(response!.headers()['cross-origin-embedder-policy']).toBe('require-corp');
    expect(response!.headers()['content-security-policy']).not.toMatch(/https:/);
    await page.getByText('Drop your images here').waitFor();
    expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
    expect(await page.getByTestId('isolated-page-note').innerText()).toContain('no ads and nothing from any other site');
    expect(await page.getByTestId('private-codecs').getAttribute('data-engine')).toBe('libvips');
    expect(await page.locator('[data-testid^="ad-"], ins.adsbygoogle').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);

    await openSettings(page);
    await page.getByLabel('Output format').selectOption('webp');
    await page.getByTestId('drop-zone-input').setInputFiles([{ name: 'first.jpg', mimeType: 'image/jpeg', buffer: await photo() }]);
    await settled(page, 1);
    expect(await page.getByTestId('job-error').allInnerTexts()).toEqual([]);
    // What the page and its workers fetched (the offline service worker also caches every asset, libvips's included).
    const paths = () => requests.filter((r) => !r.serviceWorker()).map((r) => new URL(r.url()).pathname);
    expect(paths().some((p) => /^\/assets\/vips-codec-worker-[\w-]+\.js$/.test(p))).toBe(true);
    expect(paths().some((p) => /^\/assets\/wasm-vips-[\d.]+\/vips\.wasm$/.test(p))).toBe(true);
    // Encoders load on first need: no AVIF yet, so no libheif.
    expect(paths().some((p) => p.endsWith('/vips-heif.wasm'))).toBe(false);

    await page.getByLabel('Output format').selectOption('avif');
    await page.getByTestId('drop-zone-input').setInputFiles([{ name: 'second.jpg', mimeType: 'image/jpeg', buffer: await photo() }]);
    await settled(page, 2);
    expect(await page.getByTestId('job-error').allInnerTexts()).toEqual([]);
    expect(paths().some((p) => p.endsWith('/vips-heif.wasm'))).toBe(true);

    // Nothing from another origin, and nothing written to ours.
    const origin = new URL(server.url).origin;
    expect(requests.filter((r) => !['blob:', 'data:'].includes(new URL(r.url()).protocol) && new URL(r.url()).origin !== origin).map((r) => r.url())).toEqual([]);
    expect(requests.filter((r) => !['GET', 'HEAD'].includes(r.method())).map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
  });

  it('is where the switch leads, remembered across visits, and back to the tool when turned off', async () => {
    const { page } = app;
    await page.getByLabel('Private: compress on this device').check();
    await page.waitForURL('**/private');
    await page.getByText('Drop your images here').waitFor();
    expect(await page.getByLabel('Private: compress on this device').isChecked()).toBe(true);

    // Remembered: the tool page sends a returning visitor back to the private page.
    await page.goto('/');
    await page.waitForURL('**/private');
    await page.getByText('Drop your images here').waitFor();

    await page.getByLabel('Private: compress on this device').uncheck();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Drop your images here').waitFor();
    expect(await page.getByLabel('Private: compress on this device').isChecked()).toBe(false);
    await page.reload();
    await page.getByText('Drop your images here').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('falls back to the single-threaded encoders where the page cannot be isolated, and says the results may differ', async () => {
    const { page, context } = app;
    const requests: Request[] = [];
    context.on('request', (r) => requests.push(r));
    // A browser that cannot isolate the page: the same response without its embedder policy.
    await page.route('**/private', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['cross-origin-embedder-policy'];
      await route.fulfill({ response, headers });
    });
    await page.goto('/private');
    await page.getByText('Drop your images here').waitFor();
    expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(false);
    const codecs = page.getByTestId('private-codecs');
    expect(await codecs.getAttribute('data-engine')).toBe('fallback');
    expect(await codecs.innerText()).toContain('results may differ from our servers');

    await openSettings(page);
    await page.getByLabel('Output format').selectOption('webp');
    await page.getByTestId('drop-zone-input').setInputFiles([{ name: 'fallback.jpg', mimeType: 'image/jpeg', buffer: await photo() }]);
    await settled(page, 1);
    expect(await page.getByTestId('job-error').allInnerTexts()).toEqual([]);
    const paths = requests.filter((r) => !r.serviceWorker()).map((r) => new URL(r.url()).pathname);
    expect(paths.some((p) => /^\/assets\/codec-worker-[\w-]+\.js$/.test(p))).toBe(true);
    expect(paths.some((p) => p.includes('/wasm-vips-'))).toBe(false);
  });
});
