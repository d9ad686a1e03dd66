import { describe, expect, it } from 'vitest';
import {
  countDifferentPixels,
  DIFF_COLOURS,
  DIFF_THRESHOLD,
  paintDifferences,
  paintOverlay,
  pixelDifferences,
  qualityLevel,
  QUALITY_LEVEL_CLASSES,
} from '#client/lib/image-diff.ts';

const rgba = (...pixels: Array<[number, number, number, number?]>) => new Uint8ClampedArray(pixels.flatMap(([r, g, b, a = 255]) => [r, g, b, a]));

describe('countDifferentPixels', () => {
  it('counts nothing for identical images', () => {
    const a = rgba([1, 2, 3], [200, 100, 50]);
    expect(countDifferentPixels(a, a.slice())).toBe(0);
  });

  it('counts a pixel only when the average channel difference exceeds 10', () => {
    expect(DIFF_THRESHOLD).toBe(10);
    const base = rgba([100, 100, 100], [100, 100, 100], [100, 100, 100], [100, 100, 100]);
    const other = rgba(
      [110, 110, 110], // average 10: not more than the threshold
      [111, 110, 110], // average 10.33: differs
      [70, 100, 100], // average 10: not counted
      [100, 100, 131], // average 10.33: differs
    );
    expect(countDifferentPixels(base, other)).toBe(2);
  });

  it('ignores alpha and uses absolute differences', () => {
    expect(countDifferentPixels(rgba([50, 50, 50, 0]), rgba([50, 50, 50, 255]))).toBe(0);
    expect(countDifferentPixels(rgba([0, 0, 0]), rgba([255, 0, 0]))).toBe(1);
    expect(countDifferentPixels(rgba([255, 0, 0]), rgba([0, 0, 0]))).toBe(1);
  });

  it('accepts a custom threshold and rejects mismatched sizes', () => {
    expect(countDifferentPixels(rgba([0, 0, 0]), rgba([3, 3, 3]), 2)).toBe(1);
    expect(() => countDifferentPixels(rgba([0, 0, 0]), rgba([0, 0, 0], [0, 0, 0]))).toThrow();
  });

  it('paints differing pixels red and returns the same count', () => {
    const a = rgba([0, 0, 0], [0, 0, 0]);
    const b = rgba([0, 0, 0], [90, 90, 90]);
    const out = new Uint8ClampedArray(a.length);
    expect(paintDifferences(a, b, out)).toBe(countDifferentPixels(a, b));
    expect(Array.from(out.slice(0, 4))).toEqual([255, 0, 0, 0]);
    expect(Array.from(out.slice(4, 8))).toEqual([255, 0, 0, 200]);
  });
});

describe('differences overlay: threshold and colour', () => {
  // Means 10 (not over the spec's 10), 10.33 (over) and 40.
  const a = rgba([0, 0, 0], [0, 0, 0], [0, 0, 0]);
  const b = rgba([30, 0, 0], [31, 0, 0], [120, 0, 0]);

  it('counts a pixel over a whole threshold by its exact mean, whatever the threshold', () => {
    const diffs = pixelDifferences(a, b);
    const out = new Uint8ClampedArray(a.length);
    expect(paintOverlay(diffs, out)).toBe(countDifferentPixels(a, b));
    expect(paintOverlay(diffs, out, 10)).toBe(2);
    expect(paintOverlay(diffs, out, 39)).toBe(1);
    expect(paintOverlay(diffs, out, 40)).toBe(0);
    expect(paintOverlay(diffs, out, 0)).toBe(3);
    for (const t of [0, 5, 10, 39, 40]) expect(paintOverlay(diffs, out, t)).toBe(countDifferentPixels(a, b, t));
  });

  it('paints in the chosen colour, so the overlay reads on red images too', () => {
    const out = new Uint8ClampedArray(a.length);
    paintOverlay(pixelDifferences(a, b), out, 10, 'cyan');
    expect(Array.from(out.slice(4, 8))).toEqual([...DIFF_COLOURS.cyan, 200]);
    expect(Array.from(out.slice(0, 4))).toEqual([...DIFF_COLOURS.cyan, 0]);
  });
});

describe('quality colours', () => {
  it.each([
    [100, 'high'],
    [85, 'high'],
    [84, 'medium'],
    [70, 'medium'],
    [69, 'low'],
    [1, 'low'],
  ] as const)('%d is %s', (q, level) => expect(qualityLevel(q)).toBe(level));

  it('maps levels to green, yellow and red', () => {
    expect(QUALITY_LEVEL_CLASSES.high).toMatch(/green/);
    expect(QUALITY_LEVEL_CLASSES.medium).toMatch(/yellow/);
    expect(QUALITY_LEVEL_CLASSES.low).toMatch(/red/);
  });
});
