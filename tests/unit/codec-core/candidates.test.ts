// Which formats Auto encodes for one image, and why the others are left out: pure rules over the image's traits
// (candidates.ts), each case the reason a user reads in the decision record.
import { describe, expect, it } from 'vitest';
import { anyTransparent, countsAsPhoto, FORMATS, PHOTO_COLOUR_COUNT, planAutoCandidates, planLosslessCandidates, type ImageFormat } from '#codec-core/index';
import { allowedFormats, newDecision, planCandidates } from '#codec-core/candidates';
import { MAX_AVIF_PIXELS, MAX_PNG_PIXELS } from '#contract/limits';
import { AUTO_DEFAULT_FORMATS } from '#contract/settings';
import { settingsWith } from './synthetic-engine';

const ALL: ImageFormat[] = ['jpeg', 'png', 'webp', 'avif', 'jxl'];
const PHOTO = { transparent: false, photographic: true };
const GRAPHIC = { transparent: false, photographic: false };
const CUTOUT = { transparent: true, photographic: true };

const image = (size: { width: number; height: number }, changes = {}, bounded: { width: number; height: number } | null = null) => ({
  input: new Uint8Array(1),
  format: 'png' as const,
  upright: size,
  hasAlpha: true,
  bounded,
  settings: settingsWith(changes),
});

describe('Auto’s lossy candidates', () => {
  it('a photograph: every allowed format but PNG, which is never the smallest for one', () => {
    expect(planAutoCandidates(ALL, PHOTO, FORMATS)).toEqual({
      formats: ['jpeg', 'webp', 'avif', 'jxl'],
      skipped: [{ format: 'png', reason: 'a photograph: PNG is never the smallest at the same quality' }],
    });
  });

  it('a graphic keeps PNG; duplicates are tried once', () => {
    expect(planAutoCandidates(['png', 'webp', 'png'], GRAPHIC, FORMATS)).toEqual({ formats: ['png', 'webp'], skipped: [] });
  });

  it('transparency leaves out JPEG when another format can keep it, and says so', () => {
    expect(planAutoCandidates(['jpeg', 'webp'], CUTOUT, FORMATS)).toEqual({ formats: ['webp'], skipped: [{ format: 'jpeg', reason: 'JPEG cannot carry transparency' }] });
    // With nothing else allowed, JPEG is still used (flattened onto the background).
    expect(planAutoCandidates(['jpeg'], CUTOUT, FORMATS)).toEqual({ formats: ['jpeg'], skipped: [] });
  });

  it('PNG alone is kept for a photograph when it is all that is allowed', () => {
    expect(planAutoCandidates(['png'], PHOTO, FORMATS)).toEqual({ formats: ['png'], skipped: [] });
    // A transparent photograph: JPEG out for transparency, PNG out as a photograph, WebP left.
    expect(planAutoCandidates(['jpeg', 'png', 'webp'], CUTOUT, FORMATS).formats).toEqual(['webp']);
  });
});

describe('Auto’s lossless candidates', () => {
  it('JPEG has no lossless encoding; AVIF is left out beside lossless WebP; PNG too for a photograph', () => {
    expect(planLosslessCandidates(ALL, PHOTO, FORMATS)).toEqual({
      formats: ['webp', 'jxl'],
      skipped: [
        { format: 'jpeg', reason: 'JPEG cannot be encoded losslessly' },
        { format: 'avif', reason: 'lossless AVIF is larger than lossless WebP' },
        { format: 'png', reason: 'a photograph: lossless WebP is smaller than PNG' },
      ],
    });
  });

  it('a graphic keeps PNG beside WebP; AVIF is kept when WebP is not allowed', () => {
    expect(planLosslessCandidates(['png', 'webp'], GRAPHIC, FORMATS)).toEqual({ formats: ['png', 'webp'], skipped: [] });
    expect(planLosslessCandidates(['png', 'avif'], PHOTO, FORMATS)).toEqual({ formats: ['png', 'avif'], skipped: [] });
    expect(planLosslessCandidates(['jpeg'], PHOTO, FORMATS)).toEqual({ formats: [], skipped: [{ format: 'jpeg', reason: 'JPEG cannot be encoded losslessly' }] });
  });
});

describe('the plan for one image', () => {
  it('follows the mode: lossless rules in lossless mode, lossy otherwise', () => {
    const small = { width: 100, height: 100 };
    expect(planCandidates(image(small, { mode: 'lossless' }), ALL, PHOTO, FORMATS).formats).toEqual(['webp', 'jxl']);
    expect(planCandidates(image(small, { mode: 'quality' }), ALL, PHOTO, FORMATS).formats).toEqual(['jpeg', 'webp', 'avif', 'jxl']);
  });

  it('leaves PNG out over its pixel limit, and AVIF over its own, unless nothing else is allowed', () => {
    const side = Math.ceil(Math.sqrt(Math.max(MAX_PNG_PIXELS, MAX_AVIF_PIXELS))) + 1;
    const huge = image({ width: side, height: side });
    const plan = planCandidates(huge, ['png', 'avif', 'webp'], GRAPHIC, FORMATS);
    expect(plan.formats).toEqual(['webp']);
    expect(plan.skipped).toEqual([
      { format: 'png', reason: `over the ${MAX_PNG_PIXELS / 1_000_000} megapixel limit for PNG` },
      { format: 'avif', reason: `over the ${MAX_AVIF_PIXELS / 1_000_000} megapixel limit for AVIF` },
    ]);
    expect(planCandidates(huge, ['png'], GRAPHIC, FORMATS).formats).toEqual(['png']);
    expect(planCandidates(huge, ['avif'], GRAPHIC, FORMATS).formats).toEqual(['avif']);
  });

  it('judges AVIF’s limit at the output’s size: a resize asked for brings it back', () => {
    const side = Math.ceil(Math.sqrt(MAX_AVIF_PIXELS)) + 1;
    const resized = image({ width: side, height: side }, {}, { width: 1000, height: 1000 });
    expect(planCandidates(resized, ['avif', 'webp'], PHOTO, FORMATS).formats).toEqual(['avif', 'webp']);
    expect(planCandidates({ ...resized, bounded: null }, ['avif', 'webp'], PHOTO, FORMATS).formats).toEqual(['webp']);
  });

  it('the formats Auto may use: the viewer’s list, else every format most browsers show', () => {
    expect(allowedFormats(image({ width: 1, height: 1 }, { formats: ['webp'] }))).toEqual(['webp']);
    expect(allowedFormats(image({ width: 1, height: 1 }, { formats: [] }))).toEqual(AUTO_DEFAULT_FORMATS);
    expect(allowedFormats(image({ width: 1, height: 1 }))).toEqual(AUTO_DEFAULT_FORMATS);
  });

  it('a fresh decision names the upload’s format and starts from what the plan skipped', () => {
    const plan = { formats: ['webp' as const], skipped: [{ format: 'png' as const, reason: 'why' }] };
    const decision = newDecision(image({ width: 1, height: 1 }), plan);
    expect(decision).toEqual({ winner: 'png', keptOriginal: false, candidates: [], skipped: [{ format: 'png', reason: 'why' }] });
    decision.skipped.push({ format: 'jpeg', reason: 'later' });
    expect(plan.skipped).toHaveLength(1);
  });
});

describe('traits', () => {
  it('any pixel not fully opaque is transparency, in grey-alpha and RGBA; no alpha channel, none', () => {
    expect(anyTransparent(Uint8Array.from([10, 255, 20, 255]), 2)).toBe(false);
    expect(anyTransparent(Uint8Array.from([10, 255, 20, 254]), 2)).toBe(true);
    expect(anyTransparent(Uint8Array.from([1, 2, 3, 255, 4, 5, 6, 0]), 4)).toBe(true);
    expect(anyTransparent(Uint8Array.from([1, 2, 3, 255, 4, 5, 6, 255]), 4)).toBe(false);
    expect(anyTransparent(Uint8Array.from([0, 0, 0]), 3)).toBe(false);
    expect(anyTransparent(Uint8Array.from([0]), 1)).toBe(false);
  });

  it('a photograph has more distinct colours than the count; a graphic does not', () => {
    const colours = (n: number) => Uint8Array.from({ length: n * 3 }, (_, i) => (Math.floor(i / 3) >> ((i % 3) * 8)) & 0xff);
    expect(countsAsPhoto(colours(PHOTO_COLOUR_COUNT), 3)).toBe(false);
    expect(countsAsPhoto(colours(PHOTO_COLOUR_COUNT + 1), 3)).toBe(true);
  });
});
