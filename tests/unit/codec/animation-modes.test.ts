// Every mode on an animation, through the core's strategies: size mode searches the quality of the whole animation
// for the largest that fits the target (downscaling every frame when allowed and nothing fits), smart mode picks the
// lowest quality whose score on the first, middle and last frames reaches the goal. A camera pan across a corpus
// photograph stands in for a real animated GIF (none is in the corpus).
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { photoPan } from '../../support/animation';
import { corpusPath } from '../../support/paths';
import { compress, HANG_GUARD_MS } from './unhurried';

let gif: Buffer;

beforeAll(async () => {
  gif = await photoPan(corpusPath('photos', 'kodim23.png'), 'gif', { frames: 8, width: 240, height: 160, step: 40 });
});

const pagesOf = async (data: Buffer) => (await sharp(data, { animated: true }).metadata()).pages;

describe('modes on animations', { timeout: HANG_GUARD_MS }, () => {
  it('size mode: the largest quality whose whole animation fits the target', async () => {
    const atEighty = await compress(gif, { quality: 80 });
    const target = Math.round(atEighty.data.length * 0.6);
    const result = await compress(gif, { quality: 80, mode: 'size', targetSize: target });
    expect(result.data.length).toBeLessThanOrEqual(target);
    expect(result.targetMet).toBe(true);
    expect(result.frames).toBe(8);
    expect(await pagesOf(result.data)).toBe(8);
    // Largest: one step up the scale no longer fits.
    const above = await compress(gif, { quality: result.chosenQuality! + 1 });
    expect(above.data.length).toBeGreaterThan(target);
  });

  it('size mode: a target no quality reaches downscales every frame when resizing is allowed', async () => {
    const result = await compress(gif, { quality: 80, mode: 'size', targetSize: 2048, allowResize: true });
    expect(result.data.length).toBeLessThanOrEqual(2048);
    expect(result.output.width).toBeLessThan(240);
    expect(await pagesOf(result.data)).toBe(8);
  });

  it('smart mode: no larger than quality 80, with the score it measured', async () => {
    const atEighty = await compress(gif, { quality: 80 });
    const result = await compress(gif, { quality: 80, mode: 'smart' });
    expect(result.data.length).toBeLessThanOrEqual(atEighty.data.length);
    // This pan scores above WebP's goal for 80 at 80 (measured: 76 reaches it): smart mode goes below.
    expect(result.chosenQuality).toBeLessThan(80);
    expect(result.perceptualScore).toEqual(expect.any(Number));
    expect(await pagesOf(result.data)).toBe(8);
  });
});
