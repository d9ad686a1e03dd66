// An engine declares what it can encode here; the core plans from that and never edits the user's settings: Auto
// records a format it cannot make as skipped, a fixed one is refused with the engine's words before anything runs.
import { describe, expect, it } from 'vitest';
import { CodecError, compress, estimate, type ImageFormat } from '#codec-core/index';
import { NOT_MADE_HERE_REASON } from '#codec-core/pipeline';
import { LIMITS, settingsWith, syntheticEngine, UPLOAD } from './synthetic-engine';

const WITHOUT_JXL: readonly ImageFormat[] = ['jpeg', 'png', 'webp', 'avif'];

describe('what the engine encodes', () => {
  it('Auto plans only the allowed formats the engine makes, and says why the others were not tried', async () => {
    const engine = syntheticEngine({ format: 'png', encodes: WITHOUT_JXL });
    const settings = settingsWith({ format: 'auto', formats: ['jxl', 'webp', 'jpeg'] });
    const result = await compress(engine, UPLOAD, settings, LIMITS);
    expect(engine.encodeCalls.map((c) => c.format).sort()).toEqual(['jpeg', 'webp']);
    expect(result.decision?.skipped).toContainEqual({ format: 'jxl', reason: NOT_MADE_HERE_REASON });
    // The settings the caller gave are the settings the result was made for.
    expect(settings.formats).toEqual(['jxl', 'webp', 'jpeg']);
  });

  it('a fixed format the engine does not make is refused with its words, before anything is encoded', async () => {
    const engine = syntheticEngine({ encodes: WITHOUT_JXL });
    const refused = compress(engine, UPLOAD, settingsWith({ format: 'jxl' }), LIMITS);
    await expect(refused).rejects.toEqual(new CodecError('unsupported-format', 'jxl is not made by this engine'));
    await expect(estimate(engine, UPLOAD, settingsWith({ format: 'jxl' }), LIMITS)).rejects.toBeInstanceOf(CodecError);
    expect(engine.encodeCalls).toEqual([]);
    expect(engine.probes).toEqual([]);
  });

  it('Auto with nothing it may make is refused, not left without a candidate', async () => {
    const refused = compress(syntheticEngine({ encodes: WITHOUT_JXL }), UPLOAD, settingsWith({ format: 'auto', formats: ['jxl'] }), LIMITS);
    await expect(refused).rejects.toEqual(new CodecError('unsupported-format', 'jxl is not made by this engine'));
  });

  it('the upload may still be the result in an allowed format the engine cannot encode (passing on needs no encoder)', async () => {
    const engine = syntheticEngine({ format: 'jxl', passOn: 50, encodes: WITHOUT_JXL });
    const result = await compress(engine, UPLOAD, settingsWith({ format: 'auto', formats: ['jxl', 'webp'] }), LIMITS);
    expect(result).toMatchObject({ keptOriginal: true, output: { format: 'jxl', bytes: 50 } });
  });
});
