import { describe, expect, it } from 'vitest';
import { COMPRESSION_PRESETS } from '#contract/presets';

describe('COMPRESSION_PRESETS', () => {
  it('offers exactly the three presets of the spec, in order', () => {
    expect(COMPRESSION_PRESETS.map((p) => [p.id, p.name, p.quality, p.type])).toEqual([
      ['high', 'High Quality', 90, 'high'],
      ['web', 'Web Optimized', 80, 'web'],
      ['maximum', 'Maximum Compression', 70, 'maximum'],
    ]);
  });

  it('describes every preset and says what it is for', () => {
    for (const preset of COMPRESSION_PRESETS) {
      expect(preset.description.length).toBeGreaterThan(10);
      expect(preset.recommendedFor.length).toBeGreaterThan(0);
      for (const use of preset.recommendedFor) expect(use.trim()).not.toBe('');
    }
  });

  it('leaves the custom slider type out of the presets', () => {
    expect(COMPRESSION_PRESETS.some((p) => p.type === 'standard')).toBe(false);
  });
});
