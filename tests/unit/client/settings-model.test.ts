// The settings card's model: the one-line summary, the upload's fields (Auto for email and apps narrows the
// candidates to JPEG and PNG), and the lossless-resize note said beside the resize fields.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTROL, losslessResizeNote } from '#client/components/tool/control.ts';
import { DEFAULT_SETTINGS, FORMAT_STORAGE_KEY, loadStoredFormat, storeFormat, uploadSettings } from '#client/components/tool/settings.ts';
import { settingsSummary } from '#client/components/tool/settings-summary.ts';

describe('the settings summary', () => {
  it('says the defaults in one line', () => {
    expect(settingsSummary(DEFAULT_SETTINGS).join(' · ')).toBe('Quality 80 · Keep original format · metadata removed · original size');
  });

  it('names the mode instead of a quality that does nothing, and the format, metadata and bounds chosen', () => {
    const control = { ...DEFAULT_CONTROL, mode: 'smart' as const, maxWidth: '1600', metadata: 'keep' as const };
    expect(settingsSummary({ ...DEFAULT_SETTINGS, control, format: 'auto', autoFor: 'apps' })).toEqual([
      'Smart, at most quality 80',
      'Auto format (JPEG/PNG)',
      'metadata kept without location',
      'fit 1600 × any px',
    ]);
    expect(settingsSummary({ ...DEFAULT_SETTINGS, control: { ...DEFAULT_CONTROL, mode: 'size', targetKb: '150' }, format: 'webp' })[0]).toBe('Target size 150 KB');
    expect(settingsSummary({ ...DEFAULT_SETTINGS, control: { ...DEFAULT_CONTROL, mode: 'lossless' } })[0]).toBe('Lossless');
    // Private mode always removes metadata, whatever was kept on the server's side.
    expect(settingsSummary({ ...DEFAULT_SETTINGS, control: { ...DEFAULT_CONTROL, metadata: 'keep-all' } }, true)[2]).toBe('metadata removed');
  });
});

describe("the upload's fields", () => {
  it('limits Auto to JPEG and PNG for email and apps, and to AVIF, WebP, JPEG and PNG for websites', () => {
    expect(uploadSettings({ ...DEFAULT_SETTINGS, format: 'auto', autoFor: 'apps' })).toEqual({
      quality: DEFAULT_SETTINGS.quality,
      type: DEFAULT_SETTINGS.type,
      format: 'auto',
      background: DEFAULT_SETTINGS.background,
      mode: 'quality',
      metadata: 'strip',
      maxWidth: null,
      maxHeight: null,
      formats: 'jpeg,png',
    });
    // For websites: what every current major browser shows, never JPEG XL (docs/decisions/0551).
    expect(uploadSettings({ ...DEFAULT_SETTINGS, format: 'auto', autoFor: 'web' }).formats).toBe('avif,webp,jpeg,png');
    // Only Auto has candidates.
    expect(uploadSettings({ ...DEFAULT_SETTINGS, format: 'webp', autoFor: 'apps' })).not.toHaveProperty('formats');
  });

  it('remembers where Auto’s files go with the format, and reads a damaged value as websites', () => {
    const items = new Map<string, string>();
    const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
    storeFormat({ format: 'auto', background: '#ffffff', autoFor: 'apps' }, storage);
    expect(loadStoredFormat(storage)).toEqual({ format: 'auto', background: '#ffffff', autoFor: 'apps' });
    items.set(FORMAT_STORAGE_KEY, JSON.stringify({ format: 'auto', autoFor: 'fax' }));
    expect(loadStoredFormat(storage)?.autoFor).toBe('web');
  });
});

describe('lossless and resizing', () => {
  it('warns only for lossless, the upload’s own format and a resize bound', () => {
    const lossless = { ...DEFAULT_CONTROL, mode: 'lossless' as const, maxWidth: '800' };
    expect(losslessResizeNote('original', lossless)).toMatch(/^Lossless cannot resize a JPEG/);
    expect(losslessResizeNote('original', { ...lossless, maxWidth: '', maxHeight: '600' })).not.toBeNull();
    expect(losslessResizeNote('png', lossless)).toBeNull();
    expect(losslessResizeNote('original', { ...lossless, maxWidth: ' ' })).toBeNull();
    expect(losslessResizeNote('original', { ...lossless, mode: 'quality' })).toBeNull();
  });
});
