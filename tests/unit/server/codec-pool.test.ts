// The codec pool runs real codec processes: same bytes as the codec in this process, errors that keep their
// meaning across the process boundary, and a crashed or stuck process costs one request, never the pool.
import fs from 'node:fs';
import sharp from 'sharp';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CodecAbandonedError, CodecPool, CodecCrashError, CRASH_MESSAGE, type CodecPoolOptions } from '#server/sandbox/codec-pool';
import { CODEC_NICENESS, type CodecRequest } from '#server/sandbox/protocol';
import { CodecError, compress } from '#server/codec/index';
import { CORRUPT_MESSAGE } from '#server/codec/errors';
import { autoSearchSeconds, codecTimeLimit, type CodecLimits, type ImageFormat } from '#server/codec/planning';
import { MAX_INPUT_PIXELS } from '#contract/limits';
import { corpusPath } from '../../support/paths';
import { isAlive, threadNiceness } from '../../support/processes';
import { DEFAULT_CODEC_SETTINGS } from '../../support/codec-settings';

const SILENT_ENTRY = path.join(import.meta.dirname, 'fixtures/silent-codec-process.ts');
const HANG_OR_ANSWER_ENTRY = path.join(import.meta.dirname, 'fixtures/hang-or-answer-codec-process.ts');

describe('CodecPool', { timeout: 120_000 }, () => {
  const pools: CodecPool[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codec-pool-'));
  let n = 0;
  afterEach(async () => {
    for (const p of pools.splice(0)) await p.close();
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  /** Pids of codec processes that have exited, and waiters for the next ones (tests wait on exits, never sleep). */
  const exits = new Set<number>();
  const exitWaiters: (() => void)[] = [];
  const exited = (pid: number) =>
    new Promise<void>((resolve) => {
      const check = () => (exits.has(pid) ? resolve() : exitWaiters.push(check));
      check();
    });
  const makePool = (options: Partial<CodecPoolOptions> = {}) => {
    const pool = new CodecPool({
      size: 2,
      ...options,
      onExit: (info) => {
        if (info.pid !== undefined) exits.add(info.pid);
        for (const wake of exitWaiters.splice(0)) wake();
        options.onExit?.(info);
      },
    });
    pools.push(pool);
    return pool;
  };
  /** The pid of the pool's process in `state`, once there is one (a request reaches its process after a few ticks). */
  const processIn = async (pool: CodecPool, state: string): Promise<number> => {
    for (;;) {
      const found = pool.states().find((p) => p.state === state);
      if (found?.pid !== undefined) return found.pid;
      await new Promise((r) => setImmediate(r));
    }
  };
  const request = (input: string, overrides: Partial<CodecRequest> = {}): CodecRequest => ({
    inputPath: input,
    outputPath: path.join(tmp, `out-${++n}`),
    inputFormat: 'png',
    settings: { ...DEFAULT_CODEC_SETTINGS, quality: 80 },
    limits: { maxPixels: 100_000_000, timeoutSeconds: 30 },
    ...overrides,
  });

  it('writes the same bytes and facts as the codec running here, for a JPEG and a PNG', async () => {
    const pool = makePool();
    for (const file of [corpusPath('photos', 'exif-orient6-landscape.jpg'), corpusPath('photos', 'kodim03.png')]) {
      const req = request(file);
      const outcome = await pool.compressFile(req);
      const local = await compress(fs.readFileSync(file), { quality: 80 });
      expect(fs.readFileSync(req.outputPath).equals(local.data)).toBe(true);
      expect(outcome).toEqual({
        input: local.input,
        output: local.output,
        keptOriginal: local.keptOriginal,
        flattenedOnto: local.flattenedOnto,
        decision: local.decision,
        chosenQuality: local.chosenQuality,
        targetMet: local.targetMet,
        perceptualScore: local.perceptualScore,
        previewWritten: false, // none was asked for
      });
    }
  });

  it('writes the card preview beside the result when asked: WebP fitting 400 px', async () => {
    const pool = makePool();
    const previewPath = path.join(tmp, 'preview.webp');
    const outcome = await pool.compressFile({ ...request(corpusPath('photos', 'kodim03.png')), previewPath });
    expect(outcome.previewWritten).toBe(true);
    const meta = await sharp(fs.readFileSync(previewPath)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 267]);
  });

  it('passes codec errors back with their kind and message, and leaves no output file', async () => {
    const pool = makePool();
    const req = request(corpusPath('bad', 'gen-truncated-50pct.jpg'));
    const err = await pool.compressFile(req).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CodecError);
    expect((err as CodecError).kind).toBe('corrupt');
    expect((err as CodecError).message).toBe(CORRUPT_MESSAGE);
    expect(fs.existsSync(req.outputPath)).toBe(false);
  });

  it('keeps the errno code of a file error, so the runner can tell a deleted job from a broken disk', async () => {
    const pool = makePool();
    const err = await pool.compressFile(request(path.join(tmp, 'no-such-file'))).catch((e: unknown) => e);
    expect((err as NodeJS.ErrnoException).code).toBe('ENOENT');
  });

  it('turns a codec process killed mid-job into a crash error for that request only', async () => {
    const crashes: string[] = [];
    const pool = makePool({ size: 1, onCrash: ({ detail }) => crashes.push(detail) });
    await pool.compressFile(request(corpusPath('photos', 'kodim03.png')));
    const big = pool.compressFile(request(corpusPath('photos', 'squoosh-demo-large-photo.jpg'))).catch((e: unknown) => e);
    const pid = await processIn(pool, 'busy');
    process.kill(pid, 'SIGKILL');
    const err = await big;
    expect(err).toBeInstanceOf(CodecCrashError);
    expect((err as Error).message).toBe(CRASH_MESSAGE);
    expect(crashes).toEqual(['codec process exited (SIGKILL)']);
    // The next request gets a fresh process.
    const next = request(corpusPath('photos', 'kodim03.png'));
    await pool.compressFile(next);
    expect(fs.statSync(next.outputPath).size).toBeGreaterThan(0);
    expect(pool.pids()).not.toContain(pid);
  });

  it('drops a transformation whose client went away: waiting, it leaves the queue; running, its process is killed', async () => {
    const pool = makePool({ size: 1, entry: SILENT_ENTRY, killGraceMs: 60_000 });
    const transform = (signal: AbortSignal) =>
      pool
        .compressFile({ ...request(corpusPath('photos', 'kodim03.png')), limits: { timeoutSeconds: 60 } }, signal)
        .catch((e: unknown) => e);
    const first = new AbortController();
    const second = new AbortController();
    const running = transform(first.signal);
    const pid = await processIn(pool, 'busy');
    const queued = transform(second.signal);
    await new Promise((r) => setImmediate(r));
    expect(pool.load()).toMatchObject({ running: 1, waiting: 1 });

    second.abort();
    expect(await queued).toBeInstanceOf(CodecAbandonedError);
    expect(pool.load()).toMatchObject({ running: 1, waiting: 0 });

    // The silent process would hold the slot for a minute; the client leaving ends it now.
    first.abort();
    expect(await running).toBeInstanceOf(CodecAbandonedError);
    await exited(pid);
    expect(isAlive(pid)).toBe(false);
    expect(pool.load()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('sets the time limit of every request from its settings (the one place limits are computed), unless one is fixed', async () => {
    const pool = makePool({ size: 1, entry: HANG_OR_ANSWER_ENTRY, baseTimeoutSeconds: 7 });
    const limitsOf = async (overrides: Partial<CodecRequest>) => {
      const req = { ...request(path.join(tmp, `limits-${++n}`)), limits: undefined, ...overrides };
      await pool.compressFile(req);
      return JSON.parse(fs.readFileSync(req.outputPath, 'utf8')) as CodecLimits;
    };
    const auto = { ...DEFAULT_CODEC_SETTINGS, format: 'auto' as const, formats: ['webp', 'avif'] as ImageFormat[], mode: 'size' as const, targetSize: 9_000 };
    expect(await limitsOf({ settings: auto })).toEqual({
      maxPixels: MAX_INPUT_PIXELS,
      timeoutSeconds: codecTimeLimit(7, 'auto', 'png', ['webp', 'avif'], auto),
      // Auto's search budget: what its slowest candidate would get alone (0516).
      searchSeconds: autoSearchSeconds(7, ['webp', 'avif'], auto),
    });
    expect(await limitsOf({ inputFormat: 'avif' })).toEqual({ maxPixels: MAX_INPUT_PIXELS, timeoutSeconds: codecTimeLimit(7, 'original', 'avif', undefined, DEFAULT_CODEC_SETTINGS) });
    // Every Auto candidate and size mode's searches cost time: far more than one JPEG encode.
    expect(codecTimeLimit(7, 'auto', 'png', ['webp', 'avif'], auto)).toBeGreaterThan(7 * 8);
    expect(await limitsOf({ limits: { timeoutSeconds: 3 } })).toEqual({ maxPixels: MAX_INPUT_PIXELS, timeoutSeconds: 3 });
    await pool.close();
  });

  it('kills a process that stays silent past the time limit and answers with a timeout', async () => {
    const pool = makePool({ entry: SILENT_ENTRY, killGraceMs: 300 });
    const pending = pool.compressFile(request(corpusPath('photos', 'kodim03.png'), { limits: { timeoutSeconds: 1 } }));
    const pid = await processIn(pool, 'busy');
    const err = await pending.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CodecError);
    expect((err as CodecError).kind).toBe('timeout');
    // From the kill on, the process is retiring (it takes no work) until its exit is reported.
    expect(pool.states()).toEqual([{ pid, state: 'retiring' }]);
    await exited(pid);
    expect(isAlive(pid)).toBe(false);
    expect(pool.pids()).toEqual([]);
  });

  it('never hands a process it is killing at the hard limit to the next request', async () => {
    // Size 1, so the request queued behind a stuck one is offered the very process the pool is killing. The
    // kill is a SIGKILL whose exit is reported only on a later turn of the event loop, after the slot is free.
    const pool = makePool({ size: 1, entry: HANG_OR_ANSWER_ENTRY, killGraceMs: 50 });
    const outcomes: string[] = [];
    for (let round = 0; round < 5; round++) {
      const stuck = pool.compressFile(request(path.join(tmp, `hang-${round}`), { limits: { timeoutSeconds: 0 } })).catch((e: unknown) => e);
      const innocent = pool.compressFile(request(path.join(tmp, `innocent-${round}`))).then(
        () => 'ok',
        (e: unknown) => `${(e as Error).name}: ${(e as Error).message}`,
      );
      expect(((await stuck) as CodecError).kind).toBe('timeout');
      outcomes.push(await innocent);
    }
    expect(outcomes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
  });

  it('never runs more processes than its size, and reuses them', async () => {
    // No idle-memory retirement here (its own test below): a process retired for its memory is replaced while it
    // exits, which is by design and would count as a third process.
    const pool = makePool({ size: 2, maxIdleRssBytes: Number.MAX_SAFE_INTEGER });
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, pool.pids().length)), 5);
    const files = ['kodim03.png', 'kodim05.png', 'kodim07.png', 'kodim12.png', 'kodim15.png'];
    try {
      await Promise.all(files.map((f) => pool.compressFile(request(corpusPath('photos', f)))));
    } finally {
      clearInterval(watch);
    }
    expect(most).toBe(2);
    expect(pool.pids()).toHaveLength(2);
  });

  it('runs codec processes, every thread of them, at the lowest CPU priority', async () => {
    const pool = makePool({ size: 1 });
    await pool.compressFile(request(corpusPath('photos', 'kodim03.png')));
    const [pid] = pool.pids();
    const niceness = threadNiceness(pid!);
    expect(niceness.length).toBeGreaterThan(1);
    expect(new Set(niceness)).toEqual(new Set([CODEC_NICENESS]));
  });

  it('retires a process that holds more memory after a job than it may keep while idle', async () => {
    const pool = makePool({ size: 1, maxIdleRssBytes: 1 });
    const first = pool.compressFile(request(corpusPath('photos', 'kodim03.png')));
    const pid = await processIn(pool, 'busy');
    // Queued behind the first: it must get a new process, not the one being retired.
    const second = request(corpusPath('photos', 'kodim05.png'));
    const next = pool.compressFile(second);
    await first;
    await next;
    expect(fs.statSync(second.outputPath).size).toBeGreaterThan(0);
    await exited(pid);
    expect(pool.pids()).not.toContain(pid);
    const roomy = makePool({ size: 1 });
    await roomy.compressFile(request(corpusPath('photos', 'kodim03.png')));
    expect(roomy.pids()).toHaveLength(1);
  });

  it('ends its processes on close and after they sit idle', async () => {
    const pool = makePool({ size: 1, idleMs: 200 });
    await pool.compressFile(request(corpusPath('photos', 'kodim03.png')));
    const [pid] = pool.pids();
    expect(isAlive(pid!)).toBe(true);
    await exited(pid!);
    expect(isAlive(pid!)).toBe(false);
    expect(pool.pids()).toEqual([]);

    await pool.compressFile(request(corpusPath('photos', 'kodim03.png')));
    const [second] = pool.pids();
    await pool.close();
    expect(isAlive(second!)).toBe(false);
    await expect(pool.compressFile(request(corpusPath('photos', 'kodim03.png')))).rejects.toThrow(/closed/);
  });
});
