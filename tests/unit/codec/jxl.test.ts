// JPEG XL output and input through the codec: lossy at the calibrated quality, pixel-identical in lossless mode, a
// JPEG recompressed so that libjxl's reference decoder rebuilds it bit for bit, JXL uploads read, and Auto offering
// JPEG XL only when the viewer lists it.
import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CodecError } from '#server/codec/index';
import { cjxlFrom, djxl, isJxlBytes, jxlContainer } from '../../support/jxl';
import { corpusPath } from '../../support/paths';
import { LIBJXL_TOOLS_MISSING } from '../../support/system-tools';
import { compress, HANG_GUARD_MS } from './unhurried';

const raw = async (image: Buffer) => (await sharp(image).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true }));

async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [pa, pb] = await Promise.all([raw(a), raw(b)]);
  expect([pa.info.width, pa.info.height]).toEqual([pb.info.width, pb.info.height]);
  let sum = 0;
  for (let i = 0; i < pa.data.length; i++) sum += Math.abs(pa.data[i]! - pb.data[i]!);
  return sum / pa.data.length;
}

const KODIM = corpusPath('photos', 'kodim23.png');
const JPEG = corpusPath('photos', 'turbo-testorig.jpg');

describe.skipIf(LIBJXL_TOOLS_MISSING)(`JPEG XL${LIBJXL_TOOLS_MISSING ? ` (skipped: ${LIBJXL_TOOLS_MISSING})` : ''}`, { timeout: HANG_GUARD_MS }, () => {
  it('format=jxl gives a JPEG XL of the same picture, smaller than our JPEG at the same setting', async () => {
    const png = fs.readFileSync(KODIM);
    const jxl = await compress(png, { quality: 80, format: 'jxl' });
    const jpeg = await compress(png, { quality: 80, format: 'jpeg' });
    expect(isJxlBytes(jxl.data)).toBe(true);
    expect(jxl.output).toMatchObject({ format: 'jxl', width: 768, height: 512 });
    expect(jxl.data.length).toBeLessThan(jpeg.data.length);
    expect(await meanDifference(djxl(jxl.data, 'png'), png)).toBeLessThan(3);
  });

  it('lossless mode recompresses a JPEG so that djxl rebuilds the upload bit for bit (metadata kept)', async () => {
    const upload = fs.readFileSync(JPEG);
    const result = await compress(upload, { quality: 80, format: 'jxl', mode: 'lossless', metadata: 'keep-all' });
    expect(isJxlBytes(result.data)).toBe(true);
    expect(result.data.length).toBeLessThan(upload.length);
    expect(djxl(result.data, 'jpg').equals(upload)).toBe(true);
  });

  it('lossless mode under strip: the rebuilt JPEG has the very same scans (same pixels), without the metadata', async () => {
    const upload = fs.readFileSync(corpusPath('photos', 'lepton-iphone.jpg'));
    const result = await compress(upload, { quality: 80, format: 'jxl', mode: 'lossless' });
    const rebuilt = djxl(result.data, 'jpg');
    const [a, b] = await Promise.all([sharp(rebuilt).raw().toBuffer(), sharp(upload).raw().toBuffer()]);
    expect(a.equals(b)).toBe(true);
    expect((await sharp(rebuilt).metadata()).exif?.length ?? 0).toBeLessThan((await sharp(upload).metadata()).exif!.length);
  });

  it('lossless mode on a JPEG libjxl cannot recompress (arithmetic coding) gives pixel-lossless JPEG XL instead', async () => {
    const upload = fs.readFileSync(corpusPath('photos', 'lepton-arithmetic.jpg'));
    const result = await compress(upload, { quality: 80, format: 'jxl', mode: 'lossless' });
    expect(isJxlBytes(result.data)).toBe(true);
    const [a, b] = await Promise.all([raw(djxl(result.data, 'png')), raw(upload)]);
    expect(a.data.equals(b.data)).toBe(true);
  });

  it('lossless mode from a PNG is pixel-identical', async () => {
    const png = await sharp(KODIM).extract({ left: 0, top: 0, width: 256, height: 256 }).png().toBuffer();
    const result = await compress(png, { quality: 80, format: 'jxl', mode: 'lossless' });
    const [a, b] = await Promise.all([raw(djxl(result.data, 'png')), raw(png)]);
    expect(a.data.equals(b.data)).toBe(true);
  });

  it('reads a JPEG XL upload: kept as JPEG XL in original format, or converted', async () => {
    const jxl = cjxlFrom(KODIM, 90);
    const same = await compress(jxl, { quality: 70 });
    expect(same.input).toEqual({ format: 'jxl', bytes: jxl.length, width: 768, height: 512 });
    expect(same.output.format).toBe('jxl');
    const asJpeg = await compress(jxl, { quality: 90, format: 'jpeg' });
    expect((await sharp(asJpeg.data).metadata()).format).toBe('jpeg');
    expect(await meanDifference(asJpeg.data, fs.readFileSync(KODIM))).toBeLessThan(4);
  });

  it('never larger: a JPEG XL upload no re-encoding beats is kept byte for byte, and a larger one is re-encoded', async () => {
    const small = cjxlFrom(KODIM, 30);
    const kept = await compress(small, { quality: 90 });
    expect(kept.keptOriginal).toBe(true);
    expect(kept.output).toEqual({ format: 'jxl', bytes: small.length, width: 768, height: 512 });
    expect(Buffer.from(kept.data).equals(small)).toBe(true);
    const large = cjxlFrom(KODIM, 98);
    const redone = await compress(large, { quality: 60 });
    expect(redone.keptOriginal).toBe(false);
    expect(redone.data.length).toBeLessThan(large.length);
  });

  it('never larger with metadata to remove: a container carrying EXIF is re-encoded, unless everything is kept', async () => {
    const codestream = cjxlFrom(KODIM, 30);
    expect(codestream.subarray(0, 2).toString('hex')).toBe('ff0a');
    const exif = (await sharp({ create: { width: 1, height: 1, channels: 3, background: 'white' } }).withExif({ IFD0: { Artist: 'someone private' } }).jpeg().toBuffer({ resolveWithObject: false }));
    const tiff = exif.subarray(exif.indexOf('Exif\0\0') + 6, exif.indexOf('Exif\0\0') + 200);
    const withExif = jxlContainer(codestream, [{ type: 'Exif', payload: Buffer.concat([Buffer.alloc(4), tiff]) }]);
    // The plain container (no metadata box) is still kept: only metadata stands in the way.
    expect((await compress(jxlContainer(codestream), { quality: 95 })).keptOriginal).toBe(true);
    const stripped = await compress(withExif, { quality: 95 });
    expect(stripped.keptOriginal).toBe(false);
    expect(Buffer.from(stripped.data).includes(Buffer.from('someone private'))).toBe(false);
    const keptAll = await compress(withExif, { quality: 95, metadata: 'keep-all' });
    expect(keptAll.keptOriginal).toBe(true);
    expect(Buffer.from(keptAll.data).equals(withExif)).toBe(true);
  });

  it('refuses a damaged JPEG XL as damaged', async () => {
    const jxl = cjxlFrom(KODIM, 90);
    const error = await compress(jxl.subarray(0, Math.floor(jxl.length / 3)), { quality: 80 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodecError);
    expect((error as CodecError).kind).toBe('corrupt');
  });

  it('Auto offers JPEG XL only when the viewer lists it', async () => {
    const png = fs.readFileSync(KODIM);
    const plain = await compress(png, { quality: 80, format: 'auto' });
    expect(plain.decision!.candidates.map((c) => c.format)).not.toContain('jxl');
    const listed = await compress(png, { quality: 80, format: 'auto', formats: ['jxl', 'avif', 'webp', 'jpeg', 'png'] });
    expect(listed.decision!.candidates.map((c) => c.format)).toContain('jxl');
  });
});
