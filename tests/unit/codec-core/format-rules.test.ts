// The per-format rules of the codec core, without an engine: the calibrated quality mappings, each encoder's
// settings, JPEG's chroma choice and PNG's palette floor and rungs. What they promise is that one point of our scale
// means the same visual quality in every format, so these tests hold the mapping's shape and its measured points.
import { describe, expect, it } from 'vitest';
import { FORMATS, avifLosslessOptions, avifOptions, chooseChromaSubsampling, jpegOptions, paletteOptions, webpLosslessOptions, webpOptions } from '#codec-core/index';
import { calibrated } from '#codec-core/formats/descriptor';
import { AVIF_QUALITY } from '#codec-core/formats/avif';
import { FULL_CHROMA_MIN_SHARE } from '#codec-core/formats/jpeg';
import { JXL_QUALITY, jxlLosslessOptions, jxlOptions } from '#codec-core/formats/jxl';
import { paletteFloor, paletteRungs } from '#codec-core/formats/png';
import { WEBP_QUALITY } from '#codec-core/formats/webp';
import { FORMAT_EXTENSIONS, FORMAT_MIME_TYPES, IMAGE_FORMATS } from '#contract/settings';

describe('calibrated quality mappings', () => {
  const map = calibrated([
    [50, 40],
    [80, 70],
  ]);

  it('passes through the measured points and the ends of the scale', () => {
    expect([map(1), map(50), map(80), map(100)]).toEqual([1, 40, 70, 100]);
  });

  it('interpolates linearly between points, rounded, and clamps outside 1-100', () => {
    expect(map(65)).toBe(55);
    expect(map(90)).toBe(85);
    expect(map(25)).toBe(Math.round(1 + (24 * 39) / 49));
    expect([map(0), map(-5), map(101), map(1000)]).toEqual([1, 1, 100, 100]);
  });

  it('every format’s mapping rises with our scale and keeps its measured points', () => {
    for (const mapping of [WEBP_QUALITY, AVIF_QUALITY, JXL_QUALITY]) {
      for (let q = 2; q <= 100; q++) expect(mapping(q)).toBeGreaterThanOrEqual(mapping(q - 1));
      expect([mapping(1), mapping(100)]).toEqual([1, 100]);
    }
    expect([WEBP_QUALITY(70), WEBP_QUALITY(80), WEBP_QUALITY(90)]).toEqual([72, 80, 92]);
    expect([AVIF_QUALITY(70), AVIF_QUALITY(80), AVIF_QUALITY(90)]).toEqual([52, 61, 77]);
    expect([JXL_QUALITY(70), JXL_QUALITY(80), JXL_QUALITY(90)]).toEqual([67, 77, 87]);
  });
});

describe('encoder settings', () => {
  it('JPEG is mozjpeg at our quality, 4:2:0 unless told', () => {
    expect(jpegOptions(72)).toEqual({ quality: 72, mozjpeg: true, chromaSubsampling: '4:2:0' });
    expect(jpegOptions(72, '4:4:4').chromaSubsampling).toBe('4:4:4');
    expect(FORMATS.jpeg.options(64)).toEqual(jpegOptions(64));
  });

  it('JPEG keeps full chroma from the measured share of colour-edged blocks up', () => {
    expect(chooseChromaSubsampling({ share: FULL_CHROMA_MIN_SHARE })).toBe('4:4:4');
    expect(chooseChromaSubsampling({ share: FULL_CHROMA_MIN_SHARE - 0.0001 })).toBe('4:2:0');
    expect(chooseChromaSubsampling({ share: 0 })).toBe('4:2:0');
    expect(chooseChromaSubsampling({ share: 0.5 })).toBe('4:4:4');
  });

  it('WebP, AVIF and JPEG XL map our quality through their calibration; lossless modes carry no quality', () => {
    expect(webpOptions(80)).toEqual({ quality: 80, effort: 4, alphaQuality: 100 });
    expect(webpLosslessOptions()).toEqual({ lossless: true, exact: true, effort: 4 });
    expect(avifOptions(80)).toEqual({ quality: 61, effort: 3, chromaSubsampling: '4:4:4', bitdepth: 8 });
    expect(avifLosslessOptions()).toEqual({ lossless: true, effort: 3, bitdepth: 8 });
    expect(jxlOptions(80)).toEqual({ quality: 77, effort: 7 });
    expect(jxlLosslessOptions()).toEqual({ lossless: true, effort: 7 });
    expect(FORMATS.webp.options(90)).toEqual(webpOptions(90));
    expect(FORMATS.avif.options(90)).toEqual(avifOptions(90));
    expect(FORMATS.jxl.options(90)).toEqual(jxlOptions(90));
  });

  it('PNG quantises at our quality with full dithering and leaves deflating to the optimiser', () => {
    expect(paletteOptions(70)).toEqual({ palette: true, quality: 70, effort: 7, dither: 1, compressionLevel: 0 });
    expect(FORMATS.png.options(55)).toEqual(paletteOptions(55));
  });

  it('every format’s descriptor names its type, extension and what it can carry', () => {
    for (const format of IMAGE_FORMATS) {
      expect(FORMATS[format]).toMatchObject({ format, mimeType: FORMAT_MIME_TYPES[format], extension: FORMAT_EXTENSIONS[format] });
    }
    expect(IMAGE_FORMATS.filter((f) => FORMATS[f].supportsAlpha)).toEqual(['png', 'webp', 'avif', 'jxl']);
    expect(IMAGE_FORMATS.filter((f) => FORMATS[f].supportsLossless)).toEqual(['png', 'webp', 'avif', 'jxl']);
  });
});

describe('PNG palette floor and rungs', () => {
  it('the floor rises from quality 70 to 90 and is flat outside', () => {
    expect(paletteFloor(50)).toEqual({ mean: 0.95, worst: 0.8, flatShift: 2, flatNoise: 24 });
    expect(paletteFloor(70)).toEqual(paletteFloor(50));
    const middle = paletteFloor(80);
    expect([middle.mean, middle.worst, middle.flatShift, middle.flatNoise]).toEqual([expect.closeTo(0.955, 9), expect.closeTo(0.825, 9), 2, 18]);
    const top = paletteFloor(90);
    expect([top.mean, top.worst, top.flatShift, top.flatNoise]).toEqual([expect.closeTo(0.96, 9), expect.closeTo(0.85, 9), 2, 12]);
    expect(paletteFloor(100)).toEqual(paletteFloor(90));
    for (let q = 71; q <= 100; q++) {
      expect(paletteFloor(q).mean).toBeGreaterThanOrEqual(paletteFloor(q - 1).mean);
      expect(paletteFloor(q).worst).toBeGreaterThanOrEqual(paletteFloor(q - 1).worst);
      expect(paletteFloor(q).flatNoise).toBeLessThanOrEqual(paletteFloor(q - 1).flatNoise);
    }
  });

  it('climbs from the asked quality through every tenth to 100', () => {
    expect(paletteRungs(72)).toEqual([72, 80, 90, 100]);
    expect(paletteRungs(80)).toEqual([80, 90, 100]);
    expect(paletteRungs(95)).toEqual([95, 100]);
    expect(paletteRungs(100)).toEqual([100]);
    expect(paletteRungs(1)).toEqual([1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
  });
});
