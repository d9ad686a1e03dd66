// Adjust as a tuning loop (issue 33, item 3): the original beside the estimated result at a spot picked on an
// overview, an estimate in every mode with the quality the mode chose, answers cached per setting and spot, sizes
// rounded like the cards, focus back on the card's Adjust button, Apply in reach on a phone, and Lossless + JPEG
// refused by the settings card's own rule.
import type { Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { formatFileSize } from '#client/lib/format.ts';
import { formatModeProblem } from '#client/components/tool/control.ts';
import { corpusPath } from '../support/paths';
import { useVisitors } from './support/app';
import { expectNoSeriousA11yViolations } from './support/axe';

const PHOTO = corpusPath('photos', 'kodim23.png'); // 768×512

/** Uploads the photo, waits for its card, and opens Adjust on it, set to JPEG. */
async function openAdjust(page: Page) {
  await page.getByTestId('drop-zone-input').setInputFiles([PHOTO]);
  const card = page.locator('[data-testid="job-card"][data-status="completed"]').first();
  await card.waitFor({ timeout: 90_000 });
  await card.getByRole('button', { name: /^Adjust/ }).click();
  const panel = page.getByTestId('adjust-panel');
  await panel.waitFor();
  // JPEG at the job's quality (80): a lossy result whose crop differs from the original.
  await panel.getByTestId('adjust-format').selectOption('jpeg');
  return { card, panel };
}

/** Counts the estimate requests the page sends. */
function countEstimates(page: Page): { count: () => number } {
  const seen: Request[] = [];
  page.on('request', (r) => r.method() === 'POST' && /\/api\/jobs\/[^/]+\/estimate$/.test(new URL(r.url()).pathname) && seen.push(r));
  return { count: () => seen.length };
}

/** The headline once no update is under way, matching `pattern`. */
async function headline(page: Page, pattern: RegExp): Promise<string> {
  const handle = await page.waitForFunction(
    (source) => {
      const box = document.querySelector('[data-testid="adjust-estimate"]');
      const text = document.querySelector('[data-testid="adjust-estimate-headline"]')?.textContent ?? '';
      return box?.getAttribute('aria-busy') === 'false' && new RegExp(source).test(text) ? text : null;
    },
    pattern.source,
    { timeout: 80_000 },
  );
  return (await handle.jsonValue()) as string;
}

/** The pixels an <img> shows, read through a canvas at its natural size. */
const pixelsOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate(async (el) => {
    const img = el as HTMLImageElement;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    canvas.getContext('2d')!.drawImage(img, 0, 0);
    return Array.from(canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data);
  });

describe('Adjust as a tuning loop', () => {
  const app = useVisitors('adjust-e2e-');

  it('shows the original beside the estimated result at a spot picked on the overview, the estimate being real pixels', async () => {
    const { page } = app;
    const { panel } = await openAdjust(page);
    await headline(page, /^Quality \d+ · ≈ /);
    const picker = panel.getByTestId('adjust-spot-picker');
    const original = panel.getByTestId('adjust-original-crop');
    const preview = panel.getByTestId('adjust-estimate-preview');
    expect(await original.isVisible()).toBe(true);
    // At the centre first: the estimate's crop is 140×140 of the 768×512 result around its middle.
    const centre = await preview.getAttribute('src');

    // A tap near the top-left corner of the overview moves the spot there; the estimate follows with new pixels.
    const box = (await picker.boundingBox())!;
    await page.mouse.click(box.x + 3, box.y + 3);
    await page.waitForFunction((before) => document.querySelector('[data-testid="adjust-estimate-preview"]')?.getAttribute('src') !== before, centre, { timeout: 80_000 });
    const marker = (await panel.getByTestId('adjust-spot-marker').boundingBox())!;
    expect(Math.round(marker.x - box.x)).toBeLessThanOrEqual(1);
    expect(Math.round(marker.y - box.y)).toBeLessThanOrEqual(1);

    // The estimate's crop is the top-left 140×140 of the photo, encoded: close to the original there, not equal.
    const shown = await pixelsOf(page, '[data-testid="adjust-estimate-preview"]');
    const truth = await sharp(PHOTO).extract({ left: 0, top: 0, width: 140, height: 140 }).ensureAlpha().raw().toBuffer();
    expect(shown.length).toBe(truth.length);
    let diff = 0;
    for (let i = 0; i < truth.length; i++) if (i % 4 !== 3) diff += Math.abs(shown[i]! - truth[i]!);
    const mean = diff / ((truth.length / 4) * 3);
    expect(mean).toBeGreaterThan(0);
    expect(mean).toBeLessThan(12);
    // The original's crop shows the same spot: its image is placed at the region's offset.
    expect(await original.locator('img').evaluate((img) => [img.style.left, img.style.top])).toEqual(['0px', '0px']);
    await expectNoSeriousA11yViolations(page);

    // Dragging across the overview moves it too, as do the arrow keys.
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height - 2, { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="adjust-original-crop"] img')?.style.top !== '0px', undefined, { timeout: 80_000 });
    await picker.focus();
    const label = await picker.getAttribute('aria-label');
    await page.keyboard.press('ArrowUp');
    expect(await picker.getAttribute('aria-label')).not.toBe(label);
  });

  it('estimates every mode with the quality it chose, and rounds the size like the cards', async () => {
    const { page } = app;
    const { panel } = await openAdjust(page);
    const quality = await headline(page, /^Quality 80 · ≈ /);
    const size = await panel.getByTestId('adjust-estimate-size').innerText();
    // The one size formatter of the site: at most one decimal, as on the cards.
    expect(size).toMatch(/^≈ \d+(\.\d)? (KB|MB)$/);

    await panel.getByTestId('adjust-mode').selectOption('smart');
    const smart = await headline(page, /^Smart picked quality \d+ · ≈ .+ as JPEG$/);
    expect(Number(/quality (\d+)/.exec(smart)![1])).toBeLessThanOrEqual(80);

    await panel.getByTestId('adjust-mode').selectOption('size');
    await panel.getByTestId('adjust-target').fill('20');
    const sized = await headline(page, /^Target met at quality \d+ · ≈ .+ as/);
    const shownSize = /≈ ([\d.]+) KB/.exec(sized)!;
    expect(Number(shownSize[1])).toBeLessThanOrEqual(20);

    await panel.getByTestId('adjust-mode').selectOption('lossless');
    await panel.getByTestId('adjust-format').selectOption('png');
    const lossless = await headline(page, /^Lossless · ≈ .+ as PNG$/);
    expect(lossless).not.toBe(quality);
    // Each answer's size is the formatter's own rounding of its bytes.
    const bytes = await page.evaluate(async () => {
      const id = document.querySelector('[data-job-id]')!.getAttribute('data-job-id');
      // One estimate per owner at a time: asked again while another runs (429).
      for (;;) {
        const res = await fetch(`/api/jobs/${id}/estimate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'lossless', format: 'png' }) });
        if (res.status !== 429) return ((await res.json()) as { estimatedSize: number }).estimatedSize;
      }
    });
    expect(await panel.getByTestId('adjust-estimate-size').innerText()).toBe(`≈ ${formatFileSize(bytes)}`);
  });

  it('updates while the slider moves and answers a value already seen from its cache, without asking again', async () => {
    const { page } = app;
    const { panel } = await openAdjust(page);
    const estimates = countEstimates(page);
    await panel.getByTestId('adjust-mode').selectOption('smart');
    const at80 = await headline(page, /^Smart picked quality \d+/);
    await panel.getByTestId('adjust-quality').fill('40');
    // Smart never goes above the asked quality: at most 40 now.
    const at40 = await headline(page, /^Smart picked quality ([1-3]?\d|40) · /);
    expect(at40).not.toBe(at80);
    const asked = estimates.count();
    // Back to 80: the answer already seen shows again, and nothing is sent.
    await panel.getByTestId('adjust-quality').fill('80');
    expect(await headline(page, new RegExp(`^${at80.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))).toBe(at80);
    await panel.getByTestId('adjust-quality').fill('40');
    expect(await headline(page, /^Smart picked quality ([1-3]?\d|40) · /)).toBe(at40);
    expect(estimates.count()).toBe(asked);
  });

  it('returns focus to the card\'s Adjust button on Cancel, Escape and Apply, by keyboard', async () => {
    const { page } = app;
    const { card } = await openAdjust(page);
    const adjust = card.getByRole('button', { name: /^Adjust/ });
    const focusedIsAdjust = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label')?.startsWith('Adjust ') === true);

    await page.keyboard.press('Escape');
    await page.getByTestId('adjust-panel').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label')?.startsWith('Adjust '));

    await page.keyboard.press('Enter');
    await page.getByTestId('adjust-cancel').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('adjust-panel').waitFor({ state: 'detached' });
    expect(await focusedIsAdjust()).toBe(true);

    await adjust.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('adjust-quality').fill('50');
    await page.getByTestId('adjust-apply').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('adjust-panel').waitFor({ state: 'detached' });
    // The file is compressed again; once done, focus is back on its Adjust button.
    await page.locator('[data-testid="job-card"][data-status="completed"]', { hasText: 'Adjusted 1 time' }).waitFor({ timeout: 90_000 });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label')?.startsWith('Adjust '), undefined, { timeout: 10_000 });
  });

  it('keeps Apply on screen on a 390×844 phone, and refuses Lossless + JPEG beside the format with Apply disabled', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 390, height: 844 });
    const { panel } = await openAdjust(page);
    // With the estimate and its pictures in, the dialog is taller than the screen.
    await panel.getByTestId('adjust-estimate-preview').waitFor({ timeout: 80_000 });
    const apply = page.getByTestId('adjust-apply');
    const inView = async () => {
      const box = (await apply.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= 844 && box.x >= 0 && box.x + box.width <= 390;
    };
    expect(await inView()).toBe(true);
    // Still in view with the dialog scrolled to its top and to its middle.
    await page.locator('dialog[open]').evaluate((d) => d.scrollTo(0, d.scrollHeight / 2));
    expect(await inView()).toBe(true);
    expect(await page.locator('dialog[open]').evaluate((d) => d.scrollHeight > d.clientHeight)).toBe(true);
    // The original and the estimate sit side by side, even on the phone.
    const left = (await panel.getByTestId('adjust-original-crop').boundingBox())!;
    const right = (await panel.getByTestId('adjust-estimate-preview').boundingBox())!;
    expect(right.y).toBe(left.y);
    expect(right.x).toBeGreaterThanOrEqual(left.x + left.width);

    await panel.getByTestId('adjust-mode').selectOption('lossless');
    await panel.getByTestId('adjust-format').selectOption('jpeg');
    const problem = panel.getByTestId('adjust-format-problem');
    expect(await problem.innerText()).toBe(formatModeProblem('jpeg', 'lossless'));
    expect(await panel.getByTestId('adjust-format').getAttribute('aria-describedby')).toBe('adjust-format-problem');
    expect(await apply.isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await panel.getByTestId('adjust-format').selectOption('png');
    expect(await problem.count()).toBe(0);
    expect(await apply.isDisabled()).toBe(false);
  });
});
