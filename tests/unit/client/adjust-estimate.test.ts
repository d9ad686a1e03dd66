// Adjust's estimate line in each mode: the quality the mode chose and the size through the site's one formatter.
import { describe, expect, it } from 'vitest';
import type { Estimate } from '#contract/api';
import { estimateHeadline } from '#client/components/tool/adjust-estimate.tsx';
import { regionAt } from '#client/components/tool/adjust-spot.tsx';

const estimate = (over: Partial<Estimate>): Estimate =>
  ({ outputFormat: 'jpeg', outputMimeType: 'image/jpeg', estimatedSize: 421_888, keepsOriginal: false, quality: 62, targetMet: null, ...over }) as Estimate;
const line = (h: { lead: string; size: string; tail: string }) => h.lead + h.size + h.tail;

describe('Adjust estimate', () => {
  it('says what each mode chose, the size rounded like the cards', () => {
    expect(line(estimateHeadline('smart', estimate({})))).toBe('Smart picked quality 62 · ≈ 412 KB as JPEG');
    expect(line(estimateHeadline('quality', estimate({ quality: 80, estimatedSize: 62_669 })))).toBe('Quality 80 · ≈ 61.2 KB as JPEG');
    expect(line(estimateHeadline('size', estimate({ quality: 48, targetMet: true })))).toBe('Target met at quality 48 · ≈ 412 KB as JPEG');
    expect(line(estimateHeadline('size', estimate({ quality: 1, targetMet: false })))).toBe('Target not met at full size: quality 1 · ≈ 412 KB as JPEG');
    expect(line(estimateHeadline('lossless', estimate({ quality: null, outputFormat: 'png', outputMimeType: 'image/png', estimatedSize: 1_258_291 })))).toBe('Lossless · ≈ 1.2 MB as PNG');
    expect(line(estimateHeadline('smart', estimate({ keepsOriginal: true })))).toBe('Original kept · ≈ 412 KB: re-encoding it gives no smaller file');
  });

  it('keeps the compared spot inside the image', () => {
    expect(regionAt({ x: 0, y: 0 }, { width: 768, height: 512 })).toEqual({ left: 0, top: 0, width: 140, height: 140 });
    expect(regionAt({ x: 768, y: 512 }, { width: 768, height: 512 })).toEqual({ left: 628, top: 372, width: 140, height: 140 });
    expect(regionAt({ x: 50, y: 20 }, { width: 100, height: 40 })).toEqual({ left: 0, top: 0, width: 100, height: 40 });
  });
});
