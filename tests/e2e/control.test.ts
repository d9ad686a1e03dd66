// Control in the browser: the settings panel's mode, resize and metadata fields (checked beside each field,
// remembered, sent with the upload), and "Adjust" re-tuning a finished file without uploading it again.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../support/paths';
import { chooseMode, jobsOf, openSettings, useVisitors } from './support/app';

const SMALL_JPEG = corpusPath('photos', 'turbo-testorig.jpg'); // 227×149
const PHONE_PHOTO = corpusPath('photos', 'exif-orient6-landscape.jpg'); // 1800×1200 upright

describe('control settings and Adjust', () => {
  const app = useVisitors('control-e2e-');

  it('shows a bad value beside its field, holds the upload back, and remembers the fixed settings', async () => {
    const { page } = app;
    await openSettings(page);
    await chooseMode(page, 'size');
    await page.getByTestId('settings-target').fill('0.5');
    await page.getByTestId('settings-maxWidth').fill('0');
    expect(await page.locator('#settings-target-problem').innerText()).toBe('Enter a target size of at least 1 KB');
    expect(await page.locator('#settings-maxWidth-problem').innerText()).toBe('Width must be a whole number of pixels from 1 to 16,384');
    expect(await page.getByTestId('settings-maxWidth').getAttribute('aria-invalid')).toBe('true');

    await page.getByTestId('drop-zone-input').setInputFiles([SMALL_JPEG]);
    await page.getByText('Fix the highlighted compression settings first').waitFor();
    expect(await jobsOf(page)).toEqual([]);

    await page.getByTestId('settings-target').fill('8');
    await page.getByTestId('settings-maxWidth').fill('120');
    await page.getByTestId('settings-metadata').selectOption('keep');
    expect(await page.locator('#settings-target-problem').count()).toBe(0);
    await page.reload();
    await page.getByText('Drop your images here').waitFor();
    await openSettings(page);
    expect(await page.getByTestId('settings-mode-size').isChecked()).toBe(true);
    expect(await page.getByTestId('settings-target').inputValue()).toBe('8');
    expect(await page.getByTestId('settings-maxWidth').inputValue()).toBe('120');
    expect(await page.getByTestId('settings-metadata').inputValue()).toBe('keep');

    await page.getByTestId('drop-zone-input').setInputFiles([SMALL_JPEG]);
    await page.locator('[data-testid="job-card"][data-status="completed"]').first().waitFor({ timeout: 90_000 });
    const [job] = await jobsOf(page);
    expect(job).toMatchObject({ mode: 'size', targetSize: 8192, maxWidth: 120, metadata: 'keep', compressedWidth: 120, targetMet: true });
    expect(job!.compressedSize).toBeLessThanOrEqual(8192);
    expect(await page.getByTestId('quality').innerText()).toMatch(/^\d+% \(chosen for 8 KB\)$/);
  });

  it('smart mode: the card and the comparison show the quality it chose and the score it reached', async () => {
    const { page } = app;
    await openSettings(page);
    await chooseMode(page, 'smart');
    expect(await page.locator('#settings-mode-note').innerText()).toContain('lowest quality (at most the one set)');
    await page.getByTestId('drop-zone-input').setInputFiles([SMALL_JPEG]);
    const card = page.locator('[data-testid="job-card"][data-status="completed"]').first();
    await card.waitFor({ timeout: 90_000 });
    const [job] = await jobsOf(page);
    expect(job).toMatchObject({ mode: 'smart' });
    expect(await card.getByTestId('quality').innerText()).toMatch(new RegExp(`^${job!.chosenQuality}% \\(smart, (looks identical|very close|visible changes)\\)$`));
    await card.getByRole('button', { name: /^Compare/ }).click();
    expect(await page.getByTestId('metric-chosen-quality').innerText()).toBe(`${job!.chosenQuality}%`);
    expect(await page.getByTestId('metric-perceptual-score').innerText()).toBe(`${job!.perceptualScore!.toFixed(1)} (SSIMULACRA 2)`);
  });

  it('Adjust re-runs a finished file with new settings and the card shows the new result', async () => {
    const { page } = app;
    await page.getByTestId('drop-zone-input').setInputFiles([SMALL_JPEG]);
    const card = page.locator('[data-testid="job-card"][data-status="completed"]').first();
    await card.waitFor({ timeout: 90_000 });
    const [before] = await jobsOf(page);

    await card.getByRole('button', { name: `Adjust ${before!.filename}` }).click();
    const panel = page.getByTestId('adjust-panel');
    await panel.waitFor();
    expect(await page.getByRole('dialog', { name: `Adjust ${before!.filename}` }).isVisible()).toBe(true);
    await panel.getByTestId('adjust-format').selectOption('webp');
    await panel.getByTestId('adjust-maxWidth').fill('100');
    await panel.getByTestId('adjust-apply').click();
    await panel.waitFor({ state: 'detached' });

    await page.getByTestId('revision').waitFor();
    await page.locator('[data-testid="job-card"][data-status="completed"]').first().waitFor({ timeout: 90_000 });
    const [after] = await jobsOf(page);
    expect(after).toMatchObject({ id: before!.id, revision: 2, outputFormat: 'webp', compressedWidth: 100, expiresAt: before!.expiresAt });
    expect(await page.getByTestId('revision').innerText()).toBe('Adjusted 1 time');
    expect(await page.locator('[data-testid="job-card"]').getByTestId('output-format').innerText()).toBe('JPEG → WebP');
    const download = await page.request.get(after!.compressedPath!);
    expect((await sharp(await download.body()).metadata()).format).toBe('webp');
  });

  it('Adjust shows a live estimate of the size and a 1:1 preview that follow the quality slider', async () => {
    const { page } = app;
    await page.getByTestId('drop-zone-input').setInputFiles([PHONE_PHOTO]);
    const card = page.locator('[data-testid="job-card"][data-status="completed"]').first();
    await card.waitFor({ timeout: 90_000 });
    await card.getByRole('button', { name: /^Adjust/ }).click();
    const panel = page.getByTestId('adjust-panel');
    const size = panel.getByTestId('adjust-estimate-size');
    await size.waitFor();
    const bytesShown = async () => Number((await size.innerText()).replace(/[^\d.]/g, '')) * ((await size.innerText()).includes('MB') ? 1024 : 1);
    const atStart = await bytesShown();
    const preview = panel.getByTestId('adjust-estimate-preview');
    expect([await preview.getAttribute('width'), await preview.getAttribute('height')]).toEqual(['140', '140']);
    // The data: URL decodes asynchronously: wait for the picture itself, not only the element.
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="adjust-estimate-preview"]');
      return img?.complete === true && img.naturalWidth === 140 && img.naturalHeight === 140;
    });

    // Dragging the slider down: once it rests, the estimate is asked for again and comes out smaller.
    await panel.getByTestId('adjust-quality').fill('20');
    await page.waitForFunction(
      ([before]) => {
        const text = document.querySelector('[data-testid="adjust-estimate-size"]')?.textContent ?? '';
        return !text.includes('updating') && Number(text.replace(/[^\d.]/g, '')) < before!;
      },
      [atStart],
      { timeout: 80_000 }, // a hang guard inside the test's own 90 s: the estimate needs a codec process
    );
    expect(await bytesShown()).toBeLessThan(atStart);
    // Smart mode is estimated too, saying the quality its search picked (tests/e2e/adjust.test.ts goes further).
    await panel.getByTestId('adjust-mode').selectOption('smart');
    await panel.getByTestId('adjust-estimate-headline').filter({ hasText: /^Smart picked quality \d+ · / }).waitFor({ timeout: 80_000 });
  });

  it("Adjust shows the server's refusal in the panel", async () => {
    const { page } = app;
    await page.getByTestId('drop-zone-input').setInputFiles([SMALL_JPEG]);
    const card = page.locator('[data-testid="job-card"][data-status="completed"]').first();
    await card.waitFor({ timeout: 90_000 });
    // The job is deleted behind the panel's back: the server's answer is shown in the panel, which stays open.
    const [job] = await jobsOf(page);
    await card.getByRole('button', { name: /^Adjust/ }).click();
    await page.getByTestId('adjust-panel').waitFor();
    expect((await page.request.delete(`/api/jobs/${job!.id}`)).status()).toBe(204);
    await page.getByTestId('adjust-apply').click();
    // Apply's refusal, as the server words it (the live estimate, if one was under way, says it could not update too).
    await page.getByTestId('adjust-panel').getByRole('alert').filter({ hasText: /^Job not found$/ }).waitFor();
  });
});
