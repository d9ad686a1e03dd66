// One settings model in the browser: a one-line summary that opens on click, the mode first and then only the
// controls that mode uses, combinations that cannot work said beside their field before upload, a failed file
// re-run with other settings from its stored upload, scores in words, and Auto's choice of where files go.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../support/paths';
import { jobsOf, openSettings, useVisitors } from './support/app';
import { expectNoSeriousA11yViolations } from './support/axe';

const SMALL_JPEG = corpusPath('photos', 'turbo-testorig.jpg'); // 227×149

const count = (page: Page, testId: string) => page.getByTestId(testId).count();

describe('one settings model', () => {
  const app = useVisitors('settings-model-e2e-');

  it.each([
    [1280, 800],
    [390, 844],
  ])('starts as one short summary line at %i×%i and opens on click, remembered for the visit', async (width, height) => {
    const { page } = app;
    await page.setViewportSize({ width, height });
    const card = page.getByTestId('settings-card');
    expect(await page.getByTestId('settings-summary').innerText()).toBe('Quality 80 · Keep original format · metadata removed · original size');
    expect(await count(page, 'settings-panel')).toBe(0);
    const closed = (await card.boundingBox())!.height;
    expect(closed).toBeLessThan(200); // 990 px when it was always open
    const toggle = page.getByTestId('settings-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    await page.getByTestId('settings-panel').waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByTestId('output-format').selectOption('auto');
    expect(await page.getByTestId('settings-summary').innerText()).toBe('Quality 80 · Auto format · metadata removed · original size');
    await page.reload();
    await page.getByTestId('settings-panel').waitFor();
    await page.getByTestId('settings-toggle').click();
    expect(await count(page, 'settings-panel')).toBe(0);
  });

  it('puts the mode first and shows only the controls that mode uses', async () => {
    const { page } = app;
    await openSettings(page);
    const modeY = (await page.getByTestId('settings-mode').boundingBox())!.y;
    const presets = page.getByRole('radio', { name: /Web Optimized/ });
    expect(await presets.isChecked()).toBe(true);
    expect((await page.getByTestId('quality-slider').boundingBox())!.y).toBeGreaterThan(modeY);
    expect((await page.getByTestId('output-format').boundingBox())!.y).toBeGreaterThan(modeY);

    const shown = async () => ({
      presets: await page.locator('input[name="compression-preset"]').count(),
      slider: await count(page, 'quality-slider'),
      target: await count(page, 'settings-target'),
    });
    await page.getByText('the smallest that still looks the same').click();
    expect(await page.locator('#settings-mode-note').innerText()).toContain('still looks the same');
    expect(await shown()).toEqual({ presets: 0, slider: 0, target: 0 });
    expect(await page.getByTestId('settings-summary').innerText()).toMatch(/^Smart, at most quality 80 · /);
    await page.getByText('under a file size').click();
    expect(await shown()).toEqual({ presets: 0, slider: 0, target: 1 });
    await page.getByText('every pixel kept').click();
    expect(await shown()).toEqual({ presets: 0, slider: 0, target: 0 });
    await page.getByText('you set the quality').click();
    expect(await shown()).toEqual({ presets: 3, slider: 1, target: 0 });
    await page.getByTestId('output-format').selectOption('auto');
    await expectNoSeriousA11yViolations(page);
  });

  it('says beside the field, before any upload, when settings cannot work together', async () => {
    const { page, tmp } = app;
    await openSettings(page);
    await page.getByText('every pixel kept').click();
    await page.getByTestId('settings-maxWidth').fill('100');
    const note = page.getByTestId('settings-resize-note');
    expect(await note.innerText()).toContain('Lossless cannot resize a JPEG');
    // The note stands with the resize fields, not somewhere else on the card.
    const field = (await page.getByTestId('settings-maxWidth').boundingBox())!;
    expect((await note.boundingBox())!.y - (field.y + field.height)).toBeLessThan(80);
    await page.getByTestId('output-format').selectOption('png');
    expect(await count(page, 'settings-resize-note')).toBe(0);

    // A bad value keeps the card open (even across a visit), so the field marked red is in sight, and a file chosen
    // meanwhile is held back with focus taken to that field.
    await page.getByTestId('settings-maxWidth').fill('0');
    await page.reload();
    await page.getByTestId('settings-panel').waitFor();
    expect(await page.getByTestId('settings-maxWidth').getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('drop-zone-input').setInputFiles([SMALL_JPEG]);
    await page.getByText('Fix the highlighted compression settings first').waitFor();
    expect(await page.getByTestId('settings-maxWidth').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await jobsOf(page)).toEqual([]);
    // Lossless + JPEG: focus lands on the chosen mode, where the reason is said.
    await page.getByTestId('settings-maxWidth').fill('');
    await page.getByTestId('output-format').selectOption('jpeg');
    const another = path.join(tmp, 'another.jpg'); // the file input does not report the same file chosen twice
    fs.copyFileSync(SMALL_JPEG, another);
    await page.getByTestId('drop-zone-input').setInputFiles([another]);
    await page.getByTestId('upload-errors').getByText(/another\.jpg: Lossless cannot make a JPEG/).waitFor();
    expect(await page.getByTestId('settings-mode-lossless').evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('re-runs a failed file with other settings from its stored upload, without uploading again', async () => {
    const { page } = app;
    // A job that fails after upload, made through the API as a script would: lossless JPEG is only the JPEG kept at
    // its own size, and this 227-pixel-wide photo is asked for at 64 (settings refused at upload never make a job, 0586).
    const made = await page.request.post('/api/compress', {
      multipart: { mode: 'lossless', format: 'jpeg', maxWidth: '64', images: { name: 'bug.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(corpusPath('photos', 'turbo-testorig.jpg')) } },
    });
    expect(made.status()).toBe(201);
    await page.reload();
    const card = page.locator('[data-testid="job-card"][data-status="error"]');
    await card.waitFor({ timeout: 90_000 });
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/compress') uploads.push(r.url());
    });

    await card.getByRole('button', { name: 'Try other settings for bug.jpg' }).click();
    const panel = page.getByTestId('adjust-panel');
    await panel.waitFor();
    await panel.getByTestId('adjust-format').selectOption('webp');
    await panel.getByTestId('adjust-apply').click();
    await panel.waitFor({ state: 'detached' });
    await page.locator('[data-testid="job-card"][data-status="completed"]').waitFor({ timeout: 90_000 });
    const [job] = await jobsOf(page);
    expect(job).toMatchObject({ filename: 'bug.jpg', status: 'completed', revision: 2, outputFormat: 'webp', mode: 'lossless' });
    expect(uploads).toEqual([]);
  });

  it('says a smart result’s score in words, with the number in a tooltip', async () => {
    const { page } = app;
    await openSettings(page);
    await page.getByText('the smallest that still looks the same').click();
    await page.getByTestId('drop-zone-input').setInputFiles([SMALL_JPEG]);
    const card = page.locator('[data-testid="job-card"][data-status="completed"]');
    await card.waitFor({ timeout: 90_000 });
    const [job] = await jobsOf(page);
    const verdict = card.getByTestId('quality-verdict');
    expect(['looks identical', 'very close', 'visible changes']).toContain(await verdict.innerText());
    expect(await verdict.getAttribute('title')).toBe(`SSIMULACRA 2 score ${job!.perceptualScore!.toFixed(1)} (100 = identical)`);
    expect(await card.getByTestId('quality').innerText()).not.toMatch(/score/);
  });

  it('Auto for email and apps picks only JPEG or PNG; for websites it may pick AVIF', async () => {
    const { page, tmp } = app;
    await openSettings(page);
    await page.getByTestId('output-format').selectOption('auto');
    expect(await page.getByTestId('auto-for-web').isChecked()).toBe(true);
    await page.getByTestId('auto-for-apps').check();
    expect(await page.getByTestId('settings-summary').innerText()).toMatch(/Auto format \(JPEG\/PNG\)/);
    await page.reload();
    await openSettings(page);
    expect(await page.getByTestId('auto-for-apps').isChecked()).toBe(true);

    await page.getByTestId('drop-zone-input').setInputFiles([SMALL_JPEG]);
    await page.locator('[data-testid="job-card"][data-status="completed"]').waitFor({ timeout: 90_000 });
    const [apps] = await jobsOf(page);
    const tried = apps!.formatDecision!.candidates.map((c) => c.format);
    expect(tried.length).toBeGreaterThan(0);
    expect(tried.filter((f) => f !== 'jpeg' && f !== 'png')).toEqual([]);
    expect(['image/jpeg', 'image/png']).toContain(apps!.outputMimeType);

    await page.getByTestId('auto-for-web').check();
    // Another file: the file input does not report the same file chosen twice.
    const second = path.join(tmp, 'second.jpg');
    fs.copyFileSync(SMALL_JPEG, second);
    await page.getByTestId('drop-zone-input').setInputFiles([second]);
    await page.locator('[data-testid="job-card"][data-status="completed"]').nth(1).waitFor({ timeout: 90_000 });
    const web = (await jobsOf(page)).find((j) => j.id !== apps!.id)!;
    expect(web.formatDecision!.candidates.map((c) => c.format)).toContain('avif');
  });
});
