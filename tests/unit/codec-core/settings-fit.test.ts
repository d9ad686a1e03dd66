// The settings refused with an upload because they cannot give what they ask for (0586): every output format and
// mode against a still, an animation and the input-only formats, so a new format or mode gets its answer here too.
import { describe, expect, it } from 'vitest';
import { settingsMisfit } from '#codec-core/index';
import { COMPRESSION_MODES, OUTPUT_FORMATS } from '#contract/settings';

const every = OUTPUT_FORMATS.flatMap((format) => COMPRESSION_MODES.map((mode) => ({ format, mode })));

describe('settingsMisfit', () => {
  it('refuses an animation only where its frames would be lost, naming the frames and what keeps them', () => {
    const refused = every.filter((s) => settingsMisfit({ format: 'gif', frames: 12 }, s)?.field === 'format').map((s) => s.format);
    expect([...new Set(refused)].sort()).toEqual(['avif', 'jpeg', 'jxl', 'png']);
    expect(settingsMisfit({ format: 'png', frames: 3 }, { format: 'avif', mode: 'smart' })?.message).toBe(
      'This PNG is an animation of 3 frames, and saved as AVIF it would keep only one of them: choose Keep original, WebP or Auto to keep every frame (as animated WebP)',
    );
    // The same file as a still: nothing to lose.
    expect(every.filter((s) => s.mode !== 'lossless' && settingsMisfit({ format: 'gif', frames: 1 }, s))).toEqual([]);
  });

  it('refuses lossless JPEG from anything but a JPEG, original included where it means JPEG (a HEIC)', () => {
    expect(settingsMisfit({ format: 'png', frames: 1 }, { format: 'jpeg', mode: 'lossless' })).toMatchObject({ field: 'format', message: expect.stringContaining('not for this PNG') });
    expect(settingsMisfit({ format: 'svg', frames: 1 }, { format: 'jpeg', mode: 'lossless' })?.message).toContain('not for this SVG');
    expect(settingsMisfit({ format: 'jpeg', frames: 1 }, { format: 'jpeg', mode: 'lossless' })).toBeNull();
    expect(settingsMisfit({ format: 'jpeg', frames: 1 }, { format: 'original', mode: 'lossless' })).toBeNull();
    expect(settingsMisfit({ format: 'webp', frames: 1 }, { format: 'original', mode: 'lossless' })).toBeNull();
  });

  it('refuses lossless for a HEIC in every format, and nothing else for it', () => {
    const refused = every.filter((s) => settingsMisfit({ format: 'heic', frames: 1 }, s));
    expect(refused.map((s) => s.mode)).toEqual(OUTPUT_FORMATS.map(() => 'lossless'));
    expect(settingsMisfit({ format: 'heic', frames: 1 }, { format: 'png', mode: 'lossless' })).toMatchObject({ field: 'mode', message: expect.stringContaining('Choose Quality or Smart mode') });
  });
});
