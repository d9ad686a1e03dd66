// Private mode keeps the page responsive because no codec runs on the page's thread: a 20-photo batch is decoded,
// encoded and scored in the codec workers, and the page itself never compiles or instantiates a WebAssembly module
// (every codec we ship is one; the page's CSP does not even allow it, workers have their own). How long the page's
// longest task is during such a batch is a figure, not a test: `npm run bench -- private` reports it (long tasks),
// since a timed bound fails on a busy machine for no defect.
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../support/paths';
import { enterPrivateMode, openSettings, useVisitors } from './support/app';

const PHOTOS = [
  ...['01', '02', '03', '04', '05', '07', '08', '11', '12', '13', '15', '18', '19', '20', '21', '23'].map((n) => corpusPath('photos', `kodim${n}.png`)),
  ...['turbo-testorig.jpg', 'exif-orient6-landscape.jpg', 'jxl-flower-small-cmyk.jpg', 'lepton-iphone.jpg'].map((n) => corpusPath('photos', n)),
];

describe('private mode: the page stays responsive', () => {
  const app = useVisitors('private-long-tasks-');

  it('runs a 20-photo batch in its workers, the page compiling no codec', async () => {
    const { page } = app;
    expect(PHOTOS.length).toBe(20);
    // Counts every WebAssembly compile or instantiation on the page's own thread (init scripts do not run in workers).
    await page.addInitScript(() => {
      const w = window as unknown as { __wasmOnPage: string[] };
      w.__wasmOnPage = [];
      for (const name of ['compile', 'compileStreaming', 'instantiate', 'instantiateStreaming'] as const) {
        const original = WebAssembly[name] as (...args: unknown[]) => unknown;
        (WebAssembly as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
          w.__wasmOnPage.push(name);
          return original.apply(this, args);
        };
      }
      const OriginalModule = WebAssembly.Module;
      (WebAssembly as unknown as Record<string, unknown>).Module = function (bytes: BufferSource) {
        w.__wasmOnPage.push('Module');
        return new OriginalModule(bytes);
      };
    });
    await enterPrivateMode(page);
    await openSettings(page);
    await page.getByLabel('Output format').selectOption('webp');
    await page.getByTestId('drop-zone-input').setInputFiles(PHOTOS);
    await page.locator('[data-testid="job-card"][data-status="completed"], [data-testid="job-card"][data-status="error"]').nth(PHOTOS.length - 1).waitFor({ timeout: 300_000 });
    expect(await page.getByTestId('job-error').allInnerTexts()).toEqual([]);
    expect(await page.locator('[data-testid="job-card"][data-status="completed"]').count()).toBe(PHOTOS.length);
    // The work ran in the codec workers, and the page compiled no codec of its own.
    expect(page.workers().map((w) => w.url()).filter((url) => /codec/.test(url)).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __wasmOnPage: string[] }).__wasmOnPage)).toEqual([]);
  });
});
