// The comparison in Chromium as a first-time user judges it: the image first on a phone (one metrics line, details
// on demand), the shortcuts 1, 0, D, S and a held Space, a neutral dark viewer with a checkerboard only for images
// with transparency, and a differences count that says when it was measured at a reduced size.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../support/paths';
import { expectNoSeriousA11yViolations } from './support/axe';
import { SHOTS, toastShows, upload, useVisitors, waitForCompleted } from './support/app';

const KODIM = corpusPath('photos', 'kodim03.png');

/** Uploads one file, waits for it, and opens its comparison with the divider focused. */
async function openComparison(page: Page, file: string): Promise<Locator> {
  await upload(page, [file]);
  await toastShows(page, 'Upload successful');
  await waitForCompleted(page, 1);
  await page.locator('[data-testid="job-card"][data-status="completed"]').first().getByRole('button', { name: /^Compare/ }).click();
  const panel = page.getByTestId('quality-assessment');
  await panel.getByTestId('split-view').waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'comparison-divider');
  return panel;
}

/** The viewer's background as [r, g, b], and whether a checkerboard (a gradient image) is drawn. */
const surfaceOf = (viewer: Locator) =>
  viewer.evaluate((el) => {
    const style = getComputedStyle(el);
    // The stylesheet writes colours as oklch(); the canvas turns any CSS colour into sRGB bytes.
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.fillStyle = style.backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    const rgb = Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
    return { rgb, checkerboard: style.backgroundImage !== 'none' };
  });

describe('comparison view', () => {
  const app = useVisitors('comparison-e2e-');

  it('puts the image first on a phone: one metrics line above it, the details one click away', async () => {
    const phone = await app.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    try {
      const page = await phone.newPage();
      await page.goto('/');
      await page.getByText('Drop your images here').waitFor();
      await upload(page, [KODIM]);
      await toastShows(page, 'Upload successful');
      await waitForCompleted(page, 1);
      await page.getByRole('button', { name: /^Compare/ }).click();
      const panel = page.getByTestId('quality-assessment');
      const viewer = panel.getByTestId('split-view');
      await viewer.waitFor();
      // As the review measured: the panel scrolled to just under the sticky header.
      await panel.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
      const [panelBox, viewerBox] = [(await panel.boundingBox())!, (await viewer.boundingBox())!];
      // Before: seven metric tiles put the image 571 px below the panel's top (y = 643 of 844).
      expect(viewerBox.y - panelBox.y).toBeLessThan(170);
      expect(viewerBox.y + viewerBox.height).toBeLessThan(844);
      const summary = await panel.getByTestId('comparison-summary').innerText();
      expect(summary).toMatch(/^[\d.]+ KB → [\d.]+ KB · −\d+ % · PNG q80$/);
      // The tiles are behind Details.
      const details = panel.getByRole('button', { name: 'Details' });
      expect(await details.getAttribute('aria-expanded')).toBe('false');
      expect(await panel.getByTestId('metric-quality-level').isVisible()).toBe(false);
      await details.click();
      expect(await panel.getByTestId('metric-quality-level').isVisible()).toBe(true);
      expect(await panel.getByTestId('metric-quality-level').innerText()).toBe('80% (Medium)');
      await page.screenshot({ path: path.join(SHOTS, 'comparison-phone.png') });
    } finally {
      await phone.close();
    }
  });

  it('answers 1, 0, D, S and a held Space, with the keys listed', async () => {
    const { page } = app;
    const panel = await openComparison(page, KODIM);
    expect(await panel.getByTestId('comparison-keys').innerText()).toContain('1 = 1:1 · 0 = fit · D = differences · S = split / side by side · hold Space = original');
    const zoom = panel.getByTestId('zoom-level');
    const fit = await zoom.innerText();

    await page.keyboard.press('1');
    expect(await zoom.innerText()).toBe('100%');
    await page.keyboard.press('0');
    expect(await zoom.innerText()).toBe(fit);

    await page.keyboard.press('d');
    await panel.getByTestId('diff-overlay').waitFor();
    expect(await panel.getByRole('button', { name: 'Hide differences' }).getAttribute('aria-pressed')).toBe('true');

    // Space held shows the original over the whole view (the overlay goes with the compressed side); letting go
    // brings both back.
    const split = panel.getByTestId('split-view');
    await page.keyboard.down(' ');
    expect(await split.getAttribute('data-showing')).toBe('original');
    expect(await panel.getByTestId('compressed-layer').isVisible()).toBe(false);
    expect(await panel.getByTestId('diff-overlay').count()).toBe(0);
    await page.keyboard.up(' ');
    expect(await split.getAttribute('data-showing')).toBe('both');
    expect(await panel.getByTestId('compressed-layer').isVisible()).toBe(true);
    await page.keyboard.press('d');
    expect(await panel.getByTestId('diff-overlay').count()).toBe(0);

    // S switches to side by side and back; focus stays in the comparison so the keys keep working.
    await page.keyboard.press('s');
    await panel.getByTestId('side-by-side-view').waitFor();
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.down(' ');
    expect(await panel.getByTestId('side-by-side-view').getAttribute('data-showing')).toBe('original');
    await page.keyboard.up(' ');
    await page.keyboard.press('s');
    await panel.getByTestId('split-view').waitFor();

    // Typing in a field is not a shortcut.
    await page.keyboard.press('d');
    const threshold = panel.getByLabel('Difference threshold');
    await threshold.focus();
    await page.keyboard.press('0');
    expect(await panel.getByRole('button', { name: 'Hide differences' }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page);
  });

  it('shows the photo on a neutral dark surface, with a checkerboard only behind transparency', async () => {
    const { page, tmp } = app;
    const panel = await openComparison(page, KODIM);
    const opaque = await surfaceOf(panel.getByTestId('split-view'));
    const [r, g, b] = opaque.rgb;
    expect(r).toBe(g);
    expect(g).toBe(b);
    expect(r).toBeLessThan(64);
    expect(opaque.checkerboard).toBe(false);
    await panel.getByRole('button', { name: 'Close comparison' }).click();

    // A PNG with a transparent half gets the (dark) checkerboard.
    const alpha = path.join(tmp, 'half-transparent.png');
    const width = 320;
    const height = 200;
    const pixels = Buffer.alloc(width * height * 4);
    for (let i = 0; i < width * height; i++) pixels.set([200, 60, 40, i % width < width / 2 ? 255 : 0], i * 4);
    await sharp(pixels, { raw: { width, height, channels: 4 } }).png().toFile(alpha);
    await upload(page, [alpha]);
    await toastShows(page, 'Upload successful');
    await waitForCompleted(page, 2);
    await page.locator('[data-testid="job-card"]').filter({ hasText: 'half-transparent.png' }).getByRole('button', { name: /^Compare/ }).click();
    const viewer = page.getByTestId('quality-assessment').getByTestId('split-view');
    await viewer.waitFor();
    await expect.poll(async () => (await surfaceOf(viewer)).checkerboard, { timeout: 10_000 }).toBe(true);
  });

  it('says when the differences were counted at a reduced size instead of reading "0.00 %"', async () => {
    const { page, tmp } = app;
    // 2560 × 1707 (4.4 megapixels): above the 4-megapixel budget the browser compares at.
    const large = path.join(tmp, 'large.jpg');
    await sharp(KODIM).resize(2560, 1707, { fit: 'fill' }).jpeg({ quality: 92 }).toFile(large);
    expect(fs.statSync(large).size).toBeGreaterThan(0);
    const panel = await openComparison(page, large);
    await page.keyboard.press('d');
    const count = panel.getByTestId('diff-count');
    await count.filter({ hasText: 'pixels differ' }).waitFor({ timeout: 30_000 });
    const text = await count.innerText();
    expect(text).toMatch(/^[\d,]+ pixels differ \((< )?[\d.]+ % of 2449 × 1633, compared at 96 % of the original 2560 × 1707\)$/);
    expect(text).not.toContain('0.00');
  });
});
