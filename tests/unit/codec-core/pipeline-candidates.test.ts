// What the pipeline plans and weighs before it chooses: the candidates of a fixed format and of Auto (the traits it
// looks at, the formats not made here), the upload as a candidate and as a last resort, and Auto's search budget,
// run with a clock the test moves: each encode takes the time the test says.
import { describe, expect, it } from 'vitest';
import { compress, type CodecSettings, type ImageFormat } from '#codec-core/index';
import { newJob } from '#codec-core/job';
import { candidatesOf, NOT_MADE_HERE_REASON, runJob, SEARCH_CUT_REASON, searchCutNote } from '#codec-core/pipeline';
import { LIMITS, settingsWith, syntheticEngine, UPLOAD, type SyntheticEngine, type SyntheticOptions } from './synthetic-engine';

/** The engine with every traits call recorded. */
function withTraitsRecorded(engine: SyntheticEngine) {
  const asked: { colours: boolean }[] = [];
  const traits = engine.traits.bind(engine);
  engine.traits = async (image, wanted) => (asked.push(wanted), traits(image, wanted));
  return asked;
}

async function jobOf(changes: Partial<CodecSettings>, options: SyntheticOptions = {}) {
  const engine = syntheticEngine(options);
  const traitsAsked = withTraitsRecorded(engine);
  const image = await engine.open(UPLOAD, settingsWith(changes), LIMITS);
  return { engine, traitsAsked, job: newJob(engine, image) };
}

const GRAPHIC_WITH_ALPHA = { transparent: true, photographic: false };

describe('candidatesOf', () => {
  it('a fixed format is its only candidate, with no decision and no traits looked at', async () => {
    const { job, traitsAsked } = await jobOf({ format: 'webp' });
    expect(await candidatesOf(job)).toEqual({ plan: { formats: ['webp'], skipped: [] }, decision: null, traits: null, uploadFormats: ['webp'] });
    expect(traitsAsked).toEqual([]);
  });

  it('original is the upload’s format, or the one it was decoded from, or for a HEIC the JPEG it is shown as', async () => {
    const plain = await jobOf({ format: 'original' }, { format: 'png' });
    expect((await candidatesOf(plain.job)).plan.formats).toEqual(['png']);
    const jxl = await jobOf({ format: 'original' }, { format: 'png', decodedFrom: { format: 'jxl', bytes: 700 } });
    expect(await candidatesOf(jxl.job)).toMatchObject({ plan: { formats: ['jxl'] }, uploadFormats: ['jxl'] });
    const heic = await jobOf({ format: 'original' }, { format: 'png', decodedFrom: { format: 'heic', bytes: 700 } });
    expect(await candidatesOf(heic.job)).toMatchObject({ plan: { formats: ['jpeg'] }, uploadFormats: ['jpeg'] });
  });

  it('lossless JPEG has no candidate to encode: only the upload may be the result', async () => {
    const { job } = await jobOf({ format: 'jpeg', mode: 'lossless' });
    expect(await candidatesOf(job)).toEqual({ plan: { formats: [], skipped: [] }, decision: null, traits: null, uploadFormats: ['jpeg'] });
  });

  it('Auto looks at a PNG’s traits, colours counted, and plans from them', async () => {
    const { job, traitsAsked } = await jobOf({ format: 'auto', formats: ['jpeg', 'png', 'webp'] }, { format: 'png', traits: GRAPHIC_WITH_ALPHA });
    const candidates = await candidatesOf(job);
    expect(traitsAsked).toEqual([{ colours: true }]);
    expect(candidates.traits).toEqual(GRAPHIC_WITH_ALPHA);
    expect(candidates.plan).toEqual({ formats: ['png', 'webp'], skipped: [{ format: 'jpeg', reason: 'JPEG cannot carry transparency' }] });
    expect(candidates.uploadFormats).toEqual(['jpeg', 'png', 'webp']);
  });

  it('Auto does not look at a JPEG: an opaque photograph, whatever the engine would say', async () => {
    const { job, traitsAsked } = await jobOf({ format: 'auto', formats: ['jpeg', 'png', 'webp'] }, { format: 'jpeg', traits: GRAPHIC_WITH_ALPHA });
    const candidates = await candidatesOf(job);
    expect(traitsAsked).toEqual([]);
    expect(candidates.traits).toEqual({ transparent: false, photographic: true });
    expect(candidates.plan).toEqual({ formats: ['jpeg', 'webp'], skipped: [{ format: 'png', reason: 'a photograph: PNG is never the smallest at the same quality' }] });
  });

  it('Auto records the allowed formats not made here first, and only those', async () => {
    const encodes: readonly ImageFormat[] = ['jpeg', 'webp'];
    const { job } = await jobOf({ format: 'auto', formats: ['jxl', 'webp', 'avif', 'jpeg', 'png'] }, { format: 'png', encodes });
    const { plan, decision } = await candidatesOf(job);
    expect(plan).toEqual({
      formats: ['webp', 'jpeg'],
      skipped: [
        { format: 'jxl', reason: NOT_MADE_HERE_REASON },
        { format: 'avif', reason: NOT_MADE_HERE_REASON },
        { format: 'png', reason: 'not made here: its encoder is not available' },
      ],
    });
    expect(decision?.skipped).toEqual(plan.skipped);
  });
});

describe('the upload as a candidate', () => {
  it('Auto records why the upload could not compete: to be resized, or metadata it cannot lose', async () => {
    const resized = await compress(syntheticEngine({ passOn: 10 }), UPLOAD, settingsWith({ format: 'auto', formats: ['jpeg', 'webp'], maxWidth: 32 }), LIMITS);
    expect(resized.decision?.skipped).toEqual([{ format: 'jpeg', reason: 'the original is larger than the size asked for' }]);
    expect(resized.keptOriginal).toBe(false);
    const unstrippable = await compress(syntheticEngine({ passOn: null }), UPLOAD, settingsWith({ format: 'auto', formats: ['jpeg', 'webp'] }), LIMITS);
    expect(unstrippable.decision?.skipped).toEqual([{ format: 'jpeg', reason: 'the original carries metadata that cannot be removed without re-encoding' }]);
    expect(unstrippable.decision?.candidates.map((c) => c.format)).toEqual(['webp', 'jpeg']);
  });

  it('formats the viewer named for Auto without the upload’s: no last resort, the smallest given and said to be larger', async () => {
    const engine = syntheticEngine({ passOn: 50 });
    const result = await compress(engine, new Uint8Array(100), settingsWith({ format: 'auto', formats: ['webp', 'avif'] }), LIMITS);
    expect(result).toMatchObject({ keptOriginal: false, output: { format: 'avif', bytes: 1288 } });
    expect(result.notes).toEqual(['AVIF of this image is 13 times the size of the JPEG upload, given as asked']);
  });

  it('the formats listed for Auto do not bind a fixed format: its larger conversion still gives the upload', async () => {
    const result = await compress(syntheticEngine({ passOn: 1711 }), UPLOAD, settingsWith({ format: 'webp', quality: 80, formats: ['avif'] }), LIMITS);
    expect(result).toMatchObject({ keptOriginal: true, output: { format: 'jpeg', bytes: 1711 } });
    expect(result.notes).toEqual(['WebP of this image is 1% larger than the JPEG upload, so the upload is returned as JPEG, as it came (with only the metadata your settings keep)']);
  });

  it('a format required as such (a Tinify convert) is given even when the upload is smaller', async () => {
    const result = await compress(syntheticEngine({ passOn: 10 }), UPLOAD, settingsWith({ format: 'webp', quality: 80, formatRequired: true }), LIMITS);
    expect(result).toMatchObject({ keptOriginal: false, output: { format: 'webp', bytes: 1712 } });
    expect(result.notes).toBeUndefined();
  });
});

describe('Auto’s search budget', () => {
  /** A job whose clock moves only while encoding: the n-th encode takes `durations[n]` milliseconds (the last repeats). */
  async function timed(durations: number[], searchSeconds: number, options: SyntheticOptions = {}) {
    const engine = syntheticEngine({ format: 'png', ...options });
    let clock = 10_000;
    const encode = engine.encode.bind(engine);
    engine.encode = async (...args) => {
      clock += durations[Math.min(engine.encodeCalls.length + engine.probes.length, durations.length - 1)]!;
      return encode(...args);
    };
    const image = await engine.open(UPLOAD, settingsWith({ format: 'auto', formats: ['jpeg', 'webp', 'avif'] }), LIMITS);
    const result = await runJob(newJob(engine, image, { searchSeconds, now: () => clock }));
    return { engine, result, searched: engine.encodeCalls.map((c) => c.format) };
  }

  it('starts no candidate that would end past the budget by the longest so far, and says so', async () => {
    // 1 s each, 2.5 s budget: AVIF ends at 1 s, WebP would end at 2 s (started), JPEG at 3 s (not).
    const { result, searched } = await timed([1000], 2.5);
    expect(searched).toEqual(['avif', 'webp']);
    expect(result.decision?.skipped).toEqual([{ format: 'jpeg', reason: SEARCH_CUT_REASON }]);
    expect(result.notes).toEqual(['Auto compared 2 of 3 formats before its time limit and kept the smallest of those.']);
    expect(SEARCH_CUT_REASON).toBe('not tried: the search reached its time limit');
  });

  it('a candidate ending exactly at the budget is still started', async () => {
    const { result, searched } = await timed([1000], 3);
    expect(searched).toEqual(['avif', 'webp', 'jpeg']);
    expect(result.notes).toBeUndefined();
    expect(result.decision?.skipped).toEqual([]);
  });

  it('the longest candidate so far is what is allowed for, not the last', async () => {
    // AVIF takes 2 s, WebP 0.5 s: at 2.5 s JPEG, allowed 2 s, would end past the 4 s budget.
    const { searched } = await timed([2000, 500], 4);
    expect(searched).toEqual(['avif', 'webp']);
    const { searched: all } = await timed([2000, 500], 4.5);
    expect(all).toEqual(['avif', 'webp', 'jpeg']);
  });

  it('the first candidate is always searched, however small the budget', async () => {
    const { result, searched } = await timed([1000], 0);
    expect(searched).toEqual(['avif']);
    expect(result.notes).toEqual([searchCutNote({ searched: 1, planned: 3 })]);
    expect(result.decision?.skipped.map((s) => s.format)).toEqual(['webp', 'jpeg']);
  });

  it('an upload kept after a cut search still says the search was cut', async () => {
    const { result } = await timed([1000], 0, { format: 'jpeg', passOn: 100 });
    expect(result).toMatchObject({ keptOriginal: true, notes: ['Auto compared 1 of 3 formats before its time limit and kept the smallest of those.'] });
  });

  it('compress gives Auto the limits’ budget, and only Auto', async () => {
    const past = { ...LIMITS, searchSeconds: -1 };
    const auto = await compress(syntheticEngine({ format: 'png' }), UPLOAD, settingsWith({ format: 'auto', formats: ['jpeg', 'webp', 'avif'] }), past);
    expect(auto.decision?.candidates.map((c) => c.format)).toEqual(['avif']);
    expect(auto.notes).toEqual(['Auto compared 1 of 3 formats before its time limit and kept the smallest of those.']);
    const fixed = await compress(syntheticEngine(), UPLOAD, settingsWith({ format: 'webp' }), past);
    expect(fixed.notes).toBeUndefined();
  });
});
