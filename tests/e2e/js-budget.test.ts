// Issue 33's JavaScript budget for the tool page: every script `/` loads (after network idle, so chunks it loads lazily
// on its own count), gzipped at level 9 as the front-end bench measures it, stays under 120 KB.
import zlib from 'node:zlib';
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServedApp } from './support/app';

/** The budget of `/` in bytes (decimal KB, as the bench reports it). */
const HOME_JS_BUDGET = 120_000;

describe('JavaScript budget of the tool page', () => {
  const app = useServedApp();

  it('loads under 120 KB of gzipped JavaScript on /', async () => {
    const context = await app.newContext();
    try {
      const page = await context.newPage();
      const bodies: Promise<{ url: string; size: number } | null>[] = [];
      page.on('response', (res: Response) => {
        if (!/javascript/.test(res.headers()['content-type'] ?? '')) return;
        // The body as decoded by the browser, gzipped here at one level whatever encoding the server chose.
        bodies.push(res.body().then((b) => ({ url: res.url(), size: zlib.gzipSync(b, { level: 9 }).length }), () => null));
      });
      await page.goto('/');
      await page.getByText('Drop your images here').waitFor();
      await page.waitForLoadState('networkidle');
      const seen = new Map<string, number>();
      for (const b of await Promise.all(bodies)) if (b) seen.set(b.url, b.size);
      const total = [...seen.values()].reduce((a, b) => a + b, 0);
      expect(seen.size).toBeGreaterThan(0);
      expect(total, `JavaScript of / (gzip -9): ${[...seen].map(([u, s]) => `${new URL(u).pathname} ${s}`).join(', ')}`).toBeLessThan(HOME_JS_BUDGET);
    } finally {
      await context.close();
    }
  });
});
