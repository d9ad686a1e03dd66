// The dashboard's API key screen in Chromium: name and create a key, see it once and copy it, use it, revoke it.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { SHOTS, closeApp, openApp, toastShows, type App } from './support/app';

describe('dashboard API keys', () => {
  let app: App;

  beforeAll(async () => {
    app = await openApp('api-keys-e2e-');
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });
    const res = await app.page.request.post('/api/register', {
      data: { email: `keys.${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'Kay', lastName: 'Dev' },
    });
    expect(res.status()).toBe(201);
  });

  afterAll(() => closeApp(app));

  it('creates a named key, shows it once with a copy button, lists it by prefix and revokes it', async () => {
    const { page, server } = app;
    await page.goto('/dashboard');
    const card = page.getByTestId('api-keys');
    await card.getByText('No keys yet.').waitFor();

    await card.getByRole('button', { name: 'Create key' }).click();
    expect(await card.getByLabel('Key name').getAttribute('aria-invalid')).toBe('true');
    await card.getByText('Give the key a name').waitFor();

    await card.getByLabel('Key name').fill('Deploy script');
    await card.getByRole('button', { name: 'Create key' }).click();
    const shown = card.getByTestId('new-api-key-value');
    await shown.waitFor();
    const key = (await shown.innerText()).trim();
    expect(key).toMatch(/^isq_live_/);
    await card.getByRole('button', { name: 'Copy API key' }).click();
    await card.getByRole('button', { name: 'Copy API key' }).getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    const row = card.getByTestId('api-key-row').filter({ hasText: 'Deploy script' });
    await row.waitFor();
    expect(await row.innerText()).toContain(key.slice(0, 17));
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: path.join(SHOTS, 'dashboard-api-keys.png'), fullPage: true });

    const use = () => fetch(`${server.url}/api/jobs`, { headers: { authorization: `Bearer ${key}` } });
    expect((await use()).status).toBe(200);

    // Shown once: after a reload only the prefix remains.
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(key);

    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Revoke key Deploy script' }).click();
    await toastShows(page, 'Key revoked');
    await card.getByText('No keys yet.').waitFor();
    expect((await use()).status).toBe(401);
  });
});
