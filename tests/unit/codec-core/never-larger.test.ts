// The one rule that decides when the upload itself is the result, table-driven.
import { describe, expect, it } from 'vitest';
import type { CodecSettings } from '#codec-core/index';
import { animationUploadKept, animationUploadRule, largerThanUploadNote, uploadWins, type AnimationUploadFormat } from '#codec-core/never-larger';
import { settingsWith } from './synthetic-engine';

describe('uploadWins', () => {
  it.each([
    // passed on, rival, upload wins
    [1000, 1001, true], // smaller than the best encoding
    [1000, 1000, true], // a tie goes to the upload: no generation loss
    [1001, 1000, false], // the encoding is smaller
    [null, 500, false], // the upload cannot be passed on (another format or size, unremovable metadata)
    [null, null, false], // nothing at all
    [1000, null, true], // nothing was encoded (lossless JPEG): only the upload
    [4000, 5000, true], // size mode before encoding: the upload fits the target
    [6000, 5000, false], // size mode: it does not
  ] as const)('passed on %s against %s: %s', (passedOn, rival, wins) => {
    expect(uploadWins(passedOn, rival)).toBe(wins);
  });
});

describe('largerThanUploadNote', () => {
  it('names the format made and the upload\'s, with how much larger, as people read it', () => {
    expect(largerThanUploadNote({ asked: 'png', made: 'png', bytes: 4200, upload: 'jpeg', uploadBytes: 1000 })).toBe(
      'PNG of this image is 4.2 times the size of the JPEG upload, so the upload is returned as JPEG, as it came (with only the metadata your settings keep)',
    );
    expect(largerThanUploadNote({ asked: 'webp', made: 'webp', bytes: 1031, upload: 'gif', uploadBytes: 1000 })).toMatch(/^WebP of this image is 4% larger than the GIF upload, so the upload is returned as GIF,/);
    expect(largerThanUploadNote({ asked: 'auto', made: 'avif', bytes: 25_000, upload: 'jxl', uploadBytes: 1000 })).toMatch(
      /^Every format Auto tried is larger than this JPEG XL upload \(the smallest, AVIF, is 25 times the size of it\)/,
    );
  });
});

describe('animationUploadRule and animationUploadKept: an animation written as WebP against its upload', () => {
  const size = { width: 30, height: 60 };
  const rule = (format: AnimationUploadFormat, changes: Partial<CodecSettings>) => animationUploadRule({ format, size }, settingsWith(changes));

  it('weighs the upload as the original in original format, and a GIF in Auto too (every browser shows GIF)', () => {
    expect(rule('gif', { format: 'original' })).toBe('as-original');
    expect(rule('jxl', { format: 'original', formatRequired: true })).toBe('as-original');
    expect(rule('gif', { format: 'auto' })).toBe('as-original');
    expect(rule('png', { format: 'auto' })).toBe('if-smaller');
  });

  it('lets it stand in for WebP or Auto only where browsers show it and the viewer named it', () => {
    expect(rule('gif', { format: 'webp' })).toBe('if-smaller');
    expect(rule('png', { format: 'webp' })).toBe('if-smaller');
    expect(rule('jxl', { format: 'webp' })).toBeNull();
    expect(rule('jxl', { format: 'auto' })).toBeNull();
    expect(rule('png', { format: 'auto', formats: ['webp', 'avif'] })).toBeNull();
    expect(rule('png', { format: 'auto', formats: ['webp', 'png'] })).toBe('if-smaller');
  });

  it('never for a format the client requires, nor for a resize', () => {
    expect(rule('gif', { format: 'webp', formatRequired: true })).toBeNull();
    expect(rule('gif', { format: 'auto', formatRequired: true })).toBeNull();
    expect(rule('gif', { format: 'original', maxWidth: 29 })).toBeNull();
    expect(rule('gif', { format: 'original', maxWidth: 30 })).toBe('as-original');
  });

  it('keeps it on a tie as the original, only when strictly smaller otherwise, and says so then', () => {
    const given = (uploadBytes: number) => ({ asked: 'webp' as const, webpBytes: 1000, upload: 'gif' as const, uploadBytes });
    expect(animationUploadKept('as-original', given(1000))).toEqual({ note: null });
    expect(animationUploadKept('as-original', given(1001))).toBeNull();
    expect(animationUploadKept('if-smaller', given(1000))).toBeNull();
    expect(animationUploadKept('if-smaller', given(999))).toEqual({
      note: 'WebP of this image is 1% larger than the GIF upload, so the upload is returned as GIF, as it came (with only the metadata your settings keep)',
    });
  });
});
