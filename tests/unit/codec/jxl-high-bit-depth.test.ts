// High bit depth and wide gamut JPEG XL: decoded to the right pixels, converted to the output's colour space, and
// never returned larger than it came in `original` (metadata boxes left out rather than re-encoding it larger).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { withPngProfile } from '../../support/icc-profiles';
import { jxlContainer } from '../../support/jxl';
import { corpusPath } from '../../support/paths';
import { readRealFile } from '../../support/real-files';
import { compress } from './unhurried';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jxl-depth-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** kodim23 as a 16-bit PPM (no colour information of its own), for cjxl to label with `colourSpace`. */
async function sixteenBitPpm(): Promise<string> {
  const { data, info } = await sharp(corpusPath('photos', 'kodim23.png')).toColourspace('rgb16').raw({ depth: 'ushort' }).toBuffer({ resolveWithObject: true });
  const body = Buffer.alloc(data.length);
  for (let i = 0; i < data.length; i += 2) body.writeUInt16BE(data.readUInt16LE(i), i);
  const file = path.join(dir, 'k16.ppm');
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`P6\n${info.width} ${info.height}\n65535\n`), body]));
  return file;
}

/** A 16-bit JPEG XL in the colour space named (libjxl's notation), lossy at `quality`. */
async function sixteenBitJxl(colourSpace: string, quality: number): Promise<Buffer> {
  const out = path.join(dir, `${colourSpace}-${quality}.jxl`);
  execFileSync('cjxl', [await sixteenBitPpm(), out, `--quality=${quality}`, `-x`, `color_space=${colourSpace}`, '--quiet'], { stdio: 'pipe' });
  return fs.readFileSync(out);
}

/**
 * The picture it holds, in 8-bit sRGB: kodim23's samples carry the colour space cjxl was told, so they are labelled
 * with the profile the reference decoder gives for it and converted to sRGB by libvips, as a browser would show them.
 */
async function expectedSrgb(jxl: Buffer): Promise<Buffer> {
  const from = path.join(dir, 'ref.jxl');
  const icc = path.join(dir, 'ref.icc');
  fs.writeFileSync(from, jxl);
  execFileSync('djxl', [from, path.join(dir, 'ref.png'), `--icc_out=${icc}`, '--num_threads=1', '--quiet'], { stdio: 'pipe' });
  const labelled = withPngProfile(fs.readFileSync(corpusPath('photos', 'kodim23.png')), fs.readFileSync(icc));
  return sharp(labelled).toColourspace('srgb').removeAlpha().raw().toBuffer();
}

async function meanDifference(result: Buffer, reference: Buffer): Promise<number> {
  const pixels = await sharp(result).toColourspace('srgb').removeAlpha().raw().toBuffer();
  expect(pixels.length).toBe(reference.length);
  let sum = 0;
  for (let i = 0; i < pixels.length; i++) sum += Math.abs(pixels[i]! - reference[i]!);
  return sum / pixels.length;
}

describe('high bit depth JPEG XL', () => {
  it.each([
    ['sRGB', 'RGB_D65_SRG_Rel_SRG'],
    ['Display P3', 'RGB_D65_DCI_Rel_SRG'],
  ])('a 16-bit %s JPEG XL converts to a JPEG of the picture it holds, in sRGB', async (_, colourSpace) => {
    const jxl = await sixteenBitJxl(colourSpace, 90);
    const result = await compress(jxl, { quality: 90, format: 'jpeg' });
    expect(result.output).toMatchObject({ format: 'jpeg', width: 768, height: 512 });
    expect(await meanDifference(result.data, await expectedSrgb(jxl))).toBeLessThan(3);
    // A photo at quality 90 is far from 1 byte a pixel; noise from a misread decode is not.
    expect(result.data.length).toBeLessThan(768 * 512 * 0.5);
  });

  it('a 16-bit Display P3 JPEG XL with EXIF is never returned larger in original format, and loses its EXIF', async () => {
    const codestream = await sixteenBitJxl('RGB_D65_DCI_Rel_SRG', 50);
    const exif = Buffer.concat([Buffer.alloc(4), Buffer.from('MM\0*\0\0\0\x08\0\0', 'latin1'), Buffer.from('GPS here', 'latin1')]);
    const upload = jxlContainer(codestream, [{ type: 'Exif', payload: exif }]);
    const result = await compress(upload, { quality: 95, format: 'original' });
    expect(result.output.format).toBe('jxl');
    expect(result.data.length).toBeLessThanOrEqual(upload.length);
    expect(Buffer.from(result.data).includes(Buffer.from('GPS here'))).toBe(false);
  });

  it('a 10-bit JPEG XL with 10-bit alpha is read as the reference decoder reads it, transparent, not called damaged', async () => {
    // Made with libjxl's encoder from png-rgba.png (tests/fixtures/real/SOURCES.md): 128×128, colour and alpha of 10 bits.
    const upload = readRealFile('jxl-10bit-alpha.jxl');
    const from = path.join(dir, 'ten.jxl');
    fs.writeFileSync(from, upload);
    execFileSync('djxl', [from, path.join(dir, 'ten.png'), '--num_threads=1', '--quiet'], { stdio: 'pipe' });
    const reference = await sharp(path.join(dir, 'ten.png')).toColourspace('srgb').raw().toBuffer();
    const rgba = async (data: Buffer) => {
      const { data: pixels, info } = await sharp(data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, pixels.length]).toEqual([128, 128, reference.length]);
      return pixels;
    };
    const worst = (pixels: Buffer, channels: number[]) => {
      let most = 0;
      for (let i = 0; i < pixels.length; i += 4) for (const c of channels) most = Math.max(most, Math.abs(pixels[i + c]! - reference[i + c]!));
      return most;
    };

    // Lossless PNG: every sample as the reference decoder gives it, rounded to 8 bits.
    const png = await compress(upload, { quality: 100, format: 'png', mode: 'lossless' });
    expect((await sharp(png.data).metadata()).hasAlpha).toBe(true);
    expect(worst(await rgba(png.data), [0, 1, 2, 3])).toBeLessThanOrEqual(1);

    // WebP: its alpha plane as the reference decoder reads it, and more than a level or two of it.
    const webp = await compress(upload, { quality: 80, format: 'webp' });
    const pixels = await rgba(webp.data);
    expect(worst(pixels, [3])).toBeLessThanOrEqual(1);
    const alphas = new Set<number>();
    for (let i = 3; i < pixels.length; i += 4) alphas.add(pixels[i]!);
    expect(alphas.size).toBeGreaterThan(10);
  });
});
