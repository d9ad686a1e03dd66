// The result lands where the user is looking: after a batch, the total saved and Download All are on screen without the
// user scrolling, on a laptop and on a phone (headless Chromium against the real server and codecs).
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../support/paths';
import { chooseMode, jobsOf, openSettings, useServedApp } from './support/app';

const PHOTO = fs.readFileSync(corpusPath('photos', 'turbo-testorig.jpg'));

/** True when the element's box lies wholly inside the viewport as it is now, and nothing covers its centre. */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  if (!box || box.y < 0 || box.x < 0 || box.y + box.height > size.height || box.x + box.width > size.width) return false;
  // On top, too: not under a toast or another bar.
  return locator.evaluate((el, [x, y]) => el.contains(document.elementFromPoint(x!, y!)), [box.x + box.width / 2, box.y + box.height / 2]);
}

/** The first of the matching elements that is visible and wholly on screen, if any. */
async function anyInViewport(page: Page, locator: Locator): Promise<boolean> {
  for (const one of await locator.all()) if ((await one.isVisible()) && (await inViewport(page, one))) return true;
  return false;
}

describe('results in view', () => {
  const app = useServedApp();

  for (const [label, options] of [
    ['1280×800', { viewport: { width: 1280, height: 800 } }],
    ['390×844 phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
  ] as const) {
    it(`after a 5-file batch at ${label}, the total saved and Download All are on screen without scrolling`, async () => {
      const context = await app.newContext(options);
      const page = await context.newPage();
      await page.goto('/');
      await page.getByText('Drop your images here').waitFor();
      const files = Array.from({ length: 5 }, (_, i) => ({ name: `photo-${i}.jpg`, mimeType: 'image/jpeg', buffer: PHOTO }));
      await page.getByTestId('drop-zone-input').setInputFiles(files);
      await page.locator('[data-testid="job-card"][data-status="completed"]').nth(4).waitFor({ state: 'attached', timeout: 90_000 });

      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const downloadAll = page.getByRole('button', { name: /^Download all$/i });
      await downloadAll.first().waitFor({ state: 'attached' });
      await expect.poll(() => anyInViewport(page, downloadAll), { message: 'Download All on screen' }).toBe(true);
      const total = page.getByTestId('results-total');
      expect(await anyInViewport(page, total), 'total saved on screen').toBe(true);
      expect(await total.first().innerText()).toMatch(/−\d+ ?%/);
      // The section says what it holds once nothing is left to process.
      expect(await page.getByRole('heading', { name: /^Your files/ }).count()).toBe(1);
      await context.close();
    });
  }

  it('refuses Lossless + JPEG before upload, with the reason beside Mode and on each file, and sends nothing', async () => {
    const context = await app.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/');
    await openSettings(page);
    await page.getByTestId('output-format').selectOption('jpeg');
    await chooseMode(page, 'lossless');
    const reason = page.getByTestId('settings-mode-problem');
    expect(await reason.innerText()).toMatch(/^Lossless cannot make a JPEG/);
    expect(await page.getByTestId('settings-mode').getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('drop-zone-input').setInputFiles([{ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: PHOTO }]);
    expect(await page.getByTestId('upload-errors').innerText()).toMatch(/photo\.jpg: Lossless cannot make a JPEG/);
    expect(await jobsOf(page)).toEqual([]);
    // Another format lifts the block.
    await page.getByTestId('output-format').selectOption('png');
    expect(await reason.count()).toBe(0);
    await context.close();
  });
});
