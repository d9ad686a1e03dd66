// A job's settings as row columns and back: what an upload stores, and that a re-tune starting from a stored row
// changes only what it names.
import { describe, expect, it } from 'vitest';
import { settingsColumns, settingsInputOf } from '#server/jobs/job-settings';
import { compressSettingsSchema } from '#contract/settings-schema';
import type { JobRow } from '#server/db/schema';

const parse = (input: Record<string, unknown>) => compressSettingsSchema.parse(input);

describe('job settings', () => {
  it('stores the defaults of an upload that names nothing', () => {
    expect(settingsColumns(parse({}))).toEqual({
      quality: 80,
      compression_type: 'web',
      output_format: 'original',
      background: '#ffffff',
      candidate_formats: null,
      mode: 'quality',
      target_size: null,
      allow_resize: 0,
      max_width: null,
      max_height: null,
      metadata: 'strip',
    });
  });

  it("stores a size target and the resize permission only in size mode, and Auto's candidates only for Auto", () => {
    expect(settingsColumns(parse({ mode: 'size', targetSize: '20000', allowResize: 'true', format: 'auto', formats: 'webp,avif' }))).toMatchObject({
      mode: 'size',
      target_size: 20_000,
      allow_resize: 1,
      candidate_formats: 'webp,avif',
    });
    expect(settingsColumns(parse({ mode: 'quality', targetSize: '20000', allowResize: 'true', format: 'webp', formats: 'avif' }))).toMatchObject({
      target_size: null,
      allow_resize: 0,
      candidate_formats: null,
    });
    expect(settingsColumns(parse({ mode: 'size', targetSize: '20000' }))).toMatchObject({ allow_resize: 0 });
  });

  it('reads a stored row back into the same settings', () => {
    const inputs = [
      {},
      { mode: 'size', targetSize: '20000', allowResize: 'true', maxWidth: '800', maxHeight: '600', metadata: 'keep', format: 'auto', formats: 'png,webp', quality: '40', background: '#123456' },
      { mode: 'lossless', format: 'png', metadata: 'keep-all', type: 'maximum' },
    ];
    for (const input of inputs) {
      const settings = parse(input);
      const row = { ...settingsColumns(settings) } as unknown as JobRow;
      expect(parse(settingsInputOf(row))).toEqual(settings);
      expect(settingsColumns(parse(settingsInputOf(row)))).toEqual(settingsColumns(settings));
    }
  });

  it('gives a row without optional settings none, rather than nulls the schema would refuse', () => {
    const row = { ...settingsColumns(parse({})) } as unknown as JobRow;
    expect(settingsInputOf(row)).toEqual({
      quality: 80,
      type: 'web',
      format: 'original',
      background: '#ffffff',
      formats: undefined,
      mode: 'quality',
      targetSize: undefined,
      allowResize: false,
      maxWidth: undefined,
      maxHeight: undefined,
      metadata: 'strip',
    });
    expect(settingsInputOf({ ...row, background: null })).toMatchObject({ background: undefined });
  });
});
