// Output formats in the browser: choosing AVIF, downloading it under its own name, comparing it (Chromium decodes
// AVIF), the choice remembered across visits, Auto sending the formats this browser shows, JPEG's background.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../support/paths';
import { jobsOf, openSettings, useVisitors, waitForCompleted } from './support/app';

const SMALL_JPEG = corpusPath('photos', 'turbo-testorig.jpg');

/** 96×64 PNG: the left half fully transparent, the right half opaque. */
async function writeTransparentPng(file: string): Promise<void> {
  const width = 96;
  const height = 64;
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    data.set([200, 60 + (x % 50), 40, x < width / 2 ? 0 : 255], i * 4);
  }
  await sharp(data, { raw: { width, height, channels: 4 } }).png().toFile(file);
}

describe('output formats in the tool', () => {
  const app = useVisitors('formats-e2e-');

  it('converts to AVIF, downloads photo.avif, and compares it decoded in the browser', async () => {
    const { page, tmp } = app;
    await openSettings(page);
    await page.getByLabel('Output format').selectOption('avif');
    expect(await page.locator('#output-format-note').innerText()).toContain('older browsers');
    await page.getByTestId('drop-zone-input').setInputFiles([SMALL_JPEG]);
    await waitForCompleted(page, 1);

    const card = page.locator('[data-testid="job-card"]').first();
    expect(await card.getByTestId('output-format').innerText()).toBe('JPEG → AVIF');
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: /^Download/ }).click()]);
    expect(download.suggestedFilename()).toBe('turbo-testorig.avif');
    const saved = path.join(tmp, 'one.avif');
    await download.saveAs(saved);
    const bytes = fs.readFileSync(saved);
    expect(bytes.toString('latin1', 4, 12)).toBe('ftypavif');
    const [job] = await jobsOf(page);
    expect(bytes.length).toBe(job!.compressedSize);
    expect((await sharp(bytes).metadata()).width).toBe(227);

    await card.getByRole('button', { name: /^Compare/ }).click();
    const compressed = page.getByTestId('quality-assessment').getByRole('img', { name: /^Compressed/ }).first();
    await compressed.waitFor();
    // The AVIF really decoded: a broken image has no natural size.
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth === 227, await compressed.elementHandle());
    expect(await page.getByTestId('metric-format').innerText()).toBe('JPEG → AVIF');
  });

  it('remembers the chosen format across visits', async () => {
    const { page } = app;
    await openSettings(page);
    await page.getByLabel('Output format').selectOption('webp');
    await page.reload();
    await page.getByText('Drop your images here').waitFor();
    expect(await page.getByLabel('Output format').inputValue()).toBe('webp');
  });

  it('Auto "For websites" picks among AVIF, WebP, JPEG and PNG, never JPEG XL, even where this browser shows it', async () => {
    const { page } = app;
    await openSettings(page);
    await page.getByLabel('Output format').selectOption('auto');
    expect(await page.getByTestId('auto-for-web').isChecked()).toBe(true);
    // The files are for a website's visitors, whose browsers vary: the uploader's browser (Chromium shows JPEG XL) is not asked.
    const note = await page.locator('#output-format-note').innerText();
    expect(note).toContain('among AVIF, WebP, JPEG and PNG');
    expect(note).not.toContain('This browser:');
    await page.getByTestId('drop-zone-input').setInputFiles([SMALL_JPEG]);
    await waitForCompleted(page, 1);
    const [job] = await jobsOf(page);
    const decision = job!.formatDecision!;
    expect(decision.candidates.map((c) => c.format)).toEqual(expect.arrayContaining(['avif', 'webp', 'jpeg']));
    expect(decision.candidates.map((c) => c.format)).not.toContain('jxl');
    expect(job!.outputMimeType).not.toBe('image/jxl');
    expect(job!.compressedSize).toBe(Math.min(...decision.candidates.map((c) => c.bytes)));
    expect(await page.getByTestId('auto-decision').innerText()).toMatch(/^Auto (chose|kept the original) /);
  });

  it('JPEG XL only when asked for: choosing it as the format gives JPEG XL', async () => {
    const { page } = app;
    await openSettings(page);
    await page.getByLabel('Output format').selectOption('jxl');
    await page.getByTestId('drop-zone-input').setInputFiles([SMALL_JPEG]);
    await waitForCompleted(page, 1);
    const [job] = await jobsOf(page);
    expect(job!.outputMimeType).toBe('image/jxl');
  });

  it('fills transparency with the chosen background when saving as JPEG, and says so', async () => {
    const { page, tmp } = app;
    const logo = path.join(tmp, 'logo.png');
    await writeTransparentPng(logo);
    await openSettings(page);
    await page.getByLabel('Output format').selectOption('jpeg');
    await page.getByTestId('background-colour').fill('#3366cc');
    await page.getByTestId('drop-zone-input').setInputFiles([logo]);
    await waitForCompleted(page, 1);
    expect(await page.getByTestId('flattened-note').innerText()).toContain('#3366cc');
    const [job] = await jobsOf(page);
    expect(job!.flattenedOnto).toBe('#3366cc');
    const res = await page.request.get(job!.compressedPath!);
    const { data, info } = await sharp(Buffer.from(await res.body())).raw().toBuffer({ resolveWithObject: true });
    const p = (20 * info.width + 10) * info.channels;
    expect(Math.abs(data[p]! - 0x33) + Math.abs(data[p + 1]! - 0x66) + Math.abs(data[p + 2]! - 0xcc)).toBeLessThan(12);
  });
});
