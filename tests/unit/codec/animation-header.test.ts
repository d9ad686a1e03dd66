// The upload's animation counter: canvas and frames from the block structure alone, whatever the chunking.
import { describe, expect, it } from 'vitest';
import { AnimationCounter, animationOverLimit } from '#server/codec/planning';
import { animation, gifFrameBomb } from '../../support/animation';

function count(bytes: Buffer, chunk: number) {
  const counter = new AnimationCounter();
  for (let at = 0; at < bytes.length; at += chunk) counter.push(bytes.subarray(at, at + chunk));
  return counter.size;
}

const SPEC = { frames: 6, width: 50, height: 30, delay: [100, 100, 100, 100, 100, 100], loop: 0 };

describe('AnimationCounter', () => {
  it.each([1, 7, 4096])('counts an animated GIF and WebP fed %i bytes at a time', async (chunk) => {
    expect(count(await animation('gif', SPEC), chunk)).toEqual({ width: 50, height: 30, frames: 6 });
    expect(count(await animation('webp', SPEC), chunk)).toEqual({ width: 50, height: 30, frames: 6 });
  });

  it('counts a frame bomb and names the limit', () => {
    const size = count(gifFrameBomb(300), 1000);
    expect(size).toEqual({ width: 1000, height: 1000, frames: 300 });
    expect(animationOverLimit(size, 100_000_000)).toBe(
      'The animation is 1000×1000 pixels × 300 frames (300 megapixels in all); the limit is 100 megapixels (width × height × frames)',
    );
    expect(animationOverLimit({ width: 1000, height: 1000, frames: 100 }, 100_000_000)).toBeNull();
  });

  it('leaves other files alone', () => {
    expect(count(Buffer.from('\x89PNG\r\n\x1a\n0000000000000000'), 3)).toBeNull();
  });
});
