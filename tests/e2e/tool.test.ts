// The compression tool (/) as a guest in headless Chromium against the real server and the built client. Every test
// is a new guest that uploads what it needs, so any one can run alone.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Job } from '#contract/api';
import { GUEST_MAX_FILE_SIZE } from '#contract/limits';
import { fileTooLargeMessage, MESSAGES } from '#contract/messages';
import { corpusPath } from '../support/paths';
import { expectNoSeriousA11yViolations } from './support/axe';
import { SHOTS, jobsOf, listZip, openSettings, toastShows, upload, useVisitors, waitForCompleted } from './support/app';

const KODIM = corpusPath('photos', 'kodim03.png');
const SMALL_JPEG = corpusPath('photos', 'turbo-testorig.jpg');

describe('compression tool (guest)', () => {
  const app = useVisitors('tool-e2e-');

  /** Uploads files and waits for all of them to finish; returns this guest's jobs. */
  async function compressed(page: Page, files: string[]): Promise<Job[]> {
    await upload(page, files);
    await toastShows(page, 'Upload successful');
    await waitForCompleted(page, files.length);
    return jobsOf(page);
  }

  it('shows the sections in order with guest mode and the 10 MB hint', async () => {
    const { page } = app;
    expect(await page.getByTestId('guest-mode').innerText()).toBe('Guest Mode');
    expect(await page.locator('header').getByRole('link', { name: 'Sign In', exact: true }).getAttribute('href')).toBe('/auth');
    await page.getByTestId('guest-banner').waitFor();
    expect(await page.getByText('or click to browse').count()).toBe(1);
    for (const f of ['JPEG', 'JPG', 'PNG']) expect(await page.getByTestId('drop-zone').getByText(f, { exact: true }).count()).toBe(1);
    await page.getByTestId('size-hint').filter({ hasText: 'Max 10 MB each' }).waitFor();

    const order = await page.evaluate(() => {
      const find = (sel: string) => document.querySelector(sel);
      const heading = (text: string) => Array.from(document.querySelectorAll('h2')).find((h) => h.textContent?.includes(text)) ?? null;
      const els = [
        find('header'),
        find('[data-testid="guest-banner"]'),
        find('[data-testid="drop-zone"]'),
        // The files come straight under the drop zone (where the user looks after an upload); nothing queued yet.
        heading('Your files'),
        heading('Compression Settings'),
        heading('Queue Management'),
        heading('How it works'),
        heading('Solutions for every industry'),
        heading('What our users say'),
        find('footer'),
      ];
      if (els.some((e) => !e)) return null;
      return els.every((el, i) => i === 0 || els[i - 1]!.compareDocumentPosition(el!) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(order).toBe(true);
  });

  it('has working settings: presets and the custom slider', async () => {
    const { page } = app;
    await openSettings(page);
    const web = page.getByRole('radio', { name: /Web Optimized/ });
    expect(await web.isChecked()).toBe(true);
    expect(await page.getByTestId('quality-value').innerText()).toBe('80%');
    const thumb = page.getByRole('slider', { name: 'Custom quality' });
    await thumb.focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('quality-value').innerText()).toBe('81%');
    expect(await web.isChecked()).toBe(false);
    await page.locator('label', { hasText: 'High Quality' }).click();
    expect(await page.getByRole('radio', { name: /High Quality/ }).isChecked()).toBe(true);
    expect(await page.getByTestId('quality-value').innerText()).toBe('90%');
    await page.locator('label', { hasText: 'Web Optimized' }).click();
    expect(await page.getByTestId('quality-value').innerText()).toBe('80%');
  });

  it('uploads corpus files through the drop zone and shows them completed', async () => {
    const { page } = app;
    await upload(page, [KODIM, SMALL_JPEG]);
    await toastShows(page, 'Upload successful', '2 files uploaded and compression started');
    await waitForCompleted(page, 2);
    const jobs = await jobsOf(page);
    expect(jobs).toHaveLength(2);
    const kodim = jobs.find((j) => j.filename === 'kodim03.png')!;
    expect(kodim.status).toBe('completed');
    expect(kodim.compressionQuality).toBe(80);
    expect(kodim.compressionType).toBe('web');
    const card = page.locator(`[data-job-id="${kodim.id}"]`);
    expect(await card.getByTestId('job-status').innerText()).toBe('Completed');
    expect(await card.getByText('768 × 512').count()).toBe(1);
    expect(await card.getByTestId('saving').innerText()).toMatch(/^\d+%$/);
    expect(await card.getByText(/Files deleted in (23 h|24 h)/).count()).toBe(1);
    await page.getByTestId('compression-summary').waitFor();
  });

  it('compares before and after: divider by keyboard and drag, slider, zoom, pan, differences, views', async () => {
    const { page } = app;
    const [kodim] = await compressed(page, [KODIM]);
    await page.locator(`[data-job-id="${kodim!.id}"]`).getByRole('button', { name: /^Compare/ }).click();
    const panel = page.getByTestId('quality-assessment');
    await panel.getByTestId('split-view').waitFor();
    expect(await panel.getByTestId('metric-compression-type').innerText()).toBe('Web optimized');
    expect(await panel.getByTestId('metric-quality-level').innerText()).toBe('80% (Medium)');

    const divider = panel.getByRole('slider', { name: 'Comparison divider' });
    // Opening moves focus into the comparison, onto the divider.
    await divider.evaluate((el) => new Promise<void>((resolve) => {
      const check = () => (el === document.activeElement ? resolve() : requestAnimationFrame(check));
      check();
    }));
    expect(await divider.getAttribute('aria-valuenow')).toBe('50');
    await divider.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await divider.getAttribute('aria-valuenow')).toBe('53');
    await page.keyboard.press('ArrowLeft');
    expect(await divider.getAttribute('aria-valuenow')).toBe('52');
    await page.keyboard.press('End');
    expect(await divider.getAttribute('aria-valuenow')).toBe('100');
    await page.keyboard.press('Home');
    expect(await divider.getAttribute('aria-valuenow')).toBe('0');

    // Drag the divider to a quarter of the viewer's width.
    const view = (await panel.getByTestId('split-view').boundingBox())!;
    const handle = (await divider.boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(view.x + view.width * 0.5, view.y + view.height / 2, { steps: 5 });
    await page.mouse.move(view.x + view.width * 0.25, view.y + view.height / 2, { steps: 5 });
    await page.mouse.up();
    const dragged = Number(await divider.getAttribute('aria-valuenow'));
    expect(Math.abs(dragged - 25)).toBeLessThanOrEqual(1);

    await panel.getByLabel('Split position').fill('70');
    expect(await divider.getAttribute('aria-valuenow')).toBe('70');
    expect(await panel.getByTestId('compressed-layer').evaluate((el) => (el as HTMLElement).style.clipPath)).toBe('inset(0px 0px 0px 70%)');

    // Zoom reads in real pixels: at Fit, the screen pixels per image pixel of kodim03 (768 x 512) in this viewer.
    const zoom = panel.getByTestId('zoom-level');
    const percent = async () => Number(/^(\d+)%$/.exec(await zoom.innerText())?.[1]);
    const dpr = await page.evaluate(() => window.devicePixelRatio);
    const viewer = await panel.getByTestId('split-view').evaluate((el) => ({ w: el.clientWidth, h: el.clientHeight }));
    const fit = Math.min(viewer.w / 768, viewer.h / 512) * dpr * 100;
    expect(Math.abs((await percent()) - fit)).toBeLessThanOrEqual(1);
    await panel.getByRole('button', { name: 'Zoom in' }).click();
    expect(Math.abs((await percent()) - fit * 1.5)).toBeLessThanOrEqual(1);
    await panel.getByRole('button', { name: 'Zoom in' }).click();
    expect(Math.abs((await percent()) - fit * 2.25)).toBeLessThanOrEqual(1);

    // Drag to pan: the image layers move by the drag distance.
    const transformOf = () => panel.getByTestId('split-view').locator('div').first().evaluate((el) => (el as HTMLElement).style.transform);
    const before = await transformOf();
    await page.mouse.move(view.x + view.width * 0.8, view.y + view.height * 0.5);
    await page.mouse.down();
    await page.mouse.move(view.x + view.width * 0.8 - 60, view.y + view.height * 0.5 - 30, { steps: 4 });
    await page.mouse.up();
    const after = await transformOf();
    expect(before).toContain('translate(0px, 0px)');
    expect(after).toContain('translate(-60px, -30px)');
    // The arrow keys on the zoomed image move the view too: 40 px a press, 160 with Shift.
    await panel.getByTestId('split-view').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    expect(await transformOf()).toContain('translate(-100px, -190px)');
    expect(await divider.getAttribute('aria-valuenow')).toBe('70');

    await panel.getByRole('button', { name: 'Zoom out' }).click();
    expect(Math.abs((await percent()) - fit * 1.5)).toBeLessThanOrEqual(1);
    await panel.getByRole('button', { name: 'Fit to view' }).click();
    expect(Math.abs((await percent()) - fit)).toBeLessThanOrEqual(1);
    expect(await transformOf()).toContain('translate(0px, 0px) scale(1)');
    // 1:1 is one image pixel per screen pixel: the 768 px wide image is drawn 768 device pixels wide.
    await panel.getByRole('button', { name: 'Actual pixels (1:1)' }).click();
    expect(await zoom.innerText()).toBe('100%');
    // The img box fills the (zoomed) viewer; object-contain draws the picture inside it at the image's aspect ratio.
    const drawn = await panel.getByRole('img', { name: 'Original kodim03.png' }).evaluate((el) => {
      const box = el.getBoundingClientRect();
      return Math.min(box.width, (box.height * 768) / 512) * window.devicePixelRatio;
    });
    expect(Math.abs(drawn - 768)).toBeLessThanOrEqual(1);
    await panel.getByRole('button', { name: 'Fit to view' }).click();

    await panel.getByRole('button', { name: 'Show differences' }).click();
    const count = panel.getByTestId('diff-count');
    await count.filter({ hasText: 'pixels differ' }).waitFor();
    expect(await count.innerText()).toMatch(/^[\d,]+ pixels differ \((< )?[\d.]+ % of 768 × 512\)$/);
    await panel.getByTestId('diff-overlay').waitFor();
    // The threshold is adjustable (the spec's 10 by default) and the count follows it.
    const counted = async () => Number((await count.innerText()).split(' ')[0]!.replace(/,/g, ''));
    const atTen = await counted();
    await panel.getByLabel('Difference threshold').fill('0');
    const atZero = await counted();
    await panel.getByLabel('Difference threshold').fill('64');
    const atMax = await counted();
    expect(atZero).toBeGreaterThan(atTen);
    expect(atMax).toBeLessThan(atTen);
    await panel.getByLabel('Difference threshold').fill('0');
    // A colour that reads on red images: every painted pixel of the overlay turns cyan.
    await panel.getByRole('radio', { name: 'cyan' }).check();
    const colours = await panel.getByTestId('diff-overlay').evaluate((el) => {
      const canvas = el as HTMLCanvasElement;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      const seen = new Set<string>();
      for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 0) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      return [...seen];
    });
    expect(colours).toEqual(['0,229,255']);
    await panel.getByLabel('Difference threshold').fill('10');
    expect(await counted()).toBe(atTen);
    // A viewport shot with the panel just below the sticky header.
    await panel.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
    await page.screenshot({ path: path.join(SHOTS, 'tool-comparison-desktop.png') });
    await panel.getByRole('button', { name: 'Hide differences' }).click();
    expect(await panel.getByTestId('diff-overlay').count()).toBe(0);

    await panel.getByRole('button', { name: 'Side by side' }).click();
    await panel.getByTestId('side-by-side-view').waitFor();
    expect(await panel.getByRole('img', { name: 'Original kodim03.png' }).count()).toBe(1);
    expect(await panel.getByRole('img', { name: 'Compressed kodim03.png' }).count()).toBe(1);
    await panel.getByRole('button', { name: 'Split' }).click();

    await panel.getByRole('button', { name: 'Full screen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quality Assessment' });
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBe(1280);
    for (let i = 0; i < 25; i++) await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The original preview and the compressed file really are different encodings of the same picture.
    const [orig, comp] = await Promise.all([page.request.get(`/api/jobs/${kodim!.id}/original-preview`), page.request.get(kodim!.compressedPath!)]);
    expect(orig.status()).toBe(200);
    expect(comp.status()).toBe(200);
    await panel.getByRole('button', { name: 'Close comparison' }).click();
    expect(await page.getByTestId('quality-assessment').count()).toBe(0);
    // Focus returns to the Compare button the comparison was opened from.
    await page.waitForFunction((id) => document.activeElement?.closest(`[data-job-id="${id}"]`)?.matches('*') && document.activeElement?.getAttribute('aria-label')?.startsWith('Compare '), kodim!.id);
  });

  it('downloads one compressed file and the ZIP of all', async () => {
    const { page, tmp, server } = app;
    const jobs = await compressed(page, [KODIM, SMALL_JPEG]);
    const kodim = jobs.find((j) => j.filename === 'kodim03.png')!;
    const [one] = await Promise.all([
      page.waitForEvent('download'),
      page.locator(`[data-job-id="${kodim.id}"]`).getByRole('button', { name: /^Download/ }).click(),
    ]);
    expect(one.suggestedFilename()).toBe('kodim03.png');
    const onePath = path.join(tmp, 'one.png');
    await one.saveAs(onePath);
    const bytes = fs.readFileSync(onePath);
    expect(bytes.length).toBe(kodim.compressedSize);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([768, 512]);

    // The header's button; the results bar carries a second one while the header is off screen.
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download All' }).first().click()]);
    expect(zip.suggestedFilename()).toBe('compressed-images.zip');
    // Streamed by the browser from the server, not assembled in page memory as a blob.
    expect(zip.url()).toBe(`${server.url}/api/download-all`);
    const zipPath = path.join(tmp, 'all.zip');
    await zip.saveAs(zipPath);
    const entries = await listZip(zipPath);
    expect(entries.map((e) => e.name).sort()).toEqual(['kodim03.png', 'turbo-testorig.jpg']);
    for (const e of entries) expect(e.size).toBe(jobs.find((j) => j.filename === e.name)!.compressedSize);
  });

  it('shows Download failed when the ZIP cannot be fetched', async () => {
    const { page } = app;
    await compressed(page, [SMALL_JPEG]);
    await page.route('**/api/download-all', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
    await page.getByRole('button', { name: 'Download All' }).first().click();
    await toastShows(page, 'Download failed', 'Could not download files');
  });

  it('pauses, resumes and clears the queue with toasts', async () => {
    const { page } = app;
    // Pausing first keeps the next batch pending, so the controls have work to act on.
    expect((await page.request.post('/api/queue/pause')).status()).toBe(200);
    const files = ['kodim01.png', 'kodim02.png', 'kodim04.png', 'kodim05.png', 'kodim07.png', 'kodim08.png', 'kodim11.png', 'kodim12.png'].map((f) =>
      corpusPath('photos', f),
    );
    await upload(page, files);
    await toastShows(page, 'Upload successful', '8 files uploaded. The queue is paused: press Resume to start compressing.');
    const resume = page.getByRole('button', { name: 'Resume', exact: true });
    await resume.waitFor();
    expect(await page.getByTestId('queue-state').innerText()).toBe('Paused');
    await page.getByTestId('queue-pending').filter({ hasText: '8' }).waitFor();
    expect(await page.getByRole('button', { name: 'Pause' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Clear', exact: true }).isEnabled()).toBe(true);

    await resume.click();
    await toastShows(page, 'Queue resumed');
    const pause = page.getByRole('button', { name: 'Pause' });
    await pause.waitFor();
    await expectEnabled(pause);
    await pause.click();
    await toastShows(page, 'Queue paused');
    await page.getByRole('button', { name: 'Resume', exact: true }).waitFor();

    expect((await (await page.request.get('/api/queue/status')).json()).paused).toBe(true);
    // However much the resume got through, work uploaded while paused waits, so Clear has something to remove.
    await upload(page, files.slice(0, 2));
    await toastShows(page, 'Upload successful', '2 files uploaded. The queue is paused');
    await page.getByTestId('queue-pending').filter({ hasText: /^[1-9]\d*$/ }).waitFor();
    const status = await (await page.request.get('/api/queue/status')).json();
    expect(status.paused).toBe(true);
    expect(status.pending).toBeGreaterThanOrEqual(2);

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await toastShows(page, 'Queue cleared');
    await page.getByTestId('queue-pending').filter({ hasText: /^0$/ }).waitFor();
    // Anything still running finishes; then there is nothing to pause or clear.
    await page.getByTestId('queue-processing').filter({ hasText: /^0$/ }).waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => {
      const clear = Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Clear');
      return clear?.disabled === true;
    });

    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await toastShows(page, 'Queue resumed');
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    expect(await page.getByRole('button', { name: 'Pause' }).isDisabled()).toBe(true);
  });

  it('shows the failure toasts for queue actions', async () => {
    const { page } = app;
    // The page polls the queue only while it has active jobs; a small JPEG may finish before the routes below are
    // in place, so the job list keeps the new job pending in the UI's eyes from the start (polling stays on).
    await page.route('**/api/jobs', async (route) => {
      const res = await route.fetch();
      const jobs = (await res.json()) as Job[];
      await route.fulfill({ response: res, json: jobs.map((j) => ({ ...j, status: 'pending' })) });
    });
    await upload(page, [SMALL_JPEG]);
    await toastShows(page, 'Upload successful', '1 file uploaded and compression started');
    for (const [action, button, title, text] of [
      ['pause', 'Pause', 'Failed to pause queue', 'There was an error pausing the queue'],
      ['clear', 'Clear', 'Failed to clear queue', 'There was an error clearing the queue'],
    ] as const) {
      await page.route(`**/api/queue/${action}`, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
      // Keep the new job pending in the UI's eyes so the buttons stay enabled.
      await page.route('**/api/queue/status', (route) =>
        route.fulfill({ contentType: 'application/json', body: JSON.stringify({ total: 1, completed: 0, processing: 0, pending: 1, failed: 0, paused: action === 'clear' }) }),
      );
      const btn = page.getByRole('button', { name: button, exact: true });
      await expectEnabled(btn);
      await btn.click();
      await toastShows(page, title, text);
      await page.unroute(`**/api/queue/${action}`);
      await page.unroute('**/api/queue/status');
    }
    await page.route('**/api/queue/status', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ total: 1, completed: 0, processing: 0, pending: 1, failed: 0, paused: true }) }),
    );
    await page.route('**/api/queue/resume', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await toastShows(page, 'Failed to resume queue', 'There was an error resuming the queue');
  });

  it('shows drag accept and reject states, uploads a real drop, and dims with Uploading... while sending', async () => {
    const { page } = app;
    const zone = page.getByTestId('drop-zone');
    const transfer = (name: string, type: string, b64 = '') =>
      page.evaluateHandle(
        ([n, t, data]) => {
          const dt = new DataTransfer();
          dt.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], n, { type: t }));
          return dt;
        },
        [name, type, b64] as const,
      );
    const image = await transfer('drag.png', 'image/png');
    await zone.dispatchEvent('dragenter', { dataTransfer: image });
    await page.locator('[data-testid="drop-zone"][data-state="accept"]').waitFor();
    expect(await zone.getAttribute('class')).toContain('border-green-500');
    await zone.dispatchEvent('dragleave', { dataTransfer: image });
    await page.locator('[data-testid="drop-zone"][data-state="idle"]').waitFor();

    const text = await transfer('notes.txt', 'text/plain');
    await zone.dispatchEvent('dragenter', { dataTransfer: text });
    await page.locator('[data-testid="drop-zone"][data-state="reject"]').waitFor();
    expect(await zone.getAttribute('class')).toContain('border-red-500');
    await zone.dispatchEvent('dragleave', { dataTransfer: text });

    // Hold the upload so the uploading state can be seen, then let it through.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/compress', async (route) => {
      await held;
      await route.continue();
    });
    const real = await transfer('dropped.jpg', 'image/jpeg', fs.readFileSync(SMALL_JPEG).toString('base64'));
    await zone.dispatchEvent('drop', { dataTransfer: real });
    await page.locator('[data-testid="drop-zone"][data-state="uploading"]').waitFor();
    expect(await zone.getByText('Uploading...').isVisible()).toBe(true);
    expect(await zone.getAttribute('aria-disabled')).toBe('true');
    expect(await zone.getAttribute('class')).toContain('opacity-60');
    release();
    await toastShows(page, 'Upload successful', '1 file uploaded and compression started');
    await page.unroute('**/api/compress');
    await page.locator('[data-testid="job-card"][data-status="completed"]', { hasText: 'dropped.jpg' }).waitFor({ timeout: 60_000 });
  });

  it('takes a dropped folder: the images in it and its subfolders upload, anything else is named as refused', async () => {
    const { page } = app;
    // The browser hands a dropped folder over as a directory entry (webkitGetAsEntry); Chromium cannot be made to
    // drop a real one from a test, so the entries are stand-ins with the same interface, holding real files.
    const jpeg = fs.readFileSync(corpusPath('photos', 'turbo-testorig.jpg')).toString('base64');
    const png = fs.readFileSync(corpusPath('png', 'pngsuite', 'basn2c08.png')).toString('base64');
    await page.getByTestId('drop-zone').evaluate(
      (zone, [jpegData, pngData]) => {
        const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const fileEntry = (path: string, file: File) => ({ isFile: true, isDirectory: false, name: file.name, fullPath: path, file: (ok: (f: File) => void) => ok(file) });
        const dirEntry = (path: string, children: object[]) => {
          let read = false;
          return {
            isFile: false,
            isDirectory: true,
            name: path.split('/').pop(),
            fullPath: path,
            createReader: () => ({ readEntries: (ok: (batch: object[]) => void) => ok(read ? [] : ((read = true), children)) }),
          };
        };
        const folder = dirEntry('/shoot', [
          fileEntry('/shoot/folder-photo.jpg', new File([bytes(jpegData)], 'folder-photo.jpg', { type: 'image/jpeg' })),
          fileEntry('/shoot/notes.txt', new File(['not an image'], 'notes.txt', { type: 'text/plain' })),
          dirEntry('/shoot/web', [fileEntry('/shoot/web/folder-graphic.png', new File([bytes(pngData)], 'folder-graphic.png', { type: 'image/png' }))]),
        ]);
        const item = { kind: 'file', type: '', getAsFile: () => null, webkitGetAsEntry: () => folder };
        const drop = new Event('drop', { bubbles: true, cancelable: true });
        Object.defineProperty(drop, 'dataTransfer', { value: { types: ['Files'], files: [], items: [item] } });
        zone.dispatchEvent(drop);
      },
      [jpeg, png] as const,
    );
    // The refused file is named, so the toast counts instead of calling the drop a success.
    await toastShows(page, 'Added 2 of 3', '1 file was not added');
    expect(await page.getByTestId('upload-errors').innerText()).toContain('notes.txt');
    for (const name of ['folder-photo.jpg', 'folder-graphic.png']) {
      await page.locator('[data-testid="job-card"][data-status="completed"]', { hasText: name }).waitFor({ timeout: 60_000 });
    }
  });

  it('shows the upload\'s progress in bytes, with the time left, on a slow connection', async () => {
    const { page, context } = app;
    // 2.2 MB at an emulated 256 KiB/s upload: several seconds of sending.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    await upload(page, [corpusPath('photos', 'lepton-iphone.jpg')]);
    const bar = page.getByTestId('upload-progress');
    // Mid-way: a percentage strictly between 0 and 100, and a time left once a rate is known.
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="upload-progress"]');
      const now = Number(el?.getAttribute('aria-valuenow'));
      const text = document.querySelector('[data-testid="upload-progress-text"]')?.textContent ?? '';
      return now > 0 && now < 100 && /^\d+% uploaded, about (\d+ min )?\d+ s left$/.test(text);
    });
    expect(await bar.getAttribute('aria-valuetext')).toMatch(/^\d+% uploaded, about .+ left$/);
    await toastShows(page, 'Upload successful', '1 file uploaded and compression started');
    expect(await bar.count()).toBe(0);
  });

  it('uploads images pasted from the clipboard', async () => {
    const { page } = app;
    const data = fs.readFileSync(corpusPath('png', 'squoosh-logo-palette.png')).toString('base64');
    await page.evaluate((b64) => {
      const bin = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bin], 'pasted-logo.png', { type: 'image/png' }));
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }, data);
    await toastShows(page, 'Upload successful', '1 file uploaded and compression started');
    await page.locator('[data-testid="job-card"]', { hasText: 'pasted-logo.png' }).waitFor();
    expect(await jobsOf(page)).toHaveLength(1);
  });

  it('rejects a guest file over 10 MB with the spec message, client side and server side', async () => {
    const { page, tmp } = app;
    const big = path.join(tmp, 'big-noise.png');
    const buf = await sharp({ create: { width: 2200, height: 1700, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 80 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(buf.length).toBeGreaterThan(GUEST_MAX_FILE_SIZE);
    fs.writeFileSync(big, buf);

    await upload(page, [big]);
    await toastShows(page, 'Sign in required', MESSAGES.guestTooLarge);
    const errors = page.getByTestId('upload-errors');
    expect(await errors.innerText()).toContain('Upload errors:');
    expect(await errors.innerText()).toContain(`big-noise.png: ${fileTooLargeMessage(GUEST_MAX_FILE_SIZE)}`);

    // The server refuses it on its own too, with the same words.
    const res = await page.evaluate(async (b64) => {
      const bin = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('images', new File([bin], 'big-noise.png', { type: 'image/png' }));
      const r = await fetch('/api/compress', { method: 'POST', body: form, credentials: 'include' });
      return { status: r.status, body: await r.text() };
    }, buf.toString('base64'));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe(MESSAGES.guestTooLarge);
    expect(await jobsOf(page)).toEqual([]);

    // A wrong type is refused before upload; a lying extension is refused by the server; both are listed by name.
    const notes = path.join(tmp, 'notes.txt');
    fs.writeFileSync(notes, 'not an image');
    await upload(page, [notes]);
    await errors.filter({ hasText: `notes.txt: ${MESSAGES.fileTypeInvalid}` }).waitFor();
    await upload(page, [corpusPath('bad', 'gen-text-renamed.jpg')]);
    await toastShows(page, 'Upload failed', MESSAGES.fileTypeInvalid);
    expect(await errors.innerText()).toContain(`gen-text-renamed.jpg: ${MESSAGES.fileTypeInvalid}`);
    expect(await jobsOf(page)).toEqual([]);
  });

  it('shows a failed job with its error and removes it', async () => {
    const { page } = app;
    await upload(page, [corpusPath('bad', 'gen-truncated-50pct.jpg')]);
    await toastShows(page, 'Upload successful', '1 file uploaded and compression started');
    const failed = page.locator('[data-testid="job-card"][data-status="error"]');
    await failed.waitFor({ timeout: 60_000 });
    expect(await failed.getByTestId('job-status').innerText()).toBe('Error');
    expect(await failed.getByTestId('job-error').innerText()).toBe('The image file is damaged or incomplete and could not be decoded');
    expect(await failed.getByRole('button', { name: /^Download|^Compare/ }).count()).toBe(0);
    await failed.getByRole('button', { name: /^Remove/ }).click();
    await failed.waitFor({ state: 'detached' });
    expect((await jobsOf(page)).some((j) => j.status === 'error')).toBe(false);
  });

  it('clears all files, and reports a failed clear', async () => {
    const { page } = app;
    await compressed(page, [SMALL_JPEG]);
    await page.route('**/api/jobs', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Database unavailable"}' }) : route.fallback(),
    );
    const clearAll = async () => {
      await page.getByRole('button', { name: 'Clear All' }).click();
      await page.getByRole('dialog', { name: 'Clear all files?' }).getByRole('button', { name: 'Clear all files' }).click();
    };
    // Cancel keeps everything: the confirmation is the undo.
    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.getByRole('dialog', { name: 'Clear all files?' }).getByRole('button', { name: 'Cancel' }).click();
    expect((await jobsOf(page)).length).toBeGreaterThan(0);
    await clearAll();
    await toastShows(page, 'Clear failed', 'Database unavailable');
    await page.unroute('**/api/jobs');
    await clearAll();
    await toastShows(page, 'All files cleared');
    await page.locator('[data-testid="job-card"]').first().waitFor({ state: 'detached' });
    expect(await jobsOf(page)).toEqual([]);
  });

  it('passes axe and looks right on desktop and on a 390 px phone', async () => {
    const { page, server, browser } = app;
    await compressed(page, [KODIM, SMALL_JPEG]);
    await expectNoSeriousA11yViolations(page);
    // From the top, so the sticky header sits where a visitor sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, 'tool-desktop.png'), fullPage: true });

    const phone = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    try {
      const p = await phone.newPage();
      await p.goto('/');
      await p.getByTestId('drop-zone-input').setInputFiles([KODIM]);
      // The toast goes by itself after 5 s: dismiss it as it comes, not after the job (which may take longer).
      await toastShows(p, 'Upload successful');
      await p.locator('[data-testid="job-card"][data-status="completed"]').first().waitFor({ timeout: 60_000 });
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      await expectNoSeriousA11yViolations(p);
      await p.screenshot({ path: path.join(SHOTS, 'tool-phone.png'), fullPage: true });
      await p.getByRole('button', { name: /^Compare/ }).click();
      await p.getByTestId('split-view').waitFor();
      await p.getByTestId('quality-assessment').evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
      await p.screenshot({ path: path.join(SHOTS, 'tool-phone-comparison.png') });
    } finally {
      await phone.close();
    }
  });
});

async function expectEnabled(locator: ReturnType<Page['getByRole']>) {
  for (let i = 0; i < 50 && !(await locator.isEnabled()); i++) await new Promise((r) => setTimeout(r, 100));
  expect(await locator.isEnabled()).toBe(true);
}
