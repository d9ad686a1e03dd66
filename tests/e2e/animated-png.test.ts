// An animated PNG in the browser: its card says it became an animated WebP, why, and how many frames it kept.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apng, textured } from '../support/animation';
import { useVisitors, waitForCompleted } from './support/app';

describe('animated PNG in the tool', () => {
  const app = useVisitors('animated-png-e2e-');

  it('an APNG: PNG → WebP on its card, with the reason and the frames', async () => {
    const { page, tmp } = app;
    const file = path.join(tmp, 'spinner.png');
    const frames = [0, 1, 2, 3].map((k) => ({ rgba: textured(80, 60, k), width: 80, height: 60, delay: 100 }));
    fs.writeFileSync(file, await apng({ width: 80, height: 60, loop: 0 }, frames));
    await page.getByTestId('drop-zone-input').setInputFiles([file]);
    await waitForCompleted(page, 1);

    const card = page.locator('[data-testid="job-card"]', { hasText: 'spinner' });
    expect(await card.getByTestId('output-format').innerText()).toBe('PNG → WebP');
    expect(await card.getByTestId('animation-note').innerText()).toBe('Animated, 4 frames (the preview shows the first).');
    expect(await card.getByTestId('format-note').innerText()).toBe(
      'Animated PNG converted to WebP: WebP keeps the animation in a smaller file, and nothing here writes animated PNG.',
    );
  });
});
