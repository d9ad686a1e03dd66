// @vitest-environment jsdom
// The comparison's keyboard shortcuts and the differences wording, as pure functions.
import { describe, expect, it } from 'vitest';
import { comparisonKeyAction } from '#client/components/tool/comparison/keys.ts';
import { diffCountText, diffShareText } from '#client/components/tool/comparison/diff-text.ts';
import { encodingText } from '#client/components/tool/comparison/comparison-summary.tsx';
import { perceptualVerdict } from '#client/lib/format.ts';
import { aJob } from '../../support/job-fixture';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({ key, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('comparison shortcuts', () => {
  const div = document.createElement('div');
  it('maps 1, 0, D, S and Space', () => {
    expect(comparisonKeyAction(press('1'), div)).toBe('one-to-one');
    expect(comparisonKeyAction(press('0'), div)).toBe('fit');
    expect(comparisonKeyAction(press('d'), div)).toBe('toggle-diff');
    expect(comparisonKeyAction(press('D'), div)).toBe('toggle-diff');
    expect(comparisonKeyAction(press('s'), div)).toBe('toggle-mode');
    expect(comparisonKeyAction(press(' '), div)).toBe('hold-original');
    expect(comparisonKeyAction(press('x'), div)).toBeNull();
  });

  it('leaves fields, Space on buttons and browser shortcuts alone', () => {
    const input = document.createElement('input');
    const button = document.createElement('button');
    expect(comparisonKeyAction(press('1'), input)).toBeNull();
    expect(comparisonKeyAction(press(' '), button)).toBeNull();
    expect(comparisonKeyAction(press('d'), button)).toBe('toggle-diff');
    expect(comparisonKeyAction(press('s', { ctrlKey: true }), div)).toBeNull();
    expect(comparisonKeyAction(press('0', { metaKey: true }), div)).toBeNull();
  });
});

describe('differences wording', () => {
  it('never rounds a few differing pixels down to a reassuring 0.00 %', () => {
    expect(diffShareText(151, 2309 * 1732)).toBe('< 0.01 %');
    expect(diffShareText(0, 100)).toBe('0 %');
    expect(diffShareText(25, 100)).toBe('25 %');
    expect(diffShareText(1234, 768 * 512)).toBe('0.31 %');
  });

  it('names the reduced size the pixels were compared at', () => {
    expect(diffCountText({ count: 1234, width: 768, height: 512, sourceWidth: 768, sourceHeight: 512 })).toBe('1,234 pixels differ (0.31 % of 768 × 512)');
    expect(diffCountText({ count: 151, width: 2309, height: 1732, sourceWidth: 4608, sourceHeight: 3456 })).toBe(
      '151 pixels differ (< 0.01 % of 2309 × 1732, compared at 50 % of the original 4608 × 3456)',
    );
  });
});

describe('the metrics line', () => {
  it('says how the result was encoded in a few characters', () => {
    expect(encodingText(aJob({ mimeType: 'image/jpeg', outputMimeType: 'image/jpeg', compressionQuality: 80, chosenQuality: null }))).toBe('JPEG q80');
    expect(encodingText(aJob({ mimeType: 'image/png', outputMimeType: 'image/webp', mode: 'smart', chosenQuality: 62 }))).toBe('WebP q62');
    expect(encodingText(aJob({ mimeType: 'image/png', outputMimeType: 'image/png', mode: 'lossless' }))).toBe('PNG lossless');
    expect(encodingText(aJob({ originalSize: 1000, compressedSize: 1000, mimeType: 'image/png', outputMimeType: 'image/png' }))).toBe('PNG, original kept');
  });

  it('puts the perceptual score in words', () => {
    expect(perceptualVerdict(93.2)).toBe('looks identical');
    expect(perceptualVerdict(78.3)).toBe('very close');
    expect(perceptualVerdict(41)).toBe('visible changes');
  });
});
