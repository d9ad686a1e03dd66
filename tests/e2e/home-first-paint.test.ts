// The tool page paints its heading from the HTML, before the app's JavaScript arrives (the page's LCP element, so a
// slow phone sees it about a second sooner), in exactly the place React then draws it; other routes do not get it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServedApp } from './support/app';

const heading = (page: Page) =>
  page.locator('h1').evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { text: el.textContent, x: box.x, y: box.y, width: box.width, height: box.height, inApp: !el.closest('[data-first-paint]') };
  });

describe('first paint of the tool page', () => {
  const app = useServedApp();

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`shows the heading before any script of the app runs, where the app then draws it (${viewport.width} px)`, async () => {
      const context = await app.newContext({ viewport });
      try {
        const page = await context.newPage();
        // The app's JavaScript never arrives: what shows is the HTML alone.
        await page.route('**/assets/*.js', (route) => route.abort());
        await page.goto('/');
        const staticHeading = await heading(page);
        expect(staticHeading.inApp).toBe(false);

        await page.unroute('**/assets/*.js');
        await page.reload();
        await page.getByText('Drop your images here').waitFor();
        const appHeading = await heading(page);
        expect(appHeading.inApp).toBe(true);
        expect(await page.locator('[data-first-paint]').count()).toBe(0);
        expect(staticHeading.text).toBe(appHeading.text);
        for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(staticHeading[key] - appHeading[key]), key).toBeLessThanOrEqual(1);
      } finally {
        await context.close();
      }
    });
  }

  it('is the tool page only: another route shows nothing of it before its own page', async () => {
    const context = await app.newContext();
    try {
      const page = await context.newPage();
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/help');
      expect(await page.locator('#root').innerHTML()).toBe('');
    } finally {
      await context.close();
    }
  });
});
