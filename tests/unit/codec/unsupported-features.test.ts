// Valid files using a feature we cannot keep are named for it, at upload (from their first bytes) and in the codec,
// never called damaged: a JPEG XL with premultiplied alpha and an animated AVIF with alpha made from real files here
// (tests/fixtures/real/SOURCES.md), and a HEIF image sequence built from its boxes (no encoder here writes one).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CodecError } from '#server/codec/index';
import { jxlFeatures } from '#server/codec/input/jxl-features';
import { ANIMATED_AVIF_INPUT_MESSAGE, HEIF_SEQUENCE_MESSAGE, JXL_PREMULTIPLIED_MESSAGE, unsupportedFeature } from '#server/codec/input/unsupported-features';
import { heifSequenceOnly } from '../../support/heic';
import { cjxlFrom } from '../../support/jxl';
import { corpusPath } from '../../support/paths';
import { readRealFile } from '../../support/real-files';
import { compress } from './unhurried';

/** What the upload's intake sees of a file: its first kilobyte. */
const head = (file: Buffer) => file.subarray(0, 1024);

const CASES = [
  ['jxl-premultiplied-alpha.jxl', () => readRealFile('jxl-premultiplied-alpha.jxl'), JXL_PREMULTIPLIED_MESSAGE],
  ['avif-animated-alpha.avif', () => readRealFile('avif-animated-alpha.avif'), ANIMATED_AVIF_INPUT_MESSAGE],
  ['a HEIF image sequence with no still', heifSequenceOnly, HEIF_SEQUENCE_MESSAGE],
] as const;

describe('unsupported features', () => {
  it.each(CASES)('%s is named from its first kilobyte', (_, file, message) => {
    expect(unsupportedFeature(head(file()))).toBe(message);
  });

  it.each(CASES)('%s is refused by the codec with the feature named, not as damaged', async (_, file, message) => {
    const error = await compress(file(), { quality: 80, format: 'webp' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodecError);
    expect(error).toMatchObject({ kind: 'unsupported-feature', message });
  });

  it('names nothing in still files of the same formats', async () => {
    const still = [
      cjxlFrom(corpusPath('photos', 'kodim23.png')),
      await sharp(corpusPath('photos', 'kodim23.png')).avif().toBuffer(),
      readRealFile('jxl-animated-apng.jxl'),
      readRealFile('jxl-10bit-alpha.jxl'),
    ];
    for (const file of still) expect(unsupportedFeature(head(file))).toBeNull();
  });

  it('reads a JPEG XL header: animation, premultiplied alpha and sample depth, as libjxl\'s jxlinfo reports them', () => {
    expect(jxlFeatures(readRealFile('jxl-premultiplied-alpha.jxl'))).toEqual({ animated: false, premultipliedAlpha: true, bitsPerSample: 8, floatSamples: false });
    expect(jxlFeatures(readRealFile('jxl-animated-apng.jxl'))).toEqual({ animated: true, premultipliedAlpha: false, bitsPerSample: 8, floatSamples: false });
    expect(jxlFeatures(readRealFile('jxl-10bit-alpha.jxl'))).toEqual({ animated: false, premultipliedAlpha: false, bitsPerSample: 10, floatSamples: false });
    expect(jxlFeatures(cjxlFrom(corpusPath('photos', 'kodim23.png')))).toMatchObject({ animated: false, premultipliedAlpha: false });
    expect(jxlFeatures(Buffer.from([0xff, 0x0a]))).toBeNull();
  });
});
