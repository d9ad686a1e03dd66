// A developer's first minute on /developers in Chromium: the TinyPNG-compatible call at the top, a Copy button on every
// block, a key created on the page and filled into the snippets, a paste-and-run script that really runs (bash, curl
// and jq against the test server) and saves the result under the right extension, an endpoint index with scripts
// first, typed fields with inline code rendered, keyboard-reachable wide tables on a phone, and "API" in the header
// and footer of every page.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ROUTES } from '#contract/routes';
import { corpusPath } from '../support/paths';
import { describeViolations } from './support/axe';
import { SHOTS, closeApp, openApp, type App } from './support/app';

const run = promisify(execFile);
const PHOTO = corpusPath('photos', 'turbo-testorig.jpg');

describe('developer start', () => {
  let app: App;
  beforeAll(async () => {
    app = await openApp('developer-start-e2e-');
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });
  });
  afterAll(() => closeApp(app));

  it('leads with the TinyPNG-compatible call, puts a Copy button on every block and indexes the endpoints for scripts first', async () => {
    const { page, server } = app;
    await page.goto('/developers');
    const main = page.locator('main');
    const sections = await main.locator('section > div > h2, section > h2').allInnerTexts();
    expect(sections[0]).toBe('Already on TinyPNG? Keep your code');
    const tinify = page.getByRole('region', { name: 'Already on TinyPNG? Keep your code' });
    const tinifyCode = await tinify.locator('pre').innerText();
    expect(tinifyCode).toContain(`${server.url}/shrink`);
    expect(tinifyCode).toContain('--user "api:$IMAGESQUEEZE_API_KEY"');

    // Every code block has its own Copy button, and it copies exactly the block.
    await page.getByTestId('endpoint-index').waitFor();
    const blocks = page.getByTestId('code-block');
    expect(await blocks.count()).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < (await blocks.count()); i++) {
      const block = blocks.nth(i);
      await block.getByRole('button', { name: /^Copy / }).click();
      await block.getByText('Copied').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await block.locator('pre').innerText());
    }

    // The index: "For scripts" before "Used by the website", each listing links to its endpoint cards.
    const index = page.getByRole('navigation', { name: 'Endpoints' });
    const groups = await index.getByRole('link', { name: /^(For scripts|Used by the website)$/ }).allInnerTexts();
    expect(groups).toEqual(['For scripts', 'Used by the website']);
    const shrink = index.getByRole('link', { name: /post\s*\/shrink/i });
    await shrink.click();
    await page.waitForFunction(() => window.location.hash === '#post--shrink' && document.getElementById('post--shrink')!.getBoundingClientRect().top < window.innerHeight);
    const scripts = page.getByRole('region', { name: 'For scripts' });
    const card = (where: typeof scripts, p: string) => where.getByTestId('api-operation').filter({ has: page.locator('h4 code').getByText(p, { exact: true }) });
    expect(await card(scripts, '/api/compress').count()).toBe(1);
    expect(await card(scripts, '/api/login').count()).toBe(0);
    expect(await card(page.getByRole('region', { name: 'Used by the website' }), '/api/login').count()).toBe(1);

    // Typed fields with their meaning; backticks are rendered as code, never shown.
    const upload = card(scripts, '/api/compress');
    const formatRow = upload.getByRole('row', { name: /^format "original"/ });
    expect(await formatRow.innerText()).toContain('"original" | "jpeg" | "png" | "webp" | "avif" | "auto"');
    expect(await formatRow.locator('code').first().innerText()).toBe('original');
    expect(await upload.getByRole('row', { name: /^metadata/ }).innerText()).toContain('"strip" | "keep" | "keep-all"');
    expect(await main.innerText()).not.toContain('`');
  });

  it('fills a key created on the page into the snippets, and the paste-and-run script saves the result with its own extension', async () => {
    const { page, server, tmp } = app;
    await page.goto('/developers');
    // A guest is told where keys come from.
    await page.getByTestId('developer-key').getByRole('link', { name: 'Sign in' }).waitFor();
    const quick = page.getByRole('region', { name: 'Quick start' });
    expect(await quick.locator('pre[aria-label="Paste-and-run script"]').innerText()).toContain('IMAGESQUEEZE_API_KEY=isq_live_...');

    const res = await page.request.post('/api/register', {
      data: { email: `dev.${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'Dee', lastName: 'Dev' },
    });
    expect(res.status()).toBe(201);
    await page.reload();
    await page.getByRole('button', { name: 'Create a key for these examples' }).click();
    await page.getByTestId('developer-key').getByText('is filled into every example below').waitFor();
    const script = await quick.locator('pre[aria-label="Paste-and-run script"]').innerText();
    const key = /IMAGESQUEEZE_API_KEY=(isq_live_\S+)/.exec(script)?.[1];
    expect(key).toBeDefined();
    expect(key).not.toBe('isq_live_...');
    for (const block of await page.getByTestId('code-block').locator('pre').allInnerTexts()) {
      if (block.includes('IMAGESQUEEZE_API_KEY=')) expect(block).toContain(`IMAGESQUEEZE_API_KEY=${key}`);
    }
    // The dashboard lists the new key by its prefix.
    const keys = (await (await page.request.get('/api/keys')).json()) as { name: string; prefix: string }[];
    expect(keys.map((k) => k.name)).toEqual(['Developer quick start']);
    expect(key!.startsWith(keys[0]!.prefix)).toBe(true);

    // Copy the script as a developer would and run it in a folder holding a photo: it uploads with format=auto,
    // waits, and saves the result under compressed/ with the extension of the format Auto chose.
    await quick.getByRole('button', { name: 'Copy Paste-and-run script' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(script);
    const work = path.join(tmp, 'script-run');
    fs.mkdirSync(work);
    fs.copyFileSync(PHOTO, path.join(work, 'photo.jpg'));
    fs.writeFileSync(path.join(work, 'run.sh'), copied);
    const { stdout } = await run('bash', ['-e', 'run.sh'], { cwd: work, timeout: 80_000 });
    const saved = fs.readdirSync(path.join(work, 'compressed'));
    expect(saved).toHaveLength(1);
    const job = ((await (await fetch(`${server.url}/api/jobs`, { headers: { authorization: `Bearer ${key}` } })).json()) as { outputMimeType: string; compressedSize: number }[])[0]!;
    const extension = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif' }[job.outputMimeType];
    expect(saved[0]).toBe(`photo.${extension}`);
    expect(fs.statSync(path.join(work, 'compressed', saved[0]!)).size).toBe(job.compressedSize);
    expect(stdout).toContain(saved[0]);
  });

  it('lets a keyboard reach every sideways-scrolling table on a phone', async () => {
    const phone = await app.browser.newContext({ baseURL: app.server.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    try {
      const page = await phone.newPage();
      await page.goto('/developers');
      await page.getByTestId('endpoint-index').waitFor();
      await page.getByTestId('api-operation').first().waitFor();
      const results = await new AxeBuilder({ page }).withRules(['scrollable-region-focusable']).analyze();
      expect(results.violations, describeViolations(results.violations)).toEqual([]);
      // The rule had tables to judge: some really scroll sideways here.
      const scrolling = await page.locator('[role="region"][aria-label$="(scrolls sideways)"]').count();
      expect(scrolling).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(SHOTS, 'developers-phone.png') });
    } finally {
      await phone.close();
    }
  });

  it('links "API" from the header and the footer of every page', async () => {
    const { page } = app;
    for (const route of CLIENT_ROUTES) {
      await page.goto(route);
      const header = page.getByRole('banner');
      await header.getByRole('link', { name: 'API', exact: true }).waitFor();
      expect(await header.getByRole('link', { name: 'API', exact: true }).getAttribute('href'), route).toBe('/developers');
      expect(await page.getByRole('contentinfo').getByRole('link', { name: 'API', exact: true }).getAttribute('href'), route).toBe('/developers');
    }
  });
});
