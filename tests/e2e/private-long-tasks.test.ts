// Private mode keeps the page responsive: a 20-photo batch runs in the codec workers while a PerformanceObserver on
// the page records long tasks. Only tasks that start while the batch runs count (loading the page and its chunks is
// not the batch); none may take over 100 ms, the bound.
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../support/paths';
import { enterPrivateMode, openSettings, useVisitors } from './support/app';

const PHOTOS = [
  ...['01', '02', '03', '04', '05', '07', '08', '11', '12', '13', '15', '18', '19', '20', '21', '23'].map((n) => corpusPath('photos', `kodim${n}.png`)),
  ...['turbo-testorig.jpg', 'exif-orient6-landscape.jpg', 'jxl-flower-small-cmyk.jpg', 'lepton-iphone.jpg'].map((n) => corpusPath('photos', n)),
];

describe('private mode: the page stays responsive', () => {
  const app = useVisitors('private-long-tasks-');

  it('runs a 20-photo batch with no long task over 100 ms on the page', async () => {
    const { page } = app;
    expect(PHOTOS.length).toBe(20);
    await enterPrivateMode(page);
    await openSettings(page);
    await page.getByLabel('Output format').selectOption('webp');
    await page.evaluate(() => {
      const w = window as unknown as { __long: { start: number; duration: number }[]; __batch: number };
      w.__long = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__long.push({ start: e.startTime, duration: e.duration }))).observe({ type: 'longtask' });
    });
    const start = await page.evaluate(() => performance.now());
    await page.getByTestId('drop-zone-input').setInputFiles(PHOTOS);
    await page.locator('[data-testid="job-card"][data-status="completed"], [data-testid="job-card"][data-status="error"]').nth(PHOTOS.length - 1).waitFor({ timeout: 300_000 });
    const end = await page.evaluate(() => performance.now());
    expect(await page.getByTestId('job-error').allInnerTexts()).toEqual([]);
    const long = await page.evaluate(() => (window as unknown as { __long: { start: number; duration: number }[] }).__long);
    const during = long.filter((t) => t.start >= start && t.start <= end);
    expect(during.filter((t) => t.duration > 100), `long tasks during the batch: ${JSON.stringify(during)}`).toEqual([]);
  });
});
