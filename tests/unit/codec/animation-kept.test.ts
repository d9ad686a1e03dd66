// Animations never come back larger or flattened: a GIF no WebP shrinks is passed on as it came (with only the
// metadata the policy keeps), and an animated JPEG XL keeps every frame and its timing, or is kept as it came.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CodecError } from '#server/codec/index';
import { ANIMATION_FORMATS_MESSAGE } from '#server/codec/animation/compress-animation';
import { tinyGif } from '../../support/animation';
import { readRealFile } from '../../support/real-files';
import { compress } from './unhurried';

/** The frame delays of apng-delays.png, which jxl-animated-apng.jxl was made from. */
const APNG_DELAYS_MS = [100, 500, 1000, 500, 1000];

describe('animations never larger, never flattened', () => {
  it('passes on a GIF that no WebP shrinks, as a GIF, without its comment under strip', async () => {
    const gif = tinyGif('made by someone');
    for (const format of ['original', 'auto'] as const) {
      const result = await compress(gif, { quality: 80, format });
      expect(result.output.format, format).toBe('gif');
      expect(result.keptOriginal).toBe(true);
      expect(result.data.length).toBeLessThan(gif.length);
      expect(result.data.toString('latin1')).not.toContain('made by someone');
      expect(result.data.toString('latin1')).toContain('NETSCAPE2.0');
      const meta = await sharp(result.data, { animated: true }).metadata();
      expect([meta.format, meta.pages]).toEqual(['gif', 6]);
    }
    const keptAll = await compress(gif, { quality: 80, metadata: 'keep-all' });
    expect(Buffer.compare(keptAll.data, gif)).toBe(0);
  });

  it('gives the GIF back, with a note, when WebP was asked for and would be larger; WebP when the format is required (0585)', async () => {
    const gif = tinyGif('x');
    const result = await compress(gif, { quality: 80, format: 'webp' });
    expect(result.output.format).toBe('gif');
    expect(result.notes).toContainEqual(expect.stringMatching(/^WebP of this image is .* the GIF upload, so the upload is returned as GIF, as it came/));
    const required = await compress(gif, { quality: 80, format: 'webp', formatRequired: true });
    expect(required.output.format).toBe('webp');
  });

  it('keeps every frame and its timing of an animated JPEG XL as animated WebP', async () => {
    // Made by cjxl from the APNG apng-delays.png: 5 frames of 128×64 shown for 100, 500, 1000, 500 and 1000 ms.
    const upload = readRealFile('jxl-animated-apng.jxl');
    const result = await compress(upload, { quality: 80, format: 'webp' });
    expect(result.frames).toBe(5);
    expect(result.input).toMatchObject({ format: 'jxl', bytes: upload.length });
    const meta = await sharp(result.data, { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.width, meta.pageHeight]).toEqual(['webp', 5, 128, 64]);
    expect(meta.delay).toEqual(APNG_DELAYS_MS);
  });

  it('never returns an animated JPEG XL larger than it came in original format', async () => {
    const upload = readRealFile('jxl-animated-apng.jxl');
    const result = await compress(upload, { quality: 100, format: 'original', mode: 'lossless' });
    expect(result.data.length).toBeLessThanOrEqual(upload.length);
    expect(result.frames).toBe(5);
    if (result.keptOriginal) expect([result.output.format, Buffer.compare(result.data, upload)]).toEqual(['jxl', 0]);
    else expect((await sharp(result.data, { animated: true }).metadata()).pages).toBe(5);
  });

  it('refuses an animated JPEG XL into a still format, naming what it can be saved as', async () => {
    const error = await compress(readRealFile('jxl-animated-apng.jxl'), { quality: 80, format: 'jpeg' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodecError);
    expect((error as CodecError).message).toBe(ANIMATION_FORMATS_MESSAGE);
  });
});
