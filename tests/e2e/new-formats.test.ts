// HEIC, animated GIF and SVG uploads in the browser: the card names the formats and says why the result is a JPEG or
// an animated WebP, and how many frames it kept; an SVG's result is an SVG, shown on its card and in the comparison.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animation } from '../support/animation';
import { heicFrom } from '../support/heic';
import { corpusPath } from '../support/paths';
import { HEIF_ENC_MISSING } from '../support/system-tools';
import { PLAIN_SVG } from '../support/svg-files';
import { useVisitors, waitForCompleted } from './support/app';

describe.skipIf(HEIF_ENC_MISSING)(`new input formats in the tool${HEIF_ENC_MISSING ? ` (skipped: ${HEIF_ENC_MISSING})` : ''}`, () => {
  const app = useVisitors('new-formats-e2e-');

  it('a HEIC photo and an animated GIF: HEIC → JPEG and GIF → WebP on their cards, with the reasons and the frames', async () => {
    const { page, tmp } = app;
    const heic = path.join(tmp, 'IMG_0001.heic');
    fs.writeFileSync(heic, heicFrom(corpusPath('photos', 'kodim23.png'), 70));
    const gif = path.join(tmp, 'dance.gif');
    fs.writeFileSync(gif, await animation('gif', { frames: 3, width: 90, height: 60, delay: [100, 100, 100], loop: 0 }));
    await page.getByTestId('drop-zone-input').setInputFiles([heic, gif]);
    await waitForCompleted(page, 2);

    const heicCard = page.locator('[data-testid="job-card"]', { hasText: 'IMG_0001' });
    expect(await heicCard.getByTestId('output-format').innerText()).toBe('HEIC → JPEG');
    expect(await heicCard.getByTestId('format-note').innerText()).toBe('HEIC converted to JPEG: browsers other than Safari cannot show HEIC.');
    const gifCard = page.locator('[data-testid="job-card"]', { hasText: 'dance' });
    expect(await gifCard.getByTestId('output-format').innerText()).toBe('GIF → WebP');
    expect(await gifCard.getByTestId('animation-note').innerText()).toBe('Animated, 3 frames (the preview shows the first).');
  });
});

describe('SVG in the tool', () => {
  const app = useVisitors('svg-e2e-');

  it('an SVG stays SVG: the card says so and shows it, and the comparison draws the SVG result', async () => {
    const { page, tmp } = app;
    const file = path.join(tmp, 'logo.svg');
    fs.writeFileSync(file, PLAIN_SVG);
    await page.getByTestId('drop-zone-input').setInputFiles([file]);
    await waitForCompleted(page, 1);
    const card = page.locator('[data-testid="job-card"]', { hasText: 'logo' });
    expect(await card.getByTestId('output-format').innerText()).toBe('SVG');
    expect(await card.getByTestId('format-note').count()).toBe(0);
    const loaded = (img: Locator) => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth);
    await expect.poll(() => loaded(card.locator('img').first()), { timeout: 10_000 }).toBeGreaterThan(0);

    await card.getByRole('button', { name: /^Compare/ }).click();
    const panel = page.getByTestId('quality-assessment');
    await panel.getByTestId('split-view').waitFor();
    const compressed = panel.getByRole('img', { name: 'Compressed logo.svg' });
    expect(await compressed.getAttribute('src')).toMatch(/^\/api\/download\//);
    // The SVG result drawn at its own size (120 × 80), not a broken image.
    await expect.poll(() => loaded(compressed), { timeout: 10_000 }).toBe(120);
  });

  it('an SVG with a script: the card says what was removed, by name', async () => {
    const { page, tmp } = app;
    const file = path.join(tmp, 'badge.svg');
    fs.writeFileSync(file, PLAIN_SVG.replace('<title>', '<script>alert(1)</script><title>').replace('<rect ', '<rect onclick="alert(2)" '));
    await page.getByTestId('drop-zone-input').setInputFiles([file]);
    await waitForCompleted(page, 1);
    const card = page.locator('[data-testid="job-card"]', { hasText: 'badge' });
    expect(await card.getByTestId('format-note').innerText()).toBe('Removed from the SVG: <script>, 1 onclick attribute.');
  });
});
