// The edges of the small pure rules the pipeline leans on: how much larger a result is said to be at exactly twice
// and ten times the upload, the formats listed for Auto under a fixed format, an exact box equal to the upload on one
// side only, and the mosaic sample at exactly its budget, with more cells than tiles, tile by tile.
import { describe, expect, it } from 'vitest';
import { animationUploadRule, boundsOf, givenLargerNote, proxyOf } from '#codec-core/index';
import { clampRegion, TILE } from '#codec-core/pixels';
import { picture, settingsWith } from './synthetic-engine';

describe('how much larger, at the edges', () => {
  const note = (bytes: number) => givenLargerNote({ made: 'png', bytes, upload: 'jpeg', uploadBytes: 1000 });

  it('just under twice is said in percent; twice is said in times, to one decimal', () => {
    expect(note(1999)).toBe('PNG of this image is 100% larger than the JPEG upload, given as asked');
    expect(note(2000)).toBe('PNG of this image is 2.0 times the size of the JPEG upload, given as asked');
  });

  it('just under ten times keeps the decimal; ten times and more are rounded to whole times', () => {
    expect(note(9990)).toBe('PNG of this image is 10.0 times the size of the JPEG upload, given as asked');
    expect(note(10_000)).toBe('PNG of this image is 10 times the size of the JPEG upload, given as asked');
    expect(note(12_600)).toBe('PNG of this image is 13 times the size of the JPEG upload, given as asked');
  });
});

describe('an animation’s upload against its WebP', () => {
  it('the formats listed for Auto do not bind a fixed WebP: an APNG may still stand in for it', () => {
    const size = { width: 30, height: 60 };
    expect(animationUploadRule({ format: 'png', size }, settingsWith({ format: 'webp', formats: ['avif'] }))).toBe('if-smaller');
    expect(animationUploadRule({ format: 'png', size }, settingsWith({ format: 'auto', formats: ['avif'] }))).toBeNull();
  });
});

describe('an exact box', () => {
  const upright = { width: 1200, height: 800 };

  it('equal to the upload on one side only is still a resize to the box', () => {
    expect(boundsOf(upright, { maxWidth: 1200, maxHeight: 300, fit: 'cover' })).toEqual({ width: 1200, height: 300 });
    expect(boundsOf(upright, { maxWidth: 300, maxHeight: 800, fit: 'contain' })).toEqual({ width: 300, height: 800 });
    expect(boundsOf(upright, { maxWidth: 1200, maxHeight: 800, fit: 'contain' })).toBeNull();
  });
});

describe('the mosaic sample', () => {
  /** The pixel at (x, y) of `image`, as [r, g, b]. */
  const at = (image: { data: Uint8Array; width: number }, x: number, y: number) => [...image.data.subarray((y * image.width + x) * 3, (y * image.width + x) * 3 + 3)];

  it('an image of exactly the budget is its own sample', () => {
    const image = picture({ width: 2 * TILE, height: TILE });
    expect(proxyOf(image, 2 * TILE * TILE)).toBe(image);
    expect(proxyOf(image, 2 * TILE * TILE - 1)).not.toBe(image);
  });

  it('copies whole tiles from where they are spread, and repeats the last in a cell without its own', () => {
    // Six tiles (3 across, 2 down), a budget of three: tiles 1, 3 and 5 in reading order, in a 2×2 mosaic whose
    // fourth cell repeats tile 5.
    const image = picture({ width: 3 * TILE, height: 2 * TILE });
    const sample = proxyOf(image, 3 * TILE * TILE);
    expect([sample.width, sample.height]).toEqual([2 * TILE, 2 * TILE]);
    const cells = [[0, 0], [TILE, 0], [0, TILE], [TILE, TILE]];
    const sources = [[TILE, 0], [0, TILE], [2 * TILE, TILE], [2 * TILE, TILE]];
    cells.forEach(([cx, cy], k) => {
      const [sx, sy] = sources[k]!;
      for (const [dx, dy] of [[0, 0], [5, 7], [TILE - 1, TILE - 1], [64, 100]]) {
        expect(at(sample, cx! + dx!, cy! + dy!), `cell ${k} at ${dx},${dy}`).toEqual(at(image, sx! + dx!, sy! + dy!));
      }
    });
  });
});

describe('the preview region', () => {
  it('is kept inside the image at the bottom too', () => {
    const image = picture({ width: 96, height: 80 });
    expect(clampRegion(image, { left: 0, top: 70, width: 10, height: 30 }, 1000)).toEqual({ left: 0, top: 50, width: 10, height: 30 });
  });
});
