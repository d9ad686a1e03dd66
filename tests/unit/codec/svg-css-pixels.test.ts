// An SVG is drawn at the size a browser shows it (docs/decisions/0590-svg-rasters-at-css-pixels.md): 96 CSS pixels
// to the inch for the canvas and for every mm, pt or in inside the drawing, a fractional size rounded up without
// stretching the drawing, an embedded PNG drawn where and as large as it is placed; the pixel limit counts those
// pixels, and an SVG kept as SVG reports that size. libvips's own default (72 dpi) made all of these 3/4 as large.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CodecError } from '#server/codec/index';
import { compress } from './unhurried';

const SVG_OPEN = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';

/** A 4×4 opaque green PNG, as an Inkscape drawing embeds one. */
const GREEN_PNG = () => sharp({ create: { width: 4, height: 4, channels: 4, background: { r: 0, g: 200, b: 0, alpha: 1 } } }).png().toBuffer();

/** 50 mm × 20 mm, no viewBox (user units are CSS pixels): a 100×40 red rectangle, a 10 mm blue square, a 12 mm embedded PNG. */
async function millimetreSvg(): Promise<Buffer> {
  const png = (await GREEN_PNG()).toString('base64');
  return Buffer.from(
    `<svg ${SVG_OPEN} width="50mm" height="20mm"><rect width="100" height="40" fill="#f00"/><rect width="10mm" height="10mm" fill="#00f"/>` +
      `<image x="120" y="0" width="12mm" height="12mm" preserveAspectRatio="none" xlink:href="data:image/png;base64,${png}"/></svg>`,
  );
}

/** The RGBA of a pixel of a decoded image. */
async function rgba(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [...data.subarray(at, at + 4)];
}

describe('SVG drawn at CSS pixels', () => {
  it('an SVG sized in mm comes out at the size a browser shows (96 dpi), and so does every mm inside it', async () => {
    const result = await compress(await millimetreSvg(), { quality: 80, format: 'png', mode: 'lossless' });
    // 188.98 × 75.59 CSS pixels, rounded up; libvips's 72 dpi gave 142 × 57.
    expect(result.output).toMatchObject({ format: 'png', width: 189, height: 76 });
    expect(await sharp(result.data).metadata()).toMatchObject({ width: 189, height: 76 });
    // User units stay CSS pixels: the 100×40 rectangle ends at x = 100.
    expect(await rgba(result.data, 98, 39)).toEqual([255, 0, 0, 255]);
    expect((await rgba(result.data, 101, 20))[3]).toBe(0);
    // 10 mm is 37.8 pixels, as in a browser (at 72 dpi it was 28.3: the pixel at 33 was red).
    expect(await rgba(result.data, 36, 36)).toEqual([0, 0, 255, 255]);
    expect(await rgba(result.data, 39, 20)).toEqual([255, 0, 0, 255]);
  });

  it('an embedded PNG is drawn in the raster, where and as large as the drawing places it', async () => {
    const result = await compress(await millimetreSvg(), { quality: 80, format: 'png', mode: 'lossless' });
    // 12 mm from x = 120: 45.4 pixels wide, so it covers x = 120 to 165 and y = 0 to 45.
    expect(await rgba(result.data, 122, 2)).toEqual([0, 200, 0, 255]);
    expect(await rgba(result.data, 164, 44)).toEqual([0, 200, 0, 255]);
    expect((await rgba(result.data, 167, 20))[3]).toBe(0);
    expect((await rgba(result.data, 140, 47))[3]).toBe(0);
  });

  it('a fractional size is rounded up, as rsvg-convert does, without stretching the drawing into the last pixel', async () => {
    const svg = Buffer.from(`<svg ${SVG_OPEN} width="10.2" height="5.4" viewBox="0 0 102 54"><rect width="102" height="54" fill="#f00"/></svg>`);
    const result = await compress(svg, { quality: 80, format: 'png', mode: 'lossless' });
    expect(result.output).toMatchObject({ width: 11, height: 6 });
    expect(await rgba(result.data, 9, 2)).toEqual([255, 0, 0, 255]);
    // The eleventh column is a fifth covered (alpha about 51), not filled.
    const [, , , alpha] = await rgba(result.data, 10, 2);
    expect(alpha).toBeGreaterThan(30);
    expect(alpha).toBeLessThan(80);
  });

  it('x and y on the root move nothing, as on any root (Illustrator writes them)', async () => {
    const svg = Buffer.from(`<svg ${SVG_OPEN} x="50px" y="30px" width="40" height="20"><rect width="40" height="20" fill="#f00"/></svg>`);
    const result = await compress(svg, { quality: 80, format: 'png', mode: 'lossless' });
    expect(result.output).toMatchObject({ width: 40, height: 20 });
    expect(await rgba(result.data, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(await rgba(result.data, 39, 19)).toEqual([255, 0, 0, 255]);
  });

  it('an SVG kept as SVG reports the size a browser shows it at', async () => {
    const result = await compress(await millimetreSvg(), { quality: 80, format: 'original' });
    expect(result.output).toMatchObject({ format: 'svg', width: 189, height: 76 });
  });

  it('the pixel limit counts the pixels it is drawn at', async () => {
    // 10 × 10 inches: 960 × 960 pixels (921,600); at 72 dpi it was 720 × 720 (518,400), under this limit.
    const svg = Buffer.from(`<svg ${SVG_OPEN} width="10in" height="10in"><rect width="10" height="10"/></svg>`);
    const refusal = compress(svg, { quality: 80, format: 'png', maxPixels: 600_000 });
    await expect(refusal).rejects.toBeInstanceOf(CodecError);
    await expect(refusal).rejects.toThrow('The image is 960×960 pixels');
  });
});
