// Which candidates Auto tries, and when the upload itself may be the result (the codec core's pipeline, run by the
// sharp engine), on small synthetic images: the decisions, not the encoders, are under test here.
import type { Metadata } from 'sharp';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormatDecision } from '#contract/api';
import { MAX_PNG_PIXELS } from '#contract/limits';
import { candidatesOf, uploadCandidate as coreUploadCandidate } from '#codec-core/pipeline';
import { newJob } from '#codec-core/job';
import type { CodecSettings } from '#codec-core/engine';
import { Deadline } from '#server/codec/deadline';
import type { SharpImage } from '#server/codec/engine/open';
import { sharpEngine } from '#server/codec/engine/sharp-engine';
import type { ImageFormat } from '#server/codec/types';

const deadlines: Deadline[] = [];
afterEach(() => {
  for (const d of deadlines.splice(0)) d.dispose();
});

interface Overrides {
  mode?: CodecSettings['mode'];
  bounded?: SharpImage['bounded'];
}

function jobOf(input: Buffer, inputFormat: ImageFormat, meta: Partial<Metadata>, overrides: Overrides = {}): SharpImage {
  const deadline = new Deadline(600);
  deadlines.push(deadline);
  const width = meta.width ?? 8;
  const height = meta.height ?? 8;
  const settings: CodecSettings = { quality: 75, format: 'auto', mode: overrides.mode ?? 'quality', metadata: 'strip', background: '#ffffff', allowResize: false };
  return {
    input,
    format: inputFormat,
    meta: { width, height, format: inputFormat === 'jpeg' ? 'jpeg' : inputFormat, ...meta } as Metadata,
    hasAlpha: meta.hasAlpha === true,
    settings,
    maxPixels: 100_000_000,
    deadline,
    upright: { width, height },
    bounded: overrides.bounded ?? null,
    failOn: 'truncated',
  };
}

/** Auto's plan for the upload with the viewer's formats. */
async function autoPlan(image: SharpImage, allowed: ImageFormat[]) {
  const { plan, traits } = await candidatesOf(newJob(sharpEngine, { ...image, settings: { ...image.settings, formats: allowed } }));
  return { plan, traits: traits! };
}

/** The upload as a fixed format's result (its own format): the upload passed on, or null. */
const keptUpload = (image: SharpImage) => coreUploadCandidate(newJob(sharpEngine, image), { uploadFormats: [image.format], decision: null, plan: { formats: [], skipped: [] }, traits: null });

/** The upload as Auto's candidate, recorded in `decision`. */
const uploadCandidate = (image: SharpImage, allowed: ImageFormat[], decision: FormatDecision) =>
  coreUploadCandidate(newJob(sharpEngine, image), { uploadFormats: allowed, decision, plan: { formats: [], skipped: [] }, traits: null });

const emptyDecision = (): FormatDecision => ({ winner: 'png', keptOriginal: false, candidates: [], skipped: [] });

/** A 16×16 graphic of four flat colours, opaque: few colours, so Auto does not treat it as a photograph. */
async function graphicPng(): Promise<Buffer> {
  const quadrant = (r: number, g: number, b: number) =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: { r, g, b } } }).png().toBuffer();
  const [a, b, c] = await Promise.all([quadrant(200, 0, 0), quadrant(0, 200, 0), quadrant(0, 0, 200)]);
  return sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 250, g: 250, b: 250 } } })
    .composite([
      { input: a, left: 0, top: 0 },
      { input: b, left: 8, top: 0 },
      { input: c, left: 0, top: 8 },
    ])
    .png()
    .toBuffer();
}

describe('autoPlan', () => {
  it('keeps PNG for a graphic up to the PNG pixel limit, and leaves it out above, saying why', async () => {
    const png = await graphicPng();
    const within = await autoPlan(jobOf(png, 'png', { width: 4000, height: 4000 }), ['png', 'webp']);
    expect(within.traits).toEqual({ transparent: false, photographic: false });
    expect(within.plan.formats).toEqual(['png', 'webp']);
    expect(within.plan.skipped).toEqual([]);

    const over = await autoPlan(jobOf(png, 'png', { width: 4001, height: 4000 }), ['png', 'webp']);
    expect(over.plan.formats).toEqual(['webp']);
    expect(over.plan.skipped).toEqual([{ format: 'png', reason: `over the ${MAX_PNG_PIXELS / 1_000_000} megapixel limit for PNG` }]);
    expect(over.plan.skipped[0]!.reason).toBe('over the 16 megapixel limit for PNG');
  });

  it('keeps PNG above the limit when it is the only format allowed: the codec then refuses with its own message', async () => {
    const png = await graphicPng();
    const { plan } = await autoPlan(jobOf(png, 'png', { width: 8000, height: 8000 }), ['png']);
    expect(plan.formats).toEqual(['png']);
    expect(plan.skipped).toEqual([]);
  });

  it('takes a JPEG upload as an opaque photograph without decoding it', async () => {
    // Bytes no decoder accepts: a decode would throw, so passing shows that none was attempted.
    const notDecodable = Buffer.from('not really a jpeg');
    const { plan, traits } = await autoPlan(jobOf(notDecodable, 'jpeg', {}), ['png', 'jpeg', 'webp']);
    expect(traits).toEqual({ transparent: false, photographic: true });
    expect(plan.formats).toEqual(['jpeg', 'webp']);
    expect(plan.skipped.map((s) => s.format)).toEqual(['png']);
  });

  it('plans lossless candidates in lossless mode', async () => {
    const png = await graphicPng();
    const { plan } = await autoPlan(jobOf(png, 'png', {}, { mode: 'lossless' }), ['jpeg', 'png', 'webp', 'avif']);
    expect(plan.formats).toEqual(['png', 'webp']);
    expect(plan.skipped.map((s) => s.format).sort()).toEqual(['avif', 'jpeg']);
  });

  it('looks at the pixels of a non-JPEG upload: a transparent one leaves JPEG out', async () => {
    const transparent = await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 9, g: 9, b: 9, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const { plan, traits } = await autoPlan(jobOf(transparent, 'png', { hasAlpha: true, channels: 4 }), ['jpeg', 'png', 'webp']);
    expect(traits.transparent).toBe(true);
    expect(plan.formats).toEqual(['png', 'webp']);
    expect(plan.skipped).toEqual([{ format: 'jpeg', reason: 'JPEG cannot carry transparency' }]);
  });
});

describe('keptUpload', () => {
  it('passes on a clean upload as it is', async () => {
    const png = await graphicPng();
    expect(keptUpload(jobOf(png, 'png', {}))).toEqual(png);
  });

  it('never passes on the upload when the bounds ask for a smaller image', async () => {
    const png = await graphicPng();
    expect(keptUpload(jobOf(png, 'png', {}, { bounded: { width: 4, height: 4 } }))).toBeNull();
  });
});

describe('uploadCandidate', () => {
  it('offers the upload with its size when its format is allowed', async () => {
    const png = await graphicPng();
    const decision = emptyDecision();
    expect(uploadCandidate(jobOf(png, 'png', {}), ['png', 'webp'], decision)).toEqual(png);
    expect(decision.candidates).toEqual([{ format: 'png', bytes: png.length, original: true }]);
    expect(decision.skipped).toEqual([]);
  });

  it('records nothing when the viewer cannot show the upload\'s format', async () => {
    const png = await graphicPng();
    const decision = emptyDecision();
    expect(uploadCandidate(jobOf(png, 'png', {}), ['jpeg', 'webp'], decision)).toBeNull();
    expect(decision).toEqual(emptyDecision());
  });

  it('skips the upload, saying why, when the bounds ask for a smaller image', async () => {
    const png = await graphicPng();
    const decision = emptyDecision();
    expect(uploadCandidate(jobOf(png, 'png', {}, { bounded: { width: 4, height: 4 } }), ['png'], decision)).toBeNull();
    expect(decision.candidates).toEqual([]);
    expect(decision.skipped).toEqual([{ format: 'png', reason: 'the original is larger than the size asked for' }]);
  });

  it('skips the upload, saying why, when its metadata cannot be removed without re-encoding', () => {
    // An AVIF with EXIF is never passed on under `strip` (its boxes are not rewritten): see keep-original.ts.
    const avifBytes = Buffer.from('avif bytes');
    const decision = emptyDecision();
    const job = jobOf(avifBytes, 'avif', { exif: Buffer.from('Exif\0\0MM') });
    expect(uploadCandidate(job, ['avif', 'webp'], decision)).toBeNull();
    expect(decision.candidates).toEqual([]);
    expect(decision.skipped).toEqual([
      { format: 'avif', reason: 'the original carries metadata that cannot be removed without re-encoding' },
    ]);
  });
});
