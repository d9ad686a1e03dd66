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
  // Within a pixel: a scroll lands on whole pixels, so a box scrolled to the edge may end a fraction past it.
  if (!box || box.y < -1 || box.x < -1 || box.y + box.height > size.height + 1 || box.x + box.width > size.width + 1) return false;
  // On top, too: not under a toast or another bar.
  return locator.evaluate((el, [x, y]) => el.contains(document.elementFromPoint(x!, y!)), [box.x + box.width / 2, box.y + box.height / 2]);
}

/** The first of the matching elements that is visible and wholly on screen, if any. */
async function anyInViewport(page: Page, locator: Locator): Promise<boolean> {
  for (const one of await locator.all()) if ((await one.isVisible()) && (await inViewport(page, one))) return true;
  return false;
}

/** Wholly on screen, its centre on top, and no part of it under the bar (when the bar shows). */
async function uncovered(page: Page, locator: Locator, bar: Locator): Promise<boolean> {
  if (!(await inViewport(page, locator))) return false;
  const barBox = (await bar.isVisible()) ? await bar.boundingBox() : null;
  const box = (await locator.boundingBox())!;
  return !barBox || box.y + box.height <= barBox.y || box.y >= barBox.y + barBox.height;
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

/** Opens the tool, drops `count` copies of the photo and waits until all are compressed. */
async function finishBatch(page: Page, count: number): Promise<void> {
  await page.goto('/');
  await page.getByText('Drop your images here').waitFor();
  const files = Array.from({ length: count }, (_, i) => ({ name: `photo-${i}.jpg`, mimeType: 'image/jpeg', buffer: PHOTO }));
  await page.getByTestId('drop-zone-input').setInputFiles(files);
  await page.locator('[data-testid="job-card"][data-status="completed"]').nth(count - 1).waitFor({ state: 'attached', timeout: 90_000 });
}

describe('results in view', () => {
  const app = useServedApp();

  for (const [label, options] of [
    ['1280×800', { viewport: { width: 1280, height: 800 } }],
    ['390×844 phone', PHONE],
  ] as const) {
    it(`after a 5-file batch at ${label}, the total saved and Download All are on screen without scrolling, and still once scrolled to the settings`, async () => {
      const context = await app.newContext(options);
      const page = await context.newPage();
      await finishBatch(page, 5);

      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const downloadAll = page.getByRole('button', { name: /^Download all$/i });
      await downloadAll.first().waitFor({ state: 'attached' });
      // Not under "Upload successful … compression started" either: that toast is out of date once the batch is done.
      await expect.poll(() => anyInViewport(page, downloadAll), { message: 'Download All on screen' }).toBe(true);
      const total = page.getByTestId('results-total');
      expect(await anyInViewport(page, total), 'total saved on screen').toBe(true);
      expect(await total.first().innerText()).toMatch(/−\d+ ?%/);
      // The section says what it holds once nothing is left to process.
      expect(await page.getByRole('heading', { name: /^Your files/ }).count()).toBe(1);

      // Scrolled on to the (closed) settings, the files header out of sight: the Done bar still offers Download All.
      const summary = page.getByTestId('settings-summary');
      await summary.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      expect(await inViewport(page, summary), 'settings summary on screen').toBe(true);
      // On the phone that leaves the files header out of sight: the case the bar is for.
      if (options === PHONE) expect(await inViewport(page, page.locator('#files-header')), 'files header out of sight').toBe(false);
      await expect.poll(() => anyInViewport(page, downloadAll), { message: 'Download All on screen beside the settings' }).toBe(true);
      expect(await anyInViewport(page, total), 'total saved on screen beside the settings').toBe(true);
      await context.close();
    });
  }

  it('at 390×844 the docked Done bar steps aside for each control of the open comparison', async () => {
    const context = await app.newContext(PHONE);
    const page = await context.newPage();
    await finishBatch(page, 5);
    await page.locator('[data-testid="job-card"]').first().getByRole('button', { name: /^Compare/ }).click();
    const panel = page.getByTestId('quality-assessment');
    await panel.getByTestId('split-view').waitFor();
    const bar = page.getByTestId('results-bar');

    const controls = await panel.locator('button, input, select, [role="slider"]').all();
    expect(controls.length).toBeGreaterThan(5);
    for (const control of controls) {
      if (!(await control.isVisible())) continue;
      const name = (await control.getAttribute('aria-label')) ?? (await control.innerText());
      // First the bar is up: among the files, the files header above and the comparison below out of sight.
      await page.locator('[data-testid="job-card"]').nth(2).evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await expect.poll(() => bar.isVisible(), { message: `the bar shows among the files (before ${name})` }).toBe(true);
      // Then the control on the bottom edge, where the bar docks: the bar must go, not sit over it.
      await control.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await expect.poll(() => uncovered(page, control, bar), { message: `${name} on screen and not under the bar` }).toBe(true);
    }
    await context.close();
  });

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
