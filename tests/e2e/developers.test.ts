// /developers in Chromium: the reference rendered from the served OpenAPI document (every operation), the examples in
// curl, Node and Python, the integrations (Action, webhooks, watching CLI, Tinify clients), no console errors or CSP violations (no CDN, own bundle), and no serious a11y violations.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '#contract/openapi';
import { expectNoSeriousA11yViolations } from './support/axe';
import { SHOTS, closeApp, openApp, type App } from './support/app';

describe('/developers', () => {
  let app: App;
  beforeAll(async () => {
    app = await openApp('developers-e2e-');
  });
  afterAll(() => closeApp(app));

  it('renders every operation of the document with examples, within the CSP', async () => {
    const { page, server } = app;
    const problems: string[] = [];
    const foreign: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('request', (r) => {
      if (!r.url().startsWith(server.url)) foreign.push(r.url());
    });

    await page.goto('/developers');
    await page.getByRole('heading', { name: 'Developer API', level: 1 }).waitFor();
    const doc = buildOpenApiDocument();
    const operations = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    const cards = page.getByTestId('api-operation');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(operations.length);
    const text = await page.locator('main').innerText();
    for (const p of Object.keys(doc.paths)) expect(text).toContain(p);
    expect(text).toContain('wait (query)');

    const quickStart = page.getByRole('region', { name: 'Quick start' });
    const example = quickStart.getByRole('tabpanel');
    expect(await example.innerText()).toContain(`curl -s -H "Authorization: Bearer $IMAGESQUEEZE_API_KEY"`);
    expect(await example.innerText()).toContain(`${server.url}/api/compress`);
    await quickStart.getByRole('tab', { name: 'Python', exact: true }).click();
    expect(await quickStart.getByRole('tabpanel').innerText()).toContain('import requests');
    await quickStart.getByRole('tab', { name: 'Node.js', exact: true }).click();
    expect(await quickStart.getByRole('tabpanel').innerText()).toContain("from 'node:fs/promises'");

    // Integrations: the Action's workflow, webhook verification, the watching CLI and the Tinify clients.
    const action = page.getByRole('region', { name: 'GitHub Action' });
    expect(await action.getByRole('tabpanel').innerText()).toContain(`server-url: ${server.url}`);
    const hooks = page.getByRole('region', { name: 'Webhooks' });
    await hooks.getByRole('tab', { name: 'Verify in Python' }).click();
    expect(await hooks.getByRole('tabpanel').innerText()).toContain('def verify_webhook(');
    expect(await page.getByRole('region', { name: 'Watch a folder' }).getByRole('tabpanel').innerText()).toContain('--watch');
    expect(await page.getByRole('region', { name: 'Tinify clients' }).getByRole('tabpanel').innerText()).toContain(`tinify.Client.API_ENDPOINT = '${server.url}'`);

    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: path.join(SHOTS, 'developers.png'), fullPage: false });
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
  });

  it('is linked from the help page', async () => {
    const { page } = app;
    await page.goto('/help');
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL((url) => url.pathname === '/developers');
  });
});
