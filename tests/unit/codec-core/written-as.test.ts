// An image its engine writes in one format only (an animation's WebP): the core, not the engine, makes `original` and
// Auto mean it and refuses any other format in the engine's words; the engine never sees its settings edited.
import { describe, expect, it } from 'vitest';
import { compress, estimate, type CodecSettings } from '#codec-core/index';
import { settingsWrittenAs } from '#codec-core/written-as';
import { LIMITS, settingsWith, syntheticEngine, UPLOAD } from './synthetic-engine';

const refusal = (format: string) => `no ${format} here`;
const engine = { cannotEncode: refusal };
const image = (changes: Partial<CodecSettings>, writtenAs: 'webp' | null = 'webp') => ({ settings: settingsWith(changes), ...(writtenAs && { writtenAs }) }) as Parameters<typeof settingsWrittenAs>[0];

describe('settingsWrittenAs', () => {
  it('makes original, Auto (whatever its list) and the format itself the one format written', () => {
    for (const format of ['original', 'auto', 'webp'] as const) {
      const settings = settingsWrittenAs(image({ format, formats: ['avif', 'png'], quality: 63 }), engine);
      expect(settings.format, format).toBe('webp');
      expect(settings).not.toHaveProperty('formats');
      expect(settings.quality).toBe(63);
    }
  });

  it('refuses any other format in the engine\'s words, and leaves an image without one untouched', () => {
    for (const format of ['avif', 'png', 'jpeg', 'jxl'] as const) {
      expect(() => settingsWrittenAs(image({ format }), engine), format).toThrow(refusal(format));
    }
    const given = image({ format: 'auto', formats: ['png'] }, null);
    expect(settingsWrittenAs(given, engine)).toBe(given.settings);
  });
});

describe('the pipeline over an image written in one format', () => {
  it('encodes only that format for original and Auto, and refuses another before any encode', async () => {
    for (const format of ['original', 'auto'] as const) {
      const run = syntheticEngine({ format: 'png', writtenAs: 'webp' });
      const result = await compress(run, UPLOAD, settingsWith({ format, formats: ['avif'] }), LIMITS);
      expect(result.output.format, format).toBe('webp');
      expect(new Set(run.encodeCalls.map((c) => c.format)), format).toEqual(new Set(['webp']));
    }
    const refused = syntheticEngine({ format: 'png', writtenAs: 'webp' });
    await expect(compress(refused, UPLOAD, settingsWith({ format: 'avif' }), LIMITS)).rejects.toMatchObject({ kind: 'unsupported-format' });
    expect(refused.encodeCalls).toEqual([]);
    expect(refused.closed).toBe(1);
    await expect(estimate(syntheticEngine({ writtenAs: 'webp' }), UPLOAD, settingsWith({ format: 'jpeg' }), LIMITS)).rejects.toMatchObject({ kind: 'unsupported-format' });
  });
});
