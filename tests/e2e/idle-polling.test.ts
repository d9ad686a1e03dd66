// Polling adapts: an idle tool page (no pending or processing job) makes no requests at all, and one with work to
// do polls until the work is done. The page's clock is Playwright's fake one, so 30 seconds pass without waiting.
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../support/paths';
import type { TestServer } from '../support/server';
import { closeApp, openApp } from './support/app';

const apiPaths = (requests: Request[]) => requests.map((r) => new URL(r.url()).pathname).filter((p) => p.startsWith('/api/'));

describe('polling on the tool page', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let tmp: string;
  const requests: Request[] = [];

  /** Stops the page's clock: from here on time passes only through runFor. */
  const pause = async () => page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  /** Advances the page's fake clock, then lets any request the timers started reach the browser's network. */
  const runFor = async (ms: number) => {
    await page.clock.runFor(ms);
    await page.evaluate(() => new Promise((resolve) => queueMicrotask(() => resolve(null))));
  };

  beforeAll(async () => {
    ({ server, browser, page, tmp } = await openApp('idle-polling-e2e-'));
    page.on('request', (request) => requests.push(request));
    await page.clock.install();
    await page.goto('/');
    await page.getByTestId('drop-zone-input').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await pause();
  });

  afterAll(() => closeApp({ server, browser, tmp }));

  it('makes no requests in 30 seconds while nothing is pending or processing', async () => {
    requests.length = 0;
    await runFor(30_000);
    expect(apiPaths(requests)).toEqual([]);
    expect(requests.map((r) => r.url())).toEqual([]);
  });

  it('polls while a job waits, and stops once the page is idle again', async () => {
    // A paused queue keeps the job pending, so the page has work to watch for as long as the test needs.
    // Time flows while the page reacts to the upload (its renders are scheduled on timers too).
    await page.clock.resume();
    expect((await page.request.post('/api/queue/pause')).status()).toBe(200);
    await page.getByTestId('drop-zone-input').setInputFiles([corpusPath('png', 'pngsuite', 'basn0g08.png')]);
    await page.locator('[data-testid="job-card"][data-status="pending"]').waitFor();
    await pause();
    // Fake time passes in an instant, so each poll's answer is awaited before the clock moves on.
    for (let poll = 0; poll < 3; poll++) {
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/jobs', { timeout: 10_000 });
      await runFor(2_100);
      await answered;
      await runFor(10); // lets the page take in the answer (its notifications run on timers)
    }

    expect((await page.request.delete('/api/jobs')).status()).toBe(200);
    await page.clock.resume();
    await page.locator('[data-testid="job-card"]').first().waitFor({ state: 'detached' }); // the next poll saw no jobs
    await page.waitForLoadState('networkidle');
    await pause();
    requests.length = 0;
    await runFor(30_000);
    expect(apiPaths(requests)).toEqual([]);
  });
});
