// The first load of the tool page: who is signed in comes with the HTML, so there is no /api/user round trip, no
// 401 in a guest's console, and the guest banner is there from the first paint (nothing shifts when it arrives).
import type { ConsoleMessage, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServedApp } from './support/app';

/** Sums the layout shifts of the page's life so far, as the CLS metric does for a short page view. */
const OBSERVE_SHIFTS = () => {
  const w = window as unknown as { __cls: number };
  w.__cls = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
};

describe('first load', () => {
  const app = useServedApp();

  async function load(page: Page, path: string) {
    const userRequests: Request[] = [];
    const errors: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname === '/api/user' && userRequests.push(r));
    page.on('console', (m: ConsoleMessage) => m.type() === 'error' && errors.push(m.text()));
    await page.addInitScript(OBSERVE_SHIFTS);
    await page.goto(path);
    await page.getByText('Drop your images here').waitFor();
    await page.waitForLoadState('networkidle');
    return { userRequests, errors, cls: () => page.evaluate(() => (window as unknown as { __cls: number }).__cls) };
  }

  it('a guest sees the banner from the first render, with no /api/user request, no 401 and no layout shift', async () => {
    const context = await app.newContext();
    const page = await context.newPage();
    const seen = await load(page, '/');
    expect(await page.getByTestId('guest-banner').isVisible()).toBe(true);
    expect(seen.userRequests).toEqual([]);
    expect(seen.errors).toEqual([]);
    expect(await seen.cls()).toBeLessThan(0.02);
    await context.close();
  });

  it('a signed-in user is greeted from the first render, and a name full of markup stays text', async () => {
    const context = await app.newContext();
    const page = await context.newPage();
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    const firstName = '</script><script>alert(1)</script><b>Bo';
    const res = await page.request.post('/api/register', { data: { email: `boot.${Date.now()}@example.com`, password: 'correct horse battery', firstName, lastName: 'Q' } });
    expect(res.status()).toBe(201);
    const seen = await load(page, '/');
    await page.getByTestId('welcome').waitFor();
    expect(await page.getByTestId('welcome').innerText()).toContain(firstName);
    expect(await page.getByTestId('guest-banner').count()).toBe(0);
    expect(seen.userRequests).toEqual([]);
    expect(dialogs).toBe(0);
    expect(await page.locator('b', { hasText: 'Bo' }).count()).toBe(0);
    await context.close();
  });
});
