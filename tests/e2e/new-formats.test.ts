// HEIC and animated GIF uploads in the browser: the card names the formats and says why the result is a JPEG or an
// animated WebP, and how many frames it kept.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { animation } from '../support/animation';
import { heicFrom } from '../support/heic';
import { corpusPath } from '../support/paths';
import { HEIF_ENC_MISSING } from '../support/system-tools';
import { useVisitors, waitForCompleted } from './support/app';

describe.skipIf(HEIF_ENC_MISSING)(`new input formats in the tool${HEIF_ENC_MISSING ? ` (skipped: ${HEIF_ENC_MISSING})` : ''}`, () => {
  const app = useVisitors('new-formats-e2e-');

  it('a HEIC photo and an animated GIF: HEIC → JPEG and GIF → WebP on their cards, with the reasons and the frames', async () => {
    const { page, tmp } = app;
    const heic = path.join(tmp, 'IMG_0001.heic');
    fs.writeFileSync(heic, heicFrom(corpusPath('photos', 'kodim23.png'), 70));
    const gif = path.join(tmp, 'dance.gif');
    fs.writeFileSync(gif, await animation('gif', { frames: 3, width: 90, height: 60, delay: [100, 100, 100], loop: 0 }));
    await page.getByTestId('drop-zone-input').setInputFiles([heic, gif]);
    await waitForCompleted(page, 2);

    const heicCard = page.locator('[data-testid="job-card"]', { hasText: 'IMG_0001' });
    expect(await heicCard.getByTestId('output-format').innerText()).toBe('HEIC → JPEG');
    expect(await heicCard.getByTestId('format-note').innerText()).toBe('HEIC converted to JPEG: browsers other than Safari cannot show HEIC.');
    const gifCard = page.locator('[data-testid="job-card"]', { hasText: 'dance' });
    expect(await gifCard.getByTestId('output-format').innerText()).toBe('GIF → WebP');
    expect(await gifCard.getByTestId('animation-note').innerText()).toBe('Animated, 3 frames (the preview shows the first).');
  });
});
