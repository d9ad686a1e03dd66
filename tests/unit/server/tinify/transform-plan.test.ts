// What a Tinify transformation is before any decode: the codec settings a job with the same request would have,
// the formats `convert` names (or the result's own), refused in Tinify's words when they name none.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKGROUND } from '#contract/settings';
import { TinifyError } from '#server/tinify/tinify-error';
import { convertFormats, transformSettings, unconvertedFormat } from '#server/tinify/transform-plan';

describe('transformSettings', () => {
  it("maps Tinify's resize methods to the pipeline's fits, and a list of formats to Auto over them, every format required", () => {
    const base = { preserve: [], quality: 70 };
    expect(transformSettings({ ...base, formats: ['webp'], resize: { method: 'cover', width: 10, height: 20 } })).toEqual({
      quality: 70,
      format: 'webp',
      formats: undefined,
      mode: 'quality',
      metadata: { preserve: [] },
      background: DEFAULT_BACKGROUND,
      allowResize: false,
      formatRequired: true,
      maxWidth: 10,
      maxHeight: 20,
      fit: 'cover',
    });
    const fits = (['fit', 'scale', 'cover', 'thumb'] as const).map((method) => transformSettings({ ...base, formats: ['png'], resize: { method, width: 5 } }).fit);
    expect(fits).toEqual(['inside', 'inside', 'cover', 'contain']);
    const auto = transformSettings({ ...base, formats: ['png', 'avif'], preserve: ['copyright'], background: '#000000' });
    expect(auto).toMatchObject({ format: 'auto', formats: ['png', 'avif'], metadata: { preserve: ['copyright'] }, background: '#000000' });
    expect(auto).not.toHaveProperty('maxWidth');
  });
});

describe('convertFormats and unconvertedFormat', () => {
  it('reads a type, a list (deduplicated) or a wildcard, and refuses an empty list or an unknown type with 400', () => {
    expect(convertFormats('image/webp')).toEqual(['webp']);
    expect(convertFormats(['image/png', ' IMAGE/PNG', 'image/avif'])).toEqual(['png', 'avif']);
    expect(convertFormats('*/*')).not.toContain('jxl');
    for (const type of [[], 'image/gif', ['image/png', 'text/html']]) {
      const refused = (() => {
        try {
          return convertFormats(type);
        } catch (err) {
          return err;
        }
      })();
      expect(refused, JSON.stringify(type)).toBeInstanceOf(TinifyError);
      expect(refused).toMatchObject({ status: 400, type: 'BadRequest' });
    }
  });

  it("keeps the result's format without convert; a GIF's is WebP (it keeps the frames), an SVG's PNG", () => {
    expect(['image/jpeg', 'image/avif', 'image/gif', 'image/svg+xml'].map(unconvertedFormat)).toEqual(['jpeg', 'avif', 'webp', 'png']);
  });
});
