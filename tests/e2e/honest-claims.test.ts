// What the pages say is true (issue 7/7 of 2026-11-28): About's figures are this instance's own and move as jobs
// complete; no invented users, uptime, team, SOC 2 or "verified customer"; operator facts only when set; Help's status
// card is the server's live readiness check. And the developer path: sign-up from /developers returns there, the
// dashboard has "Back to Compressor" and a webhooks card over the real API.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SiteFacts } from '#contract/site-facts';
import { launchBrowser } from '../support/browser';
import { corpusPath } from '../support/paths';
import { startServer, type TestServer } from '../support/server';
import { SHOTS, upload, waitForCompleted } from './support/app';

const FALSE_CLAIMS = [/SOC 2/i, /52K/, /520\s?TB/i, /2\.1M/, /99\.9%/, /12\+/, /verified customer/i, /52\+ countries/];

async function bodyText(page: Page): Promise<string> {
  return (await page.locator('body').innerText()).replace(/\s+/g, ' ');
}

describe('claims the product can back', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    server?.cleanup();
  });
  const newPage = async (viewport = { width: 1280, height: 800 }): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ baseURL: server.url, viewport });
    return { context, page: await context.newPage() };
  };

  it('no page states a figure or certification nobody measured', async () => {
    const { context, page } = await newPage();
    for (const path of ['/', '/about', '/about-enhanced', '/privacy', '/privacy-enhanced', '/landing', '/help']) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      if (path === '/about') await page.locator('[data-testid="key-figures"]:not([aria-busy])').waitFor();
      const text = await bodyText(page);
      for (const claim of FALSE_CLAIMS) expect(text, `${path} says ${claim}`).not.toMatch(claim);
      const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
      for (const claim of FALSE_CLAIMS) expect(description, `${path} description`).not.toMatch(claim);
    }
    // With nothing configured: no testimonials, no compliance list, no uptime; every section is still there.
    await page.goto('/about');
    for (const section of ['Company Overview', 'Security & Compliance', 'Recognition', 'Customer Success', 'Milestones', 'Benchmarks']) {
      await page.getByRole('heading', { name: section }).first().waitFor();
    }
    expect(await page.getByTestId('no-testimonials').isVisible()).toBe(true);
    expect(await page.getByTestId('operator-compliance').count()).toBe(0);
    expect(await bodyText(page)).toContain('No certification or audit is claimed for this site.');
    expect(await bodyText(page)).not.toMatch(/Uptime/);
    await context.close();
  });

  it('About shows this instance\'s own figures, and they change when jobs complete', async () => {
    const { context, page } = await newPage();
    const figure = async (label: string) => {
      await page.goto('/about');
      const card = page.getByTestId('key-figures').locator('div', { hasText: label }).filter({ has: page.locator('p.text-3xl') }).first();
      await page.locator('[data-testid="key-figures"]:not([aria-busy])').waitFor();
      return card.locator('p.text-3xl').innerText();
    };
    const before = (await (await page.request.get('/api/stats')).json()) as SiteFacts;
    expect(await figure('Images Compressed')).toBe(String(before.imagesCompressed));

    // Seed: three images compressed through the tool.
    await page.goto('/');
    await page.getByText('Drop your images here').waitFor();
    await upload(page, ['kodim03.png', 'kodim05.png', 'kodim23.png'].map((n) => corpusPath('photos', n)));
    await waitForCompleted(page, 3);

    const after = (await (await page.request.get('/api/stats')).json()) as SiteFacts;
    expect(after.imagesCompressed).toBe(before.imagesCompressed + 3);
    expect(await figure('Images Compressed')).toBe(String(after.imagesCompressed));
    expect(after.bytesSaved).toBeGreaterThan(before.bytesSaved);
    expect(await figure('Data Saved')).not.toBe('0 Bytes');
    await page.screenshot({ path: `${SHOTS}/ux-about-figures.png`, fullPage: false });
    await context.close();
  });

  it('Help\'s status card is the live readiness check, not a fixed "Operational"', async () => {
    const { context, page } = await newPage();
    const asked: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/health')) asked.push(new URL(req.url()).pathname);
    });
    await page.goto('/help');
    const card = page.getByTestId('service-status');
    await page.locator('[data-testid="service-status"][data-state="operational"]').waitFor();
    expect((await card.innerText()).match(/Operational/g)).toHaveLength(4);
    expect(await page.getByTestId('service-status-checked').innerText()).toMatch(/^Checked live at \d\d:\d\d\.$/);
    expect([...new Set(asked)]).toEqual(['/api/health/ready']);

    // The same page when readiness says no while the plain health check still says ok (it does not look at the queue
    // backend): the card follows readiness, with the dependency that failed in the server's own words.
    await context.route(/\/api\/health$/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 'ok' }) }));
    await context.route(/\/api\/health\/ready$/, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'unavailable', checks: { database: { ok: true }, queue: { ok: false, message: 'unreachable (ECONNREFUSED)' }, storage: { ok: true } } }),
      }),
    );
    await page.reload();
    await page.locator('[data-testid="service-status"][data-state="unavailable"]').waitFor();
    expect((await card.innerText()).match(/Unavailable/g)).toHaveLength(4);
    expect(await card.innerText()).not.toContain('Operational');
    expect(await page.getByTestId('service-status-checked').innerText()).toMatch(/^Job queue: unreachable \(ECONNREFUSED\)\. Checked live at \d\d:\d\d\.$/);
    await context.close();
  });
});

describe('operator facts, only when configured', () => {
  let server: TestServer;
  let browser: Browser;
  const testimonial = { name: 'Ana Ruiz', role: 'Shop owner', company: 'Ruiz Ceramics', content: 'Our product pages load faster.', rating: 5, stats: '61% smaller photos' };
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ env: { SITE_UPTIME: '99.95% over the last 90 days', SITE_COMPLIANCE: 'GDPR', SITE_TEAM: '3 people', SITE_TESTIMONIALS: JSON.stringify([testimonial]) } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    server?.cleanup();
  });

  it('About and the tool page show what the operator set, attributed, and no badge vouches for it', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/about');
    await page.locator('[data-testid="key-figures"]:not([aria-busy])').waitFor();
    const text = await bodyText(page);
    expect(text).toContain('99.95% over the last 90 days');
    expect(text).toContain('as stated by the operator of this instance');
    expect(await page.getByTestId('operator-compliance').innerText()).toContain('GDPR');
    expect(text).toContain('3 people');
    expect(text).toContain('Our product pages load faster.');
    expect(text).not.toMatch(/verified/i);
    await page.goto('/');
    await page.getByText('Our product pages load faster.').waitFor();
    await context.close();
  });
});

describe('the developer path and the dashboard', () => {
  let server: TestServer;
  let browser: Browser;
  let receiver: http.Server;
  const received: string[] = [];
  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(req.url ?? '');
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    [server, browser] = await Promise.all([startServer({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_POLL_SECONDS: '1' } }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    server?.cleanup();
    await new Promise((ok) => receiver.close(ok));
  });

  it('sign-up from /developers returns to /developers; the dashboard says Back to Compressor and manages webhooks', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    await page.goto('/developers');
    await page.getByTestId('developer-key').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/auth\?next=%2Fdevelopers|\/auth\?next=\/developers/);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('First Name').fill('Dev');
    await page.getByLabel('Last Name').fill('Eloper');
    await page.getByLabel('Email').fill(`dev.${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${server.url}/developers`);

    await page.goto('/dashboard');
    const back = page.getByRole('banner').getByRole('link', { name: 'Back to Compressor' });
    expect(await back.getAttribute('href')).toBe('/');

    // Webhooks: add one (the secret shown once), see a delivery with its attempt, delete it.
    const port = (receiver.address() as AddressInfo).port;
    const card = page.getByTestId('webhooks');
    await card.getByLabel('Endpoint URL').fill(`http://127.0.0.1:${port}/hook`);
    await card.getByRole('button', { name: 'Add webhook' }).click();
    expect(await page.getByTestId('new-webhook-secret-value').innerText()).toMatch(/^whsec_/);
    await card.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByTestId('new-webhook-secret').count()).toBe(0);
    await card.getByTestId('webhook-row').filter({ hasText: `127.0.0.1:${port}/hook` }).waitFor();

    const res = await page.request.post('/api/compress', { multipart: { images: { name: 'a.jpg', mimeType: 'image/jpeg', buffer: (await import('node:fs')).readFileSync(corpusPath('photos', 'turbo-testorig.jpg')) } } });
    expect(res.status()).toBe(201);
    await card.getByRole('button', { name: 'Deliveries' }).click();
    await card.locator('[data-testid="webhook-delivery-status"]', { hasText: 'delivered' }).waitFor({ timeout: 60_000 });
    expect(await card.getByTestId('webhook-attempt').first().innerText()).toMatch(/^Attempt 1, .*: HTTP 204 in \d+ ms$/);
    expect(received).toEqual(['/hook']);
    await page.screenshot({ path: `${SHOTS}/ux-dashboard-webhooks.png`, fullPage: true });

    await card.getByRole('button', { name: /^Delete webhook/ }).click();
    await card.getByText('No webhooks yet.').waitFor();
    await context.close();
  });

  it('the dashboard header keeps Back to Compressor on a phone, as a link to /', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    expect((await page.request.post('/api/register', { data: { email: `p.${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'P', lastName: 'Q' } })).status()).toBe(201);
    await page.goto('/dashboard');
    const back = page.getByRole('banner').getByRole('link', { name: 'Back to Compressor' });
    expect(await back.getAttribute('href')).toBe('/');
    const box = (await back.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await back.click();
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });
});
