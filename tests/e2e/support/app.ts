// Shared browser-test plumbing: one server and one Chromium per test file, a new visitor (own context) per test,
// plus small page helpers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Job } from '#contract/api';
import { launchBrowser } from '../../support/browser';
import { REPO_ROOT } from '../../support/paths';
import { startServer, type TestServer } from '../../support/server';

export { openSettings } from '../../support/settings-card';

/** Screenshots for people to look at (git-ignored). */
export const SHOTS = path.join(REPO_ROOT, 'test-results');

export interface App {
  server: TestServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** A scratch directory for downloads, removed by closeApp. */
  tmp: string;
}

export async function openApp(tmpPrefix: string): Promise<App> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  const server = await startServer();
  const browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  return { server, browser, context, page: await context.newPage(), tmp };
}

export async function closeApp(app: Partial<App>): Promise<void> {
  await app.browser?.close();
  await app.server?.stop();
  app.server?.cleanup();
  if (app.tmp) fs.rmSync(app.tmp, { recursive: true, force: true });
}

/** Waits for the toast with this title, checks its text, and dismisses it. */
export async function toastShows(page: Page, title: string, description?: string | RegExp): Promise<void> {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await toast.waitFor();
  if (description !== undefined) {
    const text = await toast.innerText();
    if (typeof description === 'string') expect(text).toContain(description);
    else expect(text).toMatch(description);
  }
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
}

/** The entries of a ZIP file, read with a real unzip library. */
export function listZip(file: string): Promise<Array<{ name: string; size: number }>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const entries: Array<{ name: string; size: number }> = [];
      zip.on('entry', (e: yauzl.Entry) => {
        entries.push({ name: e.fileName, size: e.uncompressedSize });
        zip.readEntry();
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** One server and one Chromium for a describe block, started before its tests and stopped after them. */
export interface ServedApp {
  readonly server: TestServer;
  readonly browser: Browser;
  /** A fresh browser context on the server (its own cookies: a new guest). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

export function useServedApp(): ServedApp {
  const state = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    [state.server, state.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.stop();
    state.server?.cleanup();
  });
  return {
    get server() {
      return state.server;
    },
    get browser() {
      return state.browser;
    },
    newContext: (options = {}) => state.browser.newContext({ baseURL: state.server.url, ...options }),
  };
}

/** The tool page's desktop window. */
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, acceptDownloads: true };

/** What a test sees as a new visitor: its own browser context (no cookies, no stored settings, so no jobs either). */
export interface Visitor {
  readonly server: TestServer;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** A scratch directory of this test's, removed after it. */
  readonly tmp: string;
}

/**
 * One server and one Chromium for the describe block; every test arrives as a new visitor on `path` (the tool page
 * unless told), so each test seeds what it needs and can run alone (`vitest -t`).
 */
export function useVisitors(tmpPrefix: string, options: { path?: string; ready?: (page: Page) => Promise<unknown> } = {}): Visitor & ServedApp {
  const app = useServedApp();
  const state = {} as { context: BrowserContext; page: Page; tmp: string };
  const ready = options.ready ?? ((page: Page) => page.getByText('Drop your images here').waitFor());
  beforeEach(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    state.tmp = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
    state.context = await app.newContext(DESKTOP);
    state.page = await state.context.newPage();
    await state.page.goto(options.path ?? '/');
    await ready(state.page);
  });
  afterEach(async () => {
    await state.context?.close();
    if (state.tmp) fs.rmSync(state.tmp, { recursive: true, force: true });
  });
  return {
    get server() {
      return app.server;
    },
    get browser() {
      return app.browser;
    },
    get context() {
      return state.context;
    },
    get page() {
      return state.page;
    },
    get tmp() {
      return state.tmp;
    },
    newContext: app.newContext,
  };
}

/** This visitor's jobs, as the API lists them. */
export const jobsOf = async (page: Page): Promise<Job[]> => (await page.request.get('/api/jobs')).json() as Promise<Job[]>;

/** Hands files to the drop zone's file input, as "click to browse" does. */
export async function upload(page: Page, files: string[]): Promise<void> {
  await page.getByTestId('drop-zone-input').setInputFiles(files);
}

/** Waits until at least `count` job cards show Completed (a hang guard, sized for a loaded machine). */
export async function waitForCompleted(page: Page, count: number): Promise<void> {
  await page.locator('[data-testid="job-card"][data-status="completed"]').nth(count - 1).waitFor({ timeout: 90_000 });
}

/** Chooses a mode on the opened settings card (its radios are drawn as labelled tiles). */
export async function chooseMode(page: Page, mode: 'quality' | 'smart' | 'size' | 'lossless'): Promise<void> {
  await page.getByTestId('settings-mode').locator('label', { has: page.getByTestId(`settings-mode-${mode}`) }).click();
}

/**
 * Turns private mode on from the tool page: the switch opens the isolated private page (a full page load), ready
 * for files when this returns.
 */
export async function enterPrivateMode(page: Page): Promise<void> {
  await page.getByLabel('Private: compress on this device').check();
  await page.waitForURL((url) => url.pathname === '/private');
  await page.getByText('Drop your images here').waitFor();
}
