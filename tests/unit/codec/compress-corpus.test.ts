// Every valid corpus image through compress(): decodable, same format, never larger, upright,
// 8-bit sRGB or grey, and free of private metadata.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type CompressResult } from '#server/codec/index';
import { HANG_GUARD_MS, compress } from './unhurried';
import { COMPRESSION_PRESETS } from '#contract/presets';
import { minimalExif } from '#codec-core/index';
import { corpusFiles, readCorpus } from './corpus';

const web = COMPRESSION_PRESETS.find((p) => p.id === 'web')!;
const high = COMPRESSION_PRESETS.find((p) => p.id === 'high')!;

/** Stored as 1200×1800 with an EXIF orientation that turns them a quarter. */
const ROTATED = new Set(['photos/exif-orient6-landscape.jpg', 'photos/exif-orient8-landscape.jpg']);
const CMYK_OR_16_BIT = new Set([
  'photos/sharp-cmyk-with-icc.jpg',
  'photos/jxl-flower-small-cmyk.jpg',
  'photos/turbo-monkey16-16bit.png',
  'png/jxl-hdr-room-16bit.png',
]);

async function checkResult(file: string, input: Buffer, result: CompressResult): Promise<void> {
  const inMeta = await sharp(input).metadata();
  const format = file.endsWith('.png') ? 'png' : 'jpeg';

  // Decodes fully, in the input's format, with facts that match the bytes.
  const out = await sharp(result.data).metadata();
  const decoded = await sharp(result.data, { autoOrient: true }).raw().toBuffer({ resolveWithObject: true });
  expect(out.format).toBe(format);
  expect(result.output.format).toBe(format);
  expect(result.input).toEqual({ format, bytes: input.length, width: inMeta.autoOrient.width, height: inMeta.autoOrient.height });
  expect(result.output.bytes).toBe(result.data.length);

  // Never larger.
  expect(result.data.length).toBeLessThanOrEqual(input.length);
  if (!result.keptOriginal) expect(result.data.length).toBeLessThan(input.length);

  // Same picture size as displayed.
  expect([decoded.info.width, decoded.info.height]).toEqual([result.input.width, result.input.height]);
  expect([result.output.width, result.output.height]).toEqual([result.input.width, result.input.height]);
  if (ROTATED.has(file)) {
    expect([inMeta.width, inMeta.height]).toEqual([1200, 1800]);
    expect([decoded.info.width, decoded.info.height]).toEqual([1800, 1200]);
  }

  // No private metadata. A kept original may hold on to what changes its look: its ICC profile
  // and, as a one-tag EXIF block, its orientation.
  expect(out.xmp).toBeUndefined();
  expect(out.iptc).toBeUndefined();
  expect(out.comments).toBeUndefined();
  if (out.exif) {
    expect(result.keptOriginal).toBe(true);
    expect(out.exif.equals(Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), minimalExif(out.orientation ?? 0)]))).toBe(true);
    expect(inMeta.orientation).toBe(out.orientation);
  } else {
    expect(out.orientation ?? 1).toBe(1);
  }
  if (out.icc) {
    expect(result.keptOriginal).toBe(true);
    expect(inMeta.icc?.equals(out.icc)).toBe(true);
  }

  // 8-bit sRGB or grey; alpha kept where the input uses it.
  if (!result.keptOriginal) {
    expect(out.depth).toBe('uchar');
    expect(['srgb', 'b-w']).toContain(out.space);
    if (out.space === 'srgb') expect([3, 4]).toContain(out.channels);
  }
  if (CMYK_OR_16_BIT.has(file)) {
    expect(result.keptOriginal).toBe(false);
    expect(out.space).toBe('srgb');
    expect(out.channels).toBe(3);
    expect(out.depth).toBe('uchar');
  }
  if (inMeta.hasAlpha && !(await sharp(input).stats()).isOpaque) {
    expect(out.hasAlpha).toBe(true);
    expect((await sharp(result.data).stats()).isOpaque).toBe(false);
  }
}

function corpusSuite(folder: string, quality: number, filter: (f: string) => boolean = () => true) {
  describe.concurrent(`${folder} at quality ${quality}`, { timeout: HANG_GUARD_MS }, () => {
    it.each(corpusFiles(folder).filter(filter))('%s', async (file) => {
      const input = readCorpus(file);
      const result = await compress(input, { quality });
      await checkResult(file, input, result);
    });
  });
}

corpusSuite('photos', web.quality);
corpusSuite('png', web.quality);
corpusSuite('png/pngsuite', web.quality);
// At 90, re-encoding several camera JPEGs (EXIF, orientation) is larger than the upload: the
// kept-original path has to stay upright and private.
corpusSuite('photos', high.quality, (f) => f.endsWith('.jpg'));
