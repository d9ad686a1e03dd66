// The spec's small print: the 404 title, the too-small file message, ad slots on every page, and a privacy policy
// that describes the self-service export and deletion that exist.
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MIN_FILE_SIZE } from '#contract/limits';
import { fileTooSmallMessage } from '#contract/messages';
import { useServedApp } from './support/app';

const AD_CLIENT = 'ca-pub-1234567890123456';

describe('spec details', () => {
  const app = useServedApp();

  /** A context whose pages see a configured ad client; the ad network itself is stubbed (no network in tests). */
  async function withAds(): Promise<BrowserContext> {
    const context = await app.newContext({ viewport: { width: 1280, height: 900 } });
    await context.route('https://pagead2.googlesyndication.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
    await context.addInitScript((clientId) => {
      (window as unknown as { __AD_CLIENT_ID__: string }).__AD_CLIENT_ID__ = clientId;
    }, AD_CLIENT);
    return context;
  }

  it('the 404 page is titled "Page Not Found" and has an ad slot', async () => {
    const context = await withAds();
    const page = await context.newPage();
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await page.title()).toMatch(/^Page Not Found/);
    expect(await page.locator('[data-testid="ad-slot"]:visible').count()).toBe(1);
    await context.close();
  });

  it('/auth carries the 250x250 slot and /dashboard a slot of its own', async () => {
    const context = await withAds();
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    const small = page.locator('[data-testid="ad-slot"][data-ad-size="small"]');
    expect(await small.count()).toBe(1);
    expect(await small.boundingBox()).toMatchObject({ width: 250 });

    const email = `ads.${Date.now()}@example.com`;
    expect((await page.request.post('/api/register', { data: { email, password: 'correct horse battery', firstName: 'Ad', lastName: 'Viewer' } })).status()).toBe(201);
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-greeting').waitFor();
    expect(await page.locator('[data-testid="ad-slot"]:visible').count()).toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it('an empty file is refused as "File is smaller than N bytes", in the browser and by the server', async () => {
    const context = await app.newContext();
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('drop-zone-input').setInputFiles([{ name: 'empty.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(0) }]);
    await page.getByText(`empty.jpg: ${fileTooSmallMessage(MIN_FILE_SIZE)}`).waitFor();

    const res = await page.request.post('/api/compress', { multipart: { images: { name: 'tiny.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) } } });
    expect(res.status()).toBe(400);
    expect((await res.json()).message).toBe(fileTooSmallMessage(MIN_FILE_SIZE));
    await context.close();
  });

  it('the detailed privacy policy points to the dashboard\'s export and deletion, and promises no profile editing', async () => {
    const context = await app.newContext();
    const page = await context.newPage();
    await page.goto('/privacy-enhanced');
    await page.locator('h1').waitFor();
    const body = await page.locator('main').innerText();
    expect(body).toContain('"Export my data" on your dashboard');
    expect(body).toContain('"Delete account" on your dashboard');
    expect(body).not.toMatch(/update your details in your account/i);
    await context.close();
  });
});
