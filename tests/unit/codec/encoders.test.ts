import { describe, expect, it } from 'vitest';
import { ENCODERS } from '#server/codec/index';
import { planAutoCandidates } from '#codec-core/candidates';
import { calibrated } from '#codec-core/formats/descriptor';
import { codecTimeLimit, workingBytesPerPixel } from '#server/codec/time-limit';
import { AUTO_EXTRA_BYTES_PER_PIXEL, ENCODER_COSTS } from '#server/codec/costs';
import { AUTO_DEFAULT_FORMATS, FORMAT_MIME_TYPES, IMAGE_FORMATS, outputFilename, parseColour } from '#contract/settings';

describe('encoder descriptors', () => {
  it.each(IMAGE_FORMATS)('%s: its MIME type and extension, and valid options at every quality', (format) => {
    const encoder = ENCODERS[format];
    expect(encoder.format).toBe(format);
    expect(encoder.mimeType).toBe(FORMAT_MIME_TYPES[format]);
    expect(encoder.extension).toMatch(/^[a-z]+$/);
    for (let q = 1; q <= 100; q++) expect(() => encoder.optionsSchema.parse(encoder.options(q))).not.toThrow();
  });

  it.each(['webp', 'avif'] as const)('%s: the calibrated quality never falls as our quality rises', (format) => {
    let last = 0;
    for (let q = 1; q <= 100; q++) {
      const theirs = (ENCODERS[format].options(q) as { quality: number }).quality;
      expect(theirs).toBeGreaterThanOrEqual(last);
      last = theirs;
    }
  });

  it('interpolates between measured points and keeps the ends of the scale', () => {
    const map = calibrated([[80, 61]]);
    expect(map(80)).toBe(61);
    expect(map(1)).toBe(1);
    expect(map(100)).toBe(100);
    expect(map(90)).toBe(Math.round(61 + (100 - 61) / 2));
  });

  it('gives slower encoders more time, and Auto the sum over its candidates', () => {
    expect(codecTimeLimit(30, 'original', 'jpeg')).toBe(30);
    expect(codecTimeLimit(30, 'avif', 'jpeg')).toBeGreaterThan(codecTimeLimit(30, 'webp', 'jpeg'));
    expect(codecTimeLimit(30, 'auto', 'png', ['jpeg', 'png'])).toBe(60);
    expect(codecTimeLimit(30, 'auto', 'png')).toBe(AUTO_DEFAULT_FORMATS.reduce((s, f) => s + 30 * ENCODER_COSTS[f].timeFactor, 0));
  });

  it('reserves memory for the hungriest encode a job runs: the output format, or the worst of Auto\'s candidates', () => {
    expect(workingBytesPerPixel('original', 'jpeg')).toBe(ENCODER_COSTS.jpeg.workingBytesPerPixel);
    expect(workingBytesPerPixel('webp', 'png')).toBe(ENCODER_COSTS.webp.workingBytesPerPixel);
    expect(workingBytesPerPixel('auto', 'jpeg', ['jpeg', 'webp'])).toBe(
      Math.max(ENCODER_COSTS.jpeg.workingBytesPerPixel, ENCODER_COSTS.webp.workingBytesPerPixel) + AUTO_EXTRA_BYTES_PER_PIXEL,
    );
    expect(workingBytesPerPixel('auto', 'jpeg')).toBeGreaterThanOrEqual(ENCODER_COSTS.avif.workingBytesPerPixel);
  });
});

describe('Auto candidates', () => {
  const all = AUTO_DEFAULT_FORMATS;
  it('drops JPEG for a transparent image while another format keeps the transparency', () => {
    const plan = planAutoCandidates(all, { transparent: true, photographic: false }, ENCODERS);
    expect(plan.formats).toEqual(['png', 'webp', 'avif']);
    expect(plan.skipped.map((s) => s.format)).toEqual(['jpeg']);
  });
  it('drops PNG for a photograph, unless nothing else is allowed', () => {
    expect(planAutoCandidates(all, { transparent: false, photographic: true }, ENCODERS).formats).toEqual(['jpeg', 'webp', 'avif']);
    expect(planAutoCandidates(['png'], { transparent: false, photographic: true }, ENCODERS).formats).toEqual(['png']);
  });
  it('keeps JPEG when it is the only format the viewer can show (it is then flattened)', () => {
    expect(planAutoCandidates(['jpeg'], { transparent: true, photographic: true }, ENCODERS).formats).toEqual(['jpeg']);
  });
  it('only ever plans formats from the allowed list', () => {
    const plan = planAutoCandidates(['jpeg', 'png'], { transparent: false, photographic: false }, ENCODERS);
    expect(plan.formats).toEqual(['jpeg', 'png']);
  });
});

describe('settings helpers', () => {
  it.each([
    ['#fff', '#ffffff'],
    ['#3366CC', '#3366cc'],
    [' White ', '#ffffff'],
    ['grey', '#808080'],
    ['#12345', null],
    ['rgb(0,0,0)', null],
    ['', null],
  ])('parseColour(%j) is %j', (input, expected) => {
    expect(parseColour(input)).toBe(expected);
  });

  it.each([
    ['photo.jpg', 'image/jpeg', 'image/avif', 'photo.avif'],
    ['photo.JPEG', 'image/jpeg', 'image/webp', 'photo.webp'],
    ['logo.png', 'image/png', 'image/jpeg', 'logo.jpg'],
    ['photo.jpeg', 'image/jpeg', 'image/jpeg', 'photo.jpeg'],
    ['scan', 'image/png', 'image/webp', 'scan.webp'],
    ['archive.v2', 'image/png', 'image/avif', 'archive.v2.avif'],
    ['.png', 'image/png', 'image/avif', 'image.avif'],
  ])('outputFilename(%j, %s -> %s) is %j', (name, from, to, expected) => {
    expect(outputFilename(name, from, to)).toBe(expected);
  });
});
