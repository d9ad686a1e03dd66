// A compression can be stopped between any two engine calls: by the caller (a file removed, a request gone) or by the
// image's own stop (the server's deadline). Over the synthetic engine, so every call is counted.
import { describe, expect, it } from 'vitest';
import { compress, estimate } from '#codec-core/index';
import { LIMITS, settingsWith, syntheticEngine, UPLOAD, type SyntheticEngine } from './synthetic-engine';

/** Aborts `controller` with `reason` once the engine has answered `after` encodes (of the upload or of pixels). */
function abortAfterEncodes(engine: SyntheticEngine, after: number, controller: AbortController, reason: Error): void {
  const encode = engine.encode.bind(engine);
  engine.encode = async (...args) => {
    const encoded = await encode(...args);
    if (engine.encodeCalls.length + engine.probes.length >= after) controller.abort(reason);
    return encoded;
  };
}

const AUTO = settingsWith({ format: 'auto', formats: ['jpeg', 'webp', 'avif'], quality: 80 });

describe('stopping a compression', () => {
  it('the caller’s signal stops Auto before its next candidate, with the caller’s reason, and the image is closed', async () => {
    const engine = syntheticEngine({ format: 'png' });
    const controller = new AbortController();
    const removed = new Error('the file was removed');
    abortAfterEncodes(engine, 1, controller, removed);
    await expect(compress(engine, UPLOAD, AUTO, LIMITS, controller.signal)).rejects.toBe(removed);
    expect(engine.encodeCalls).toHaveLength(1);
    expect(engine.closed).toBe(1);
  });

  it('the image’s own stop (an engine’s deadline) ends size mode’s search between probes', async () => {
    const controller = new AbortController();
    const engine = syntheticEngine({ stop: controller.signal });
    const late = new Error('deadline');
    abortAfterEncodes(engine, 2, controller, late);
    await expect(compress(engine, UPLOAD, settingsWith({ format: 'jpeg', mode: 'size', targetSize: 2000 }), LIMITS)).rejects.toBe(late);
    expect(engine.encodeCalls).toHaveLength(2);
  });

  it('an answer arriving after the stop is dropped: the stop’s reason, not a result', async () => {
    const engine = syntheticEngine();
    const controller = new AbortController();
    const removed = new Error('removed during the only encode');
    abortAfterEncodes(engine, 1, controller, removed);
    await expect(compress(engine, UPLOAD, settingsWith({ format: 'webp' }), LIMITS, controller.signal)).rejects.toBe(removed);
  });

  it('a signal already aborted opens nothing; the live estimate stops too', async () => {
    const engine = syntheticEngine();
    const gone = new Error('gone');
    await expect(compress(engine, UPLOAD, AUTO, LIMITS, AbortSignal.abort(gone))).rejects.toBe(gone);
    await expect(estimate(engine, UPLOAD, AUTO, LIMITS, undefined, AbortSignal.abort(gone))).rejects.toBe(gone);
    expect(engine.closed).toBe(0);
    // The estimate's first encode (of its sample) answers after the stop: no preview is made.
    const controller = new AbortController();
    abortAfterEncodes(engine, 1, controller, gone);
    await expect(estimate(engine, UPLOAD, AUTO, LIMITS, undefined, controller.signal)).rejects.toBe(gone);
    expect(engine.closed).toBe(1);
    expect(engine.probes).toHaveLength(1);
  });

  it('without a stop, nothing changes', async () => {
    const result = await compress(syntheticEngine({ format: 'png' }), UPLOAD, AUTO, LIMITS, new AbortController().signal);
    expect(result.decision?.candidates).toHaveLength(3);
  });
});
