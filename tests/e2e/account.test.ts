// Sign-up, sign-in, sign-out, the dashboard and the redirect rules, in headless Chromium against the real server.
// Every test is a new visitor (own browser context) that seeds the account and jobs it needs, so each runs alone.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#contract/messages';
import { computeDashboardStats } from '#client/lib/dashboard-stats.ts';
import { formatFileSize } from '#client/lib/format.ts';
import { corpusPath } from '../support/paths';
import { expectNoSeriousA11yViolations } from './support/axe';
import { SHOTS, jobsOf, listZip, toastShows, upload, useVisitors, waitForCompleted } from './support/app';

const PASSWORD = 'correct horse battery';

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

let emails = 0;
/** An address no other test (or earlier run against the same server) has used. */
const uniqueEmail = (name: string) => `${name.toLowerCase()}.${Date.now()}.${++emails}@example.com`;

/**
 * Creates an account through the API for `who` (a page or a context: they share its cookies, so `who` is then signed
 * in as it, from the page's next load) and returns its email.
 */
async function signUp(who: { request: APIRequestContext }, firstName = 'Ann', lastName = 'Lee', email = uniqueEmail(firstName)): Promise<string> {
  const res = await who.request.post('/api/register', { data: { email, password: PASSWORD, firstName, lastName } });
  expect(res.status()).toBe(201);
  return email;
}

/** Ends the session through the API (the page shows it from its next load). */
async function signOut(page: Page): Promise<void> {
  expect((await page.request.post('/api/logout')).status()).toBe(204);
}

/** Signs the page up as Ann and shows the tool page to her; returns her email. */
async function signedInOnTool(page: Page): Promise<string> {
  const email = await signUp(page);
  await page.goto('/');
  await page.getByTestId('welcome').waitFor();
  return email;
}

const PHOTOS = [corpusPath('photos', 'kodim03.png'), corpusPath('photos', 'kodim23.png')];

/** Uploads the two photos on the tool page and waits until both are compressed. */
async function uploadTwoPhotos(page: Page): Promise<void> {
  await upload(page, PHOTOS);
  await toastShows(page, 'Upload successful', '2 files uploaded and compression started');
  await waitForCompleted(page, 2);
}

describe('accounts and dashboard', () => {
  const app = useVisitors('account-e2e-');

  it('sends a guest from /dashboard to /auth', async () => {
    const { page } = app;
    await page.goto('/dashboard');
    await waitForPath(page, '/auth');
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    await page.getByText('Why create an account?').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: path.join(SHOTS, 'auth-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'auth-phone.png'), fullPage: true });
  });

  it('signs up: each validation message by its field, then success lands on / greeted by first name', async () => {
    const { page } = app;
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const form = page.getByRole('form', { name: 'Sign up' });
    const submit = form.getByRole('button', { name: 'Create Account' });
    await submit.click();
    const messageFor = async (label: string) => {
      const input = form.getByLabel(label, { exact: true });
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      const id = await input.getAttribute('aria-describedby');
      return form.locator(`[id="${id}"]`).innerText();
    };
    expect(await messageFor('First Name')).toBe(MESSAGES.firstNameRequired);
    expect(await messageFor('Last Name')).toBe(MESSAGES.lastNameRequired);
    expect(await messageFor('Email')).toBe(MESSAGES.invalidEmail);
    expect(await messageFor('Password')).toBe(MESSAGES.passwordTooShort);
    expect(await form.getByLabel('First Name').evaluate((el) => el === document.activeElement)).toBe(true);

    await form.getByLabel('First Name').fill('Ann');
    await form.getByLabel('Last Name').fill('Lee');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Password').fill('12345');
    await submit.click();
    expect(await messageFor('Email')).toBe(MESSAGES.invalidEmail);
    expect(await messageFor('Password')).toBe(MESSAGES.passwordTooShort);
    expect(await form.getByText(MESSAGES.firstNameRequired).count()).toBe(0);
    expect(page.url()).toMatch(/\/auth$/);

    for (const [label, auto] of [
      ['First Name', 'given-name'],
      ['Last Name', 'family-name'],
      ['Email', 'email'],
      ['Password', 'new-password'],
    ] as const) {
      expect(await form.getByLabel(label, { exact: true }).getAttribute('autocomplete')).toBe(auto);
    }

    await form.getByLabel('Email').fill(uniqueEmail('Ann'));
    await form.getByLabel('Password').fill(PASSWORD);
    // Hold the response a moment so the pending label can be seen.
    await page.route('**/api/register', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await submit.click();
    await form.getByRole('button', { name: 'Creating account...' }).waitFor();
    await toastShows(page, 'Account created!', 'Ann');
    await page.unroute('**/api/register');
    await waitForPath(page, '/');
    expect(await page.getByTestId('welcome').innerText()).toBe('Welcome, Ann');
    expect(await page.getByTestId('avatar').innerText()).toBe('A');
    await page.getByTestId('size-hint').filter({ hasText: 'No size limit' }).waitFor();
    expect(await page.getByTestId('guest-banner').count()).toBe(0);
    expect(await page.getByTestId('guest-mode').count()).toBe(0);
  });

  it('refuses a second account with the same email, without navigating', async () => {
    // The first account belongs to another visitor.
    const first = await app.newContext();
    let email: string;
    try {
      email = await signUp(first);
    } finally {
      await first.close();
    }

    const { page } = app;
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('First Name').fill('Ann');
    await form.getByLabel('Last Name').fill('Other');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await toastShows(page, 'Registration failed', MESSAGES.emailTaken);
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('sends a signed-in user from /auth to /', async () => {
    const { page } = app;
    await signUp(page);
    await page.goto('/auth');
    await waitForPath(page, '/');
    await page.getByTestId('welcome').waitFor();
  });

  it('uploads, then the dashboard stats match /api/jobs and Download All (n) gets them', async () => {
    const { page, tmp } = app;
    const email = await signedInOnTool(page);
    await uploadTwoPhotos(page);

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await waitForPath(page, '/dashboard');
    expect(await page.getByTestId('dashboard-greeting').innerText()).toBe('Welcome back, Ann');
    await page.getByTestId('recent-jobs').waitFor();

    const jobs = await jobsOf(page);
    const stats = computeDashboardStats(jobs);
    expect(stats.completedJobs).toBe(2);
    expect(await page.getByTestId('stat-total-jobs-value').innerText()).toBe(String(jobs.length));
    expect(await page.getByTestId('stat-total-jobs-note').innerText()).toBe('2 completed · PNG 2');
    const saved = jobs.reduce((s, j) => s + (j.originalSize - (j.compressedSize ?? j.originalSize)), 0);
    const original = jobs.reduce((s, j) => s + j.originalSize, 0);
    expect(await page.getByTestId('stat-storage-saved-value').innerText()).toBe(formatFileSize(saved));
    expect(await page.getByTestId('stat-avg-compression-value').innerText()).toBe(`${Math.round((saved / original) * 100)}%`);
    expect(await page.getByTestId('recent-job').count()).toBe(2);
    expect(await page.getByTestId('recent-job-expiry').first().innerText()).toMatch(/^Files deleted in (23 h|24 h)/);

    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download All (2)' }).click()]);
    expect(zip.suggestedFilename()).toBe('compressed-images.zip');
    const zipPath = path.join(tmp, 'dash.zip');
    await zip.saveAs(zipPath);
    expect((await listZip(zipPath).then((entries) => entries.map((e) => e.name))).sort()).toEqual(['kodim03.png', 'kodim23.png']);

    const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export my data' }).click()]);
    const exportPath = path.join(tmp, 'export.json');
    await exported.saveAs(exportPath);
    const data = JSON.parse(fs.readFileSync(exportPath, 'utf8'));
    expect(data.account.email).toBe(email);
    expect(data.jobs).toHaveLength(2);

    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: path.join(SHOTS, 'dashboard-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'dashboard-phone.png'), fullPage: true });
  });

  it('signs out from the dashboard, after which /dashboard sends to /auth', async () => {
    const { page } = app;
    await signUp(page);
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.route('**/api/logout', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Signing out...' }).waitFor();
    await toastShows(page, 'Signed out', 'You have been successfully signed out.');
    await page.unroute('**/api/logout');
    await waitForPath(page, '/');
    await page.getByTestId('guest-mode').waitFor();
    await page.getByTestId('size-hint').filter({ hasText: 'Max 10 MB each' }).waitFor();
    await page.goto('/dashboard');
    await waitForPath(page, '/auth');
  });

  it('signs in: a wrong password fails and stays, the right one lands on /', async () => {
    const { page } = app;
    // An account with two finished jobs, signed out again.
    const email = await signedInOnTool(page);
    await uploadTwoPhotos(page);
    await signOut(page);
    await page.goto('/auth');

    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('wrong password');
    expect(await form.getByLabel('Password').getAttribute('autocomplete')).toBe('current-password');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await toastShows(page, 'Login failed', MESSAGES.invalidCredentials);
    expect(new URL(page.url()).pathname).toBe('/auth');

    await form.getByLabel('Password').fill(PASSWORD);
    await page.route('**/api/login', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await form.getByRole('button', { name: 'Sign In' }).click();
    await form.getByRole('button', { name: 'Signing in...' }).waitFor();
    await toastShows(page, 'Welcome back!', 'You have successfully signed in.');
    await page.unroute('**/api/login');
    await waitForPath(page, '/');
    expect(await page.getByTestId('welcome').innerText()).toBe('Welcome, Ann');
    // The account's jobs are back on the tool page.
    await page.locator('[data-testid="job-card"][data-status="completed"]').nth(1).waitFor();
  });

  it('signs out from the header on /', async () => {
    const { page } = app;
    await signedInOnTool(page);
    await uploadTwoPhotos(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await toastShows(page, 'Signed out', 'You have been successfully signed out.');
    await page.getByTestId('guest-mode').waitFor();
    expect(await page.locator('[data-testid="job-card"]').count()).toBe(0);
  });

  it('shows Logout failed when the server refuses', async () => {
    const { page } = app;
    // An existing account, signed in through the form.
    const email = await signUp(page);
    await signOut(page);
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await toastShows(page, 'Welcome back!');
    await waitForPath(page, '/');
    await page.route('**/api/logout', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Session store unavailable"}' }));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await toastShows(page, 'Logout failed', 'Session store unavailable');
    await page.unroute('**/api/logout');
    expect(await page.getByTestId('welcome').innerText()).toBe('Welcome, Ann');
  });

  it('shows the empty dashboard to a new user and deletes an account after confirmation', async () => {
    const { page: p } = app;
    await p.setViewportSize({ width: 390, height: 844 });
    const freshEmail = uniqueEmail('Zoe');
    const res = await p.request.post('/api/register', { data: { email: freshEmail, password: PASSWORD, firstName: '', lastName: 'Ray' } });
    expect(res.status()).toBe(400);
    await signUp(p, 'Zoe', 'Ray', freshEmail);
    await p.goto('/dashboard');
    await p.getByTestId('jobs-empty').waitFor();
    expect(await p.getByText('No compression jobs').count()).toBe(1);
    expect(await p.getByText('Get started by compressing your first image').count()).toBe(1);
    expect(await p.getByRole('link', { name: 'Start Compressing' }).getAttribute('href')).toBe('/');
    expect(await p.getByRole('link', { name: 'Compress New Images' }).getAttribute('href')).toBe('/');
    expect(await p.getByRole('button', { name: /^Download All/ }).count()).toBe(0);
    expect(await p.getByTestId('stat-avg-compression-value').innerText()).toBe('0%');
    expect(await p.getByTestId('stat-storage-saved-value').innerText()).toBe('0 Bytes');
    expect(await p.getByTestId('avatar').innerText()).toBe('Z');
    await expectNoSeriousA11yViolations(p);

    await p.getByRole('button', { name: 'Delete account' }).click();
    const dialog = p.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await p.request.get('/api/user')).status()).toBe(200);

    await p.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await toastShows(p, 'Account deleted');
    await waitForPath(p, '/');
    await p.getByTestId('guest-mode').waitFor();
    expect((await p.request.get('/api/user')).status()).toBe(401);
    const login = await p.request.post('/api/login', { data: { email: freshEmail, password: PASSWORD } });
    expect(login.status()).toBe(401);
  });
});
