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
    // Pixel-lossless JPEG XL of a photo is larger than its JPEG: asked for without the format required, the upload is
    // handed back with a note (0585); required (Tinify's convert), the JPEG XL is made.
    const handedBack = await compress(upload, { quality: 80, format: 'jxl', mode: 'lossless' });
    expect(handedBack.data.equals(upload) || handedBack.output.format === 'jxl').toBe(true);
    const result = await compress(upload, { quality: 80, format: 'jxl', mode: 'lossless', formatRequired: true });
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

  it('never larger with metadata to remove: a container carrying EXIF is kept without its EXIF box, or whole under keep-all', async () => {
    const codestream = cjxlFrom(KODIM, 30);
    expect(codestream.subarray(0, 2).toString('hex')).toBe('ff0a');
    const exif = (await sharp({ create: { width: 1, height: 1, channels: 3, background: 'white' } }).withExif({ IFD0: { Artist: 'someone private' } }).jpeg().toBuffer({ resolveWithObject: false }));
    const tiff = exif.subarray(exif.indexOf('Exif\0\0') + 6, exif.indexOf('Exif\0\0') + 200);
    const withExif = jxlContainer(codestream, [{ type: 'Exif', payload: Buffer.concat([Buffer.alloc(4), tiff]) }]);
    // The plain container (no metadata box) is still kept: only metadata stands in the way.
    expect((await compress(jxlContainer(codestream), { quality: 95 })).keptOriginal).toBe(true);
    const stripped = await compress(withExif, { quality: 95 });
    expect(stripped.keptOriginal).toBe(true);
    expect(Buffer.from(stripped.data).equals(jxlContainer(codestream))).toBe(true);
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

  it('size mode searches JPEG XL: the highest quality within the target, alone and among Auto\'s candidates', async () => {
    const png = fs.readFileSync(KODIM);
    const alone = await compress(png, { quality: 80, format: 'jxl', mode: 'size', targetSize: 20_000 });
    expect(isJxlBytes(alone.data)).toBe(true);
    expect([alone.output.format, alone.targetMet]).toEqual(['jxl', true]);
    expect(alone.data.length).toBeLessThanOrEqual(20_000);
    expect(alone.chosenQuality!).toBeGreaterThan(1);
    const auto = await compress(png, { quality: 80, format: 'auto', mode: 'size', targetSize: 20_000, formats: ['jxl', 'jpeg'] });
    expect(auto.decision!.candidates.map((c) => c.format)).toContain('jxl');
    expect(auto.data.length).toBeLessThanOrEqual(20_000);
  });

  it('the bottom of the scale encodes: cjxl refuses qualities 1 to 4 (a distance over 25), so they are its largest distance', async () => {
    // Noise no quality brings under the target: size mode ends its search at quality 1, where it once failed as "damaged".
    let seed = 1;
    const samples = Buffer.alloc(384 * 384 * 3).map(() => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24);
    const noise = await sharp(samples, { raw: { width: 384, height: 384, channels: 3 } }).png().toBuffer();
    const searched = await compress(noise, { quality: 80, format: 'jxl', mode: 'size', targetSize: 1024 });
    expect(isJxlBytes(searched.data)).toBe(true);
    expect([searched.output.format, searched.targetMet]).toEqual(['jxl', false]);
    const lowest = await compress(noise, { format: 'jxl', quality: 1 });
    const five = await compress(noise, { format: 'jxl', quality: 5 });
    expect(isJxlBytes(lowest.data)).toBe(true);
    expect(lowest.data.length).toBeLessThanOrEqual(five.data.length);
    expect(await meanDifference(djxl(lowest.data, 'png'), noise)).toBeLessThan(128);
  });
});
