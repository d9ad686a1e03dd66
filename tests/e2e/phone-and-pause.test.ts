// The tool as people use it on phones and with a paused queue, in headless Chromium against the real server.
import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../support/paths';
import { useServedApp, type ServedApp } from './support/app';

const PHOTO = fs.readFileSync(corpusPath('photos', 'turbo-testorig.jpg'));
/** 60 characters, the kind of name a camera or a build pipeline produces. */
const LONG_NAME = 'jxl-flower-q85-420-progressive-PXL_20261122_173045123.MP.jpg';

const sideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

function phoneContext(app: ServedApp, width: number): Promise<BrowserContext> {
  return app.newContext({ viewport: { width, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
}

async function uploadLongNames(page: Page, count: number) {
  const files = Array.from({ length: count }, (_, i) => ({ name: `${i}${LONG_NAME.slice(1)}`, mimeType: 'image/jpeg', buffer: PHOTO }));
  await page.getByTestId('drop-zone-input').setInputFiles(files);
  await page.locator('[data-testid="job-card"][data-status="completed"]').nth(count - 1).waitFor({ timeout: 60_000 });
}

describe('phones', () => {
  const app = useServedApp();

  it('after an upload focus stays on the drop zone, and a bar announces the queued files and leads to them', async () => {
    const context = await app.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByText('Drop your images here').waitFor();
    // Paused, so the three files stay queued while the test looks.
    expect((await page.request.post('/api/queue/pause')).status()).toBe(200);
    const choose = page.getByRole('button', { name: 'Choose images' });
    // A click both focuses the button and opens the file dialog (the way a tap or Enter does).
    const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: 60_000 }), choose.click()]);
    await chooser.setFiles(['a', 'b', 'c'].map((n) => ({ name: `${n}.jpg`, mimeType: 'image/jpeg', buffer: PHOTO })));
    await page.locator('[data-testid="job-card"]').nth(2).waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Choose images');

    // The list sits right under the drop zone (on a phone's first screen too), so it stays in sight and no bar is
    // needed; scrolled down past it (the how-it-works section, the footer), it is out of sight, and the bar appears.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const bar = page.getByTestId('queue-jump');
    await bar.waitFor();
    expect(await bar.innerText()).toContain('3 files in queue');
    expect(await page.getByRole('status').filter({ has: bar }).count()).toBe(1);
    const heading = page.getByRole('heading', { name: /Processing Files/ });
    const before = (await heading.boundingBox())!;
    expect(before.y + before.height <= 0 || before.y >= 844).toBe(true);
    await bar.click();
    await bar.waitFor({ state: 'detached' });
    const box = (await heading.boundingBox())!;
    // Below the sticky site header, not under it.
    expect(box.y).toBeGreaterThanOrEqual((await page.locator('header').first().boundingBox())!.height);
    expect(box.y).toBeLessThan(844);
    expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.request.post('/api/queue/resume');
    await context.close();
  });

  it('no page scrolls sideways at 320-390 px with 60-character names, which are elided in the middle', async () => {
    const context = await phoneContext(app, 390);
    const page = await context.newPage();
    const email = `phone.${Date.now()}@example.com`;
    expect((await page.request.post('/api/register', { data: { email, password: 'correct horse battery', firstName: 'Pat', lastName: 'Lee' } })).status()).toBe(201);
    await page.goto('/');
    await uploadLongNames(page, 2);
    for (const width of [390, 360, 320]) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of ['/', '/dashboard']) {
        await page.goto(path);
        await page.locator('[data-testid="job-card"], [data-testid="recent-job"]').first().waitFor();
        expect(await sideScroll(page), `${path} at ${width} px`).toBe(0);
        const name = page.getByTestId('file-name').first();
        // The full name is still there for people (tooltip) and for screen readers.
        expect(await name.getAttribute('title')).toMatch(/^\dxl-flower/);
        expect(await name.locator('.sr-only').innerText()).toHaveLength(60);
        // The visible part is cut in the middle: the extension stays on screen.
        const box = await name.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        expect(await name.locator('span[aria-hidden="true"]').last().innerText()).toMatch(/\.MP\.jpg$/);
      }
    }
    await context.close();
  });
});

describe('a paused queue', () => {
  const app = useServedApp();

  it('says so where uploads happen, never promises a start, reads "Paused", and Resume there starts the work', async () => {
    const context = await app.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByText('Drop your images here').waitFor();
    expect((await page.request.post('/api/queue/pause')).status()).toBe(200);
    await page.reload();
    const notice = page.getByTestId('paused-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Queue paused');

    await page.getByTestId('drop-zone-input').setInputFiles([{ name: 'one.jpg', mimeType: 'image/jpeg', buffer: PHOTO }]);
    const toast = page.getByTestId('toast').filter({ hasText: 'Upload successful' });
    await toast.waitFor();
    expect(await toast.innerText()).toContain('The queue is paused');
    expect(await toast.innerText()).not.toContain('compression started');
    await page.locator('[data-testid="job-card"][data-status="pending"]').waitFor();
    await notice.filter({ hasText: '1 file waits' }).waitFor();
    expect(await page.getByTestId('queue-time-left').innerText()).toBe('Paused');

    await notice.getByRole('button', { name: 'Resume queue' }).click();
    await page.locator('[data-testid="job-card"][data-status="completed"]').waitFor({ timeout: 60_000 });
    await notice.waitFor({ state: 'detached' });
    await context.close();
  });
});
