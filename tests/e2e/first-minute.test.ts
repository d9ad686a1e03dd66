// A first-time user's first minute (issue 7/7 of 2026-11-28), in Chromium against the real server, at desktop
// 1280x800 and phone 390x844: a guest's drop of 12 adds 10 and lists the other 2 with a way to add them; settings
// changed after a batch say they apply to new files, with "Re-compress all" from the stored uploads; a HEIC original
// shows in Compare; the phone's first screen has the drop zone's button and no ad before the tool; legal pages carry
// no ads; private results are tagged "On this device"; offline on the server stops and offers private mode; the Done
// bar is docked, slim and steps aside over the settings; touch targets are 44 px on phones.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { corpusPath } from '../support/paths';
import { heicFrom } from '../support/heic';
import { describeViolations } from './support/axe';
import { SHOTS, enterPrivateMode, jobsOf, openSettings, toastShows, upload, useVisitors, waitForCompleted } from './support/app';

const AD_CLIENT = 'ca-pub-1234567890123456';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** `count` small, distinct JPEGs in `dir`. */
async function photos(dir: string, count: number, prefix = 'p'): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const file = path.join(dir, `${prefix}${String(i + 1).padStart(2, '0')}.jpg`);
      const noise = { type: 'gaussian' as const, mean: 40 + i * 15, sigma: 30 };
      fs.writeFileSync(file, await sharp({ create: { width: 160, height: 120, channels: 3, background: '#808080', noise } }).jpeg({ quality: 95 }).toBuffer());
      return file;
    }),
  );
}

const inFirstScreen = async (page: Page, locator: ReturnType<Page['locator']>, height: number) => {
  const box = await locator.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= height;
};

async function withAds(context: BrowserContext): Promise<void> {
  await context.route('https://pagead2.googlesyndication.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await context.addInitScript((id) => {
    (window as unknown as { __AD_CLIENT_ID__: string }).__AD_CLIENT_ID__ = id;
  }, AD_CLIENT);
}

describe('the first minute', () => {
  const app = useVisitors('first-minute-e2e-');

  it('a guest dropping 12 files gets 10 added and the other 2 listed as rows with a reason and an action, never "successful"', async () => {
    const { page, tmp } = app;
    await page.setViewportSize({ width: 1280, height: 800 });
    const files = await photos(tmp, 12);
    await upload(page, files);
    // One toast that counts, not "Upload successful".
    const toast = page.getByTestId('toast').filter({ hasText: 'Added 10 of 12' });
    await toast.waitFor();
    expect(await toast.innerText()).toContain('2 files were not added');
    expect(await page.getByTestId('toast').filter({ hasText: 'Upload successful' }).count()).toBe(0);
    // What happened is said in the drop zone, in view.
    const notice = page.getByTestId('drop-notice');
    expect(await notice.innerText()).toBe('Added 10 of 12. 2 not added: listed in Your files below, with what to do.');
    expect(await inFirstScreen(page, notice, 800)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/ux-d-batch12.png` });

    // The first ten went; the other two are rows of the file list, in the list's section, with their reason.
    await expect.poll(async () => (await jobsOf(page)).length).toBe(10);
    const rows = page.getByTestId('not-added-row');
    expect(await rows.count()).toBe(2);
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringContaining('p11.jpg: Too many files: 10 can be added at once. Add it with the next batch.'),
      expect.stringContaining('p12.jpg: Too many files: 10 can be added at once. Add it with the next batch.'),
    ]);
    expect(await page.locator('section[aria-labelledby="files-heading"] [data-testid="upload-errors"]').count()).toBe(1);

    // One click adds them, without choosing them again.
    await page.getByTestId('add-remaining').click();
    await expect.poll(async () => (await jobsOf(page)).map((j) => j.filename).sort(), { timeout: 30_000 }).toEqual(files.map((f) => path.basename(f)).sort());
    expect(await rows.count()).toBe(0);
    await toastShows(page, 'Upload successful', '2 files uploaded and compression started');
  });

  it('changed settings apply to new files until "Re-compress all" runs the finished ones again from the stored uploads', async () => {
    const { page, tmp } = app;
    const files = await photos(tmp, 2, 'r');
    await upload(page, files);
    await waitForCompleted(page, 2);
    const first = await jobsOf(page);
    expect(first.map((j) => j.compressionQuality)).toEqual([80, 80]);
    expect(await page.getByTestId('settings-pending').count()).toBe(0);

    await openSettings(page);
    await page.locator('label', { hasText: 'Maximum Compression' }).click();
    const pending = page.getByTestId('settings-pending');
    await pending.waitFor();
    expect(await pending.innerText()).toContain('Changes apply to new files.');
    // The Done bar carries it too, and steps aside while the settings card is on screen.
    expect(await page.getByTestId('results-bar').count()).toBe(0);
    // Below everything (the list and the settings out of sight), the bar shows, with the same offer.
    await page.getByTestId('settings-toggle').click();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByTestId('recompress-all-bar').waitFor();
    const bar = (await page.getByTestId('results-bar').boundingBox())!;
    expect(bar.height).toBeLessThanOrEqual(48);
    await page.screenshot({ path: `${SHOTS}/ux-d-recompress-bar.png` });

    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/compress') uploads.push(r.url());
    });
    await page.getByTestId('settings-pending').scrollIntoViewIfNeeded();
    await page.getByTestId('recompress-all').click();
    await expect
      .poll(async () => (await jobsOf(page)).map((j) => [j.status, j.revision, j.compressionQuality]), { timeout: 60_000 })
      .toEqual([
        ['completed', 2, 70],
        ['completed', 2, 70],
      ]);
    expect((await jobsOf(page)).map((j) => j.id).sort()).toEqual(first.map((j) => j.id).sort());
    expect(uploads).toEqual([]);
    expect(await pending.count()).toBe(0);
  });

  it('Compare shows a HEIC original (the browser cannot decode HEIC itself)', async () => {
    const { page, tmp } = app;
    const file = path.join(tmp, 'IMG_0007.HEIC');
    fs.writeFileSync(file, heicFrom(corpusPath('photos', 'kodim23.png'), 80));
    await upload(page, [file]);
    await waitForCompleted(page, 1);
    await page.getByRole('button', { name: 'Compare IMG_0007.HEIC' }).click();
    const original = page.getByRole('img', { name: 'Original IMG_0007.HEIC' });
    await original.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="Original IMG_0007.HEIC"]');
      return img?.complete && img.naturalWidth > 0;
    });
    expect(await original.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([768, 512]);
    // The Done bar never sits over the comparison.
    expect(await page.getByTestId('results-bar').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/ux-d-heic-compare.png` });
  });

  it('Auto for websites never picks JPEG XL for a PNG', async () => {
    const { page } = app;
    await openSettings(page);
    await page.getByLabel('Output format').selectOption('auto');
    await upload(page, [corpusPath('photos', 'kodim23.png')]);
    await waitForCompleted(page, 1);
    const [job] = await jobsOf(page);
    expect(job!.formatDecision!.candidates.map((c) => c.format)).not.toContain('jxl');
    expect(['image/avif', 'image/webp', 'image/jpeg', 'image/png']).toContain(job!.outputMimeType);
  });

  it('on a phone the drop zone\'s button is on the first screen, with ads on, and no ad comes before the tool', async () => {
    const context = await app.newContext(PHONE);
    await withAds(context);
    const page = await context.newPage();
    await page.goto('/');
    const choose = page.getByRole('button', { name: 'Choose images' });
    await choose.waitFor();
    await page.getByTestId('guest-banner').waitFor();
    expect(await inFirstScreen(page, choose, 844)).toBe(true);
    expect((await choose.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // Every visible ad slot lies after the files list and the settings.
    const settingsBottom = await page.getByTestId('settings-card').evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
    const adTops = await page.locator('[data-testid="ad-slot"]:visible').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top + window.scrollY));
    expect(adTops.length).toBeGreaterThan(0);
    for (const top of adTops) expect(top).toBeGreaterThan(settingsBottom);
    await page.screenshot({ path: `${SHOTS}/ux-m-first-screen-ads.png` });

    // Legal pages carry no ads, with a client id set.
    for (const legal of ['/privacy', '/terms', '/privacy-enhanced', '/terms-enhanced']) {
      await page.goto(legal);
      await page.locator('h1').waitFor();
      expect(await page.locator('[data-testid="ad-slot"]').count(), legal).toBe(0);
    }
    await context.close();
  });

  it('on a phone, row buttons are 44 px, the Done bar is one slim line, and /developers has no target-size violation', async () => {
    const context = await app.newContext({ ...PHONE, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Choose images' }).waitFor();
    await upload(page, [corpusPath('photos', 'turbo-testorig.jpg')]);
    await waitForCompleted(page, 1);
    for (const name of ['Download turbo-testorig.jpg', 'Compare turbo-testorig.jpg', 'Adjust turbo-testorig.jpg', 'Clear All', 'Download All']) {
      expect((await page.getByRole('button', { name, exact: true }).first().boundingBox())!.height, name).toBeGreaterThanOrEqual(44);
    }
    // Below the list and the settings (the bar steps aside while either is on screen), the bar shows.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const bar = page.getByTestId('results-bar');
    await bar.waitFor();
    expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(48);
    await page.screenshot({ path: `${SHOTS}/ux-m-done-bar.png` });

    await page.goto('/developers');
    await page.getByTestId('endpoint-index').waitFor();
    const results = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
    expect(results.violations, describeViolations(results.violations)).toEqual([]);
    await context.close();
  });

  it('private results say "On this device" with no deletion countdown', async () => {
    const { page } = app;
    await enterPrivateMode(page);
    await page.getByTestId('drop-zone-input').setInputFiles([corpusPath('photos', 'turbo-testorig.jpg')]);
    await waitForCompleted(page, 1);
    const card = page.getByTestId('job-card').first();
    expect((await card.getByTestId('on-device-tag').textContent())!.replace(/\s+/g, ' ')).toBe('On this device · gone when you close the tab');
    expect(await card.innerText()).not.toContain('Files deleted');
  });

  it('offline on our servers, a drop stops at once and offers private mode instead of "Uploading..."', async () => {
    const { page, context } = app;
    await context.setOffline(true);
    await upload(page, [corpusPath('photos', 'turbo-testorig.jpg')]);
    const row = page.getByTestId('not-added-row');
    await row.waitFor();
    expect(await row.innerText()).toContain("turbo-testorig.jpg: You're offline: nothing was uploaded.");
    expect(await page.getByTestId('drop-zone').getAttribute('data-state')).toBe('idle');
    await page.screenshot({ path: `${SHOTS}/ux-d-offline.png` });
    // Private mode is its own isolated page (/private, docs/decisions/0560): the offer leads there. Back online first,
    // since this browser never visited it and so holds no offline copy of it.
    await context.setOffline(false);
    await page.getByTestId('offer-private-mode').click();
    await page.waitForURL('**/private');
    await page.getByLabel('Private: compress on this device').waitFor();
    expect(await page.getByLabel('Private: compress on this device').isChecked()).toBe(true);
  });

  it('a browser that says it is offline while our server answers (a machine with no network but its own) still uploads', async () => {
    const { page } = app;
    // As Chromium reports it on a machine whose only network is loopback, where a self-hosted server still answers.
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { get: () => false, configurable: true }));
    await page.reload();
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await upload(page, [corpusPath('photos', 'turbo-testorig.jpg')]);
    await waitForCompleted(page, 1);
    expect(await page.getByTestId('not-added-row').count()).toBe(0);
  });
});
