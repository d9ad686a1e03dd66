// Private mode's service worker on a shared computer: whoever signed in, the offline caches never hold them. Cache
// Storage is read entry by entry (every cache, every response's text) for the person's email and name; after sign-out
// (and after account deletion) even a cache an older worker wrote is gone, and an offline visit shows a signed-out
// page. Real Chromium, the built app, the real worker.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enterPrivateMode, toastShows, useVisitors } from './support/app';

const PASSWORD = 'correct horse battery';
let emails = 0;

async function signUp(page: Page, firstName: string): Promise<string> {
  const email = `${firstName.toLowerCase()}.${Date.now()}.${++emails}@example.com`;
  const res = await page.request.post('/api/register', { data: { email, password: PASSWORD, firstName, lastName: 'Offline' } });
  expect(res.status()).toBe(201);
  return email;
}

/** Every cache name, and every cached response's path and text, as the page's own Cache Storage holds them. */
const cacheStorage = (page: Page) =>
  page.evaluate(async () => {
    const entries: Array<{ path: string; text: string }> = [];
    const names = await caches.keys();
    for (const name of names) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        // Text of pages and scripts; the WebAssembly encoders hold no person, only their size is kept.
        const text = response && /text|json|javascript/.test(response.headers.get('content-type') ?? '') ? await response.text() : '';
        entries.push({ path: new URL(request.url).pathname, text });
      }
    }
    return { names, entries };
  });

/** Private mode on, as a visitor does it; resolves once the worker controls the page and its cache holds the shell. */
async function privateModeOffline(page: Page): Promise<void> {
  await enterPrivateMode(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.getByText('Drop your images here').waitFor();
  await page.waitForFunction(async () => navigator.serviceWorker.controller !== null && (await caches.match('/offline-shell')) !== undefined);
}

/** What an older worker version may have left: the signed-in page, in a cache under an older name. */
const plantOlderCache = (page: Page, email: string) =>
  page.evaluate(async (email) => {
    const old = await caches.open('imagesqueeze-offline-0000000000000000');
    await old.put('/', new Response(`<script type="application/json" id="session-bootstrap">{"user":{"email":"${email}"}}</script>`, { headers: { 'content-type': 'text/html' } }));
  }, email);

const holdsPerson = (entries: Array<{ path: string; text: string }>, email: string) =>
  entries.filter((e) => e.text.includes(email) || e.text.includes('"lastName":"Offline"')).map((e) => e.path);

describe('the offline caches hold no person', () => {
  const app = useVisitors('offline-cache-e2e-');

  // Sign-out empties the caches and the worker refills them; an offline visit while that refill runs waits for it
  // (it failed with net::ERR_FAILED before the worker did: seen failing with the worker's wait taken out).
  it('keeps a user-free shell while signed in, clears everything at sign-out, and an offline visit afterwards is signed out', async () => {
    const { page, context } = app;
    const email = await signUp(page, 'Shared');
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await privateModeOffline(page);

    // Signed in, with the worker installed: what it cached is the shell and our built files, never the person.
    const signedIn = await cacheStorage(page);
    // Two shells, one per page: the tool page and the isolated private page, each served for nobody.
    expect(signedIn.entries.filter((e) => !e.path.startsWith('/assets/')).map((e) => e.path).sort()).toEqual(['/offline-shell', '/offline-shell/private']);
    for (const path of ['/offline-shell', '/offline-shell/private']) expect(signedIn.entries.find((e) => e.path === path)!.text).toContain('{"user":null}');
    expect(holdsPerson(signedIn.entries, email)).toEqual([]);
    // The shell replays no nonce: its scripts are allowed by hash and origin.
    const shell = await page.request.get('/offline-shell');
    expect(await shell.text()).not.toContain('nonce=');
    expect(shell.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);

    await plantOlderCache(page, email);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await toastShows(page, 'Signed out');
    const afterSignOut = await cacheStorage(page);
    expect(afterSignOut.names).not.toContain('imagesqueeze-offline-0000000000000000');
    expect(holdsPerson(afterSignOut.entries, email)).toEqual([]);

    // Offline, a visit is answered with the shell: signed out, and the tool still works on this device.
    await page.waitForFunction(async () => (await caches.match('/offline-shell')) !== undefined);
    await context.setOffline(true);
    // Private mode is the isolated /private page (docs/decisions/0560), answered offline by its own shell.
    await page.goto('/private');
    await page.getByText('Drop your images here').waitFor();
    expect(await page.content()).not.toContain(email);
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    expect(await page.evaluate(() => document.getElementById('session-bootstrap')?.textContent)).toBe('{"user":null}');
    await context.setOffline(false);
  });

  it('clears the offline caches when the account is deleted', async () => {
    const { page } = app;
    const email = await signUp(page, 'Leaving');
    await page.goto('/');
    await privateModeOffline(page);
    await plantOlderCache(page, email);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Delete account' }).click();
    // The app then goes to the tool, which for a visitor with private mode on is the /private page (a new page, so
    // no toast survives): wait for that page, then look at what the caches hold.
    await page.waitForURL('**/private');
    await page.getByText('Drop your images here').waitFor();
    const after = await cacheStorage(page);
    expect(after.names).not.toContain('imagesqueeze-offline-0000000000000000');
    expect(holdsPerson(after.entries, email)).toEqual([]);
  });
});
