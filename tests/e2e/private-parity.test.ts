// The same codec, the same output: whole corpus photos compressed through private mode's page (the switch, the
// isolated page, libvips in its workers, the codec core) against the same files compressed by the server at the same
// settings, compared by size through the app's own downloads.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Job } from '#contract/api';
import { corpusPath } from '../support/paths';
import { enterPrivateMode, listZip, openSettings, useVisitors } from './support/app';

const PHOTOS = ['kodim01.png', 'kodim03.png', 'kodim05.png', 'kodim12.png', 'kodim20.png', 'kodim23.png', 'turbo-testorig.jpg'];

/**
 * Browser bytes / server bytes allowed, per format. On the isolated private page the browser runs libvips, the
 * server's codecs (docs/decisions/0560): JPEG, WebP and AVIF are the server's bytes (the exact comparison is
 * private-vips-parity.test.ts); PNG's final oxipng is another build (0563), so its sizes may move a few percent.
 */
const BOUNDS = { jpeg: [1, 1], webp: [1, 1], avif: [1, 1], png: [0.85, 1.15] } as const;

async function serverSizes(page: Page, format: string): Promise<Record<string, number>> {
  const form = new FormData();
  form.append('quality', '80');
  form.append('format', format);
  for (const name of PHOTOS) form.append('images', new Blob([fs.readFileSync(corpusPath('photos', name))]), name);
  const res = await page.request.post('/api/compress', { multipart: form });
  expect(res.status()).toBe(201);
  let jobs: Job[] = [];
  await expect
    .poll(async () => {
      jobs = (await (await page.request.get('/api/jobs')).json()) as Job[];
      return jobs.filter((j) => j.status === 'completed' || j.status === 'error').length;
    }, { timeout: 180_000 })
    .toBe(PHOTOS.length);
  const sizes = Object.fromEntries(jobs.map((j) => [j.filename, j.compressedSize!]));
  await page.request.delete('/api/jobs');
  return sizes;
}

async function browserSizes(page: Page, format: string, tmp: string): Promise<Record<string, number>> {
  await openSettings(page);
  await page.getByLabel('Output format').selectOption(format);
  await page.getByTestId('drop-zone-input').setInputFiles(PHOTOS.map((name) => corpusPath('photos', name)));
  await page.locator('[data-testid="job-card"][data-status="completed"], [data-testid="job-card"][data-status="error"]').nth(PHOTOS.length - 1).waitFor({ timeout: 180_000 });
  expect(await page.getByTestId('job-error').allInnerTexts()).toEqual([]);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download All/i }).first().click()]);
  const zip = path.join(tmp, `${format}.zip`);
  await download.saveAs(zip);
  const entries = await listZip(zip);
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: /Clear All/i }).click();
  await page.getByRole('button', { name: 'Clear all files' }).click();
  return Object.fromEntries(entries.map((e) => [e.name.replace(/\.\w+$/, ''), e.size]));
}

describe('private mode gives the server’s bytes', () => {
  const app = useVisitors('private-parity-');

  it.each(['jpeg', 'webp', 'avif', 'png'] as const)('%s at quality 80 on corpus photos', async (format) => {
    const { page, tmp } = app;
    const server = await serverSizes(page, format);
    await enterPrivateMode(page);
    const browser = await browserSizes(page, format, tmp);
    const ratios = PHOTOS.map((name) => [name, browser[name.replace(/\.\w+$/, '')]! / server[name]!] as const);
    const [low, high] = BOUNDS[format];
    for (const [name, ratio] of ratios) {
      expect(ratio, `${format} ${name}: browser ${browser[name.replace(/\.\w+$/, '')]} / server ${server[name]}`).toBeGreaterThanOrEqual(low);
      expect(ratio, `${format} ${name}`).toBeLessThanOrEqual(high);
    }
  });
});
