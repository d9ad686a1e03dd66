// The control settings as the panel edits them: each field's problem, the form fields sent, and what is remembered.
import { settingsFormFields } from '#contract/settings';
import { describe, expect, it } from 'vitest';
import { CONTROL_STORAGE_KEY, DEFAULT_CONTROL, apiSettings, controlProblems, formatModeProblem, loadStoredControl, storeControl } from '#client/components/tool/control.ts';

describe('control settings', () => {
  it('names the field that is wrong, and only that one', () => {
    expect(controlProblems(DEFAULT_CONTROL)).toEqual({});
    expect(controlProblems({ ...DEFAULT_CONTROL, mode: 'size', targetKb: '0.5' })).toEqual({ targetSize: 'Enter a target size of at least 1 KB' });
    expect(controlProblems({ ...DEFAULT_CONTROL, mode: 'size', targetKb: '' })).toHaveProperty('targetSize');
    expect(controlProblems({ ...DEFAULT_CONTROL, mode: 'size', targetKb: 'lots' })).toHaveProperty('targetSize');
    // A target only matters in size mode.
    expect(controlProblems({ ...DEFAULT_CONTROL, mode: 'quality', targetKb: 'lots' })).toEqual({});
    expect(controlProblems({ ...DEFAULT_CONTROL, maxWidth: '0', maxHeight: '1.5' })).toEqual({
      maxWidth: 'Width must be a whole number of pixels from 1 to 16,384',
      maxHeight: 'Height must be a whole number of pixels from 1 to 16,384',
    });
    expect(controlProblems({ ...DEFAULT_CONTROL, maxWidth: '16384', maxHeight: '16385' })).toEqual({ maxHeight: expect.any(String) });
  });

  it('sends the target in bytes, the bounds given and nothing for blank ones', () => {
    expect(apiSettings(DEFAULT_CONTROL)).toEqual({ mode: 'quality', metadata: 'strip', maxWidth: null, maxHeight: null });
    const sized = apiSettings({ ...DEFAULT_CONTROL, mode: 'size', targetKb: '200', allowResize: true, maxWidth: ' 2000 ', metadata: 'keep' });
    expect(sized).toEqual({ mode: 'size', targetSize: 204_800, allowResize: true, maxWidth: 2000, maxHeight: null, metadata: 'keep' });
    // As an upload's form fields: strings, the bounds not given left out.
    expect(settingsFormFields({ quality: 80, type: 'web', format: 'jpeg', ...sized })).toEqual([
      ['quality', '80'],
      ['type', 'web'],
      ['format', 'jpeg'],
      ['mode', 'size'],
      ['metadata', 'keep'],
      ['targetSize', '204800'],
      ['allowResize', 'true'],
      ['maxWidth', '2000'],
    ]);
  });

  it('remembers the choice, and falls back to the defaults for damaged or unknown values', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const chosen = { ...DEFAULT_CONTROL, mode: 'lossless' as const, maxHeight: '800', metadata: 'keep-all' as const };
    storeControl(chosen, storage);
    expect(loadStoredControl(storage)).toEqual(chosen);
    store.set(CONTROL_STORAGE_KEY, JSON.stringify({ mode: 'smartest', metadata: 7, allowResize: 'yes' }));
    expect(loadStoredControl(storage)).toEqual(DEFAULT_CONTROL);
    store.set(CONTROL_STORAGE_KEY, '{not json');
    expect(loadStoredControl(storage)).toEqual(DEFAULT_CONTROL);
  });

  it('refuses Lossless with JPEG output (the codec fails every such file after upload), and nothing else', () => {
    expect(formatModeProblem('jpeg', 'lossless')).toMatch(/^Lossless cannot make a JPEG/);
    for (const format of ['original', 'png', 'webp', 'avif', 'auto'] as const) expect(formatModeProblem(format, 'lossless')).toBeNull();
    for (const mode of ['quality', 'smart', 'size'] as const) expect(formatModeProblem('jpeg', mode)).toBeNull();
  });
});
