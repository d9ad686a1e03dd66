// Lossless mode: the decoded pixels of the result are exactly the upload's, in every format that can do it;
// JPEG only as the uploaded JPEG itself.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CodecError } from '#server/codec/index';
import { compress } from './unhurried';
import { readCorpus } from './corpus';

/** Every channel of every pixel, alpha included (also the colour of fully transparent pixels). */
const rgba = async (image: Buffer) => sharp(image, { autoOrient: true }).ensureAlpha().raw().toBuffer();
/** The stored values, without applying an embedded profile. */
const stored = async (image: Buffer, depth: 'uchar' | 'ushort' = 'uchar') => sharp(image).keepIccProfile().ensureAlpha().raw({ depth }).toBuffer();

const alphaPhoto = () => sharp(readCorpus('png/wesaturate-riaphotographs-alpha.png')).extract({ left: 150, top: 150, width: 160, height: 120 }).png().toBuffer();
const photo = () => sharp(readCorpus('photos/kodim23.png')).extract({ left: 300, top: 100, width: 192, height: 128 }).png().toBuffer();

describe('lossless mode', () => {
  it.each(['png', 'webp', 'avif'] as const)('gives the same pixels as %s, alpha included', async (format) => {
    for (const input of [await alphaPhoto(), await photo()]) {
      const result = await compress(input, { quality: 80, format, mode: 'lossless' });
      expect(result.output.format).toBe(format);
      expect(result.chosenQuality).toBeNull();
      expect(result.targetMet).toBeNull();
      expect((await rgba(result.data)).equals(await rgba(input))).toBe(true);
    }
  });

  it('keeps the colour profile and the stored values even under strip', async () => {
    const input = await sharp(readCorpus('png/jxl-p3-color-ring-icc.png')).extract({ left: 0, top: 400, width: 200, height: 200 }).keepIccProfile().png().toBuffer();
    for (const format of ['webp', 'png'] as const) {
      const result = await compress(input, { quality: 80, format, mode: 'lossless' });
      expect((await sharp(result.data).metadata()).icc!.equals((await sharp(input).metadata()).icc!)).toBe(true);
      expect((await stored(result.data)).equals(await stored(input))).toBe(true);
    }
  });

  it('keeps a 16-bit PNG at 16 bits', async () => {
    const input = readCorpus('photos/turbo-monkey16-16bit.png');
    const result = await compress(input, { quality: 80, mode: 'lossless' });
    expect((await sharp(result.data).metadata()).depth).toBe('ushort');
    expect((await stored(result.data, 'ushort')).equals(await stored(input, 'ushort'))).toBe(true);
  });

  it('gives a JPEG upload back as its own scans, with metadata per policy', async () => {
    const input = readCorpus('photos/lepton-androidprogressive.jpg');
    expect((await sharp(input).metadata()).exif).toBeDefined();
    for (const format of ['original', 'jpeg'] as const) {
      const result = await compress(input, { quality: 80, format, mode: 'lossless' });
      expect([result.keptOriginal, result.output.format, result.chosenQuality]).toEqual([true, 'jpeg', null]);
      expect((await sharp(result.data).metadata()).exif).toBeUndefined();
      expect((await rgba(result.data)).equals(await rgba(input))).toBe(true);
    }
    const kept = await compress(input, { quality: 80, mode: 'lossless', metadata: 'keep' });
    expect(kept.keptOriginal).toBe(true);
    expect((await sharp(kept.data).metadata()).exif).toBeDefined();
    expect((await rgba(kept.data)).equals(await rgba(input))).toBe(true);
  });

  it('refuses JPEG output that cannot be lossless', async () => {
    const refused = (promise: Promise<unknown>) =>
      promise.then(
        () => expect.unreachable('a lossless JPEG was produced'),
        (error: unknown) => {
          expect(error).toBeInstanceOf(CodecError);
          expect((error as CodecError).kind).toBe('unsupported-format');
          expect((error as CodecError).message).toMatch(/lossless JPEG/i);
        },
      );
    await refused(compress(await photo(), { quality: 80, format: 'jpeg', mode: 'lossless' }));
    await refused(compress(readCorpus('photos/lepton-androidprogressive.jpg'), { quality: 80, mode: 'lossless', maxWidth: 300 }));
    await refused(compress(await photo(), { quality: 80, format: 'auto', formats: ['jpeg'], mode: 'lossless' }));
  });

  it('lets Auto choose among lossless candidates only', async () => {
    const graphic = readCorpus('png/squoosh-logo-palette.png');
    const result = await compress(graphic, { quality: 80, format: 'auto', mode: 'lossless' });
    expect(result.chosenQuality).toBeNull();
    expect((await rgba(result.data)).equals(await rgba(graphic))).toBe(true);
    const decision = result.decision!;
    expect(decision.candidates.map((c) => c.format)).not.toContain('jpeg');
    expect(decision.skipped.map((s) => s.format)).toEqual(expect.arrayContaining(['jpeg', 'avif']));
    const smallest = Math.min(...decision.candidates.map((c) => c.bytes));
    expect(result.data.length).toBe(smallest);
  });

  it('lets Auto keep a JPEG upload, the smallest lossless candidate', async () => {
    const input = readCorpus('photos/lepton-androidprogressive.jpg');
    const result = await compress(input, { quality: 80, format: 'auto', mode: 'lossless' });
    expect([result.keptOriginal, result.output.format]).toEqual([true, 'jpeg']);
    expect(result.decision!.candidates.find((c) => c.original)).toBeDefined();
    expect((await rgba(result.data)).equals(await rgba(input))).toBe(true);
  });
});
