// The codec pool's memory budget: requests start only while the processes and the working memory their images are
// expected to need fit in it, in order; small ones still run three at once; a request alone always runs. Stand-in
// codec processes hold each job until the test releases it, so the test sees exactly what the pool let start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CodecPool, type CodecPoolOptions } from '#server/sandbox/codec-pool';
import { CODEC_PROCESS_BYTES, estimateWorkingBytes, UNKNOWN_NEED_BYTES } from '#server/sandbox/memory-estimate';
import { ENCODER_COSTS, SMART_EXTRA_BYTES_PER_PIXEL, SMART_METRIC_BYTES_PER_SCORED_PIXEL, SMART_SCORED_PIXELS } from '#server/codec/costs';
import type { CodecRequest } from '#server/sandbox/protocol';
import { animation, apng, textured } from '../../support/animation';
import { corpusPath } from '../../support/paths';
import { DEFAULT_CODEC_SETTINGS } from '../../support/codec-settings';

const HELD_ENTRY = path.join(import.meta.dirname, 'fixtures/held-codec-process.ts');
const MiB = 1024 ** 2;
/** 4608 x 3456 (15.9 megapixels) and 768 x 512 (0.39 megapixels). */
const BIG = corpusPath('photos', 'lepton-slrhills.jpg');
const SMALL = corpusPath('photos', 'kodim03.png');
const bigNeed = CODEC_PROCESS_BYTES + 4608 * 3456 * ENCODER_COSTS.jpeg.workingBytesPerPixel;
const smallNeed = CODEC_PROCESS_BYTES + 768 * 512 * ENCODER_COSTS.png.workingBytesPerPixel;

describe('CodecPool memory budget', { timeout: 120_000 }, () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codec-budget-'));
  const pools: CodecPool[] = [];
  let n = 0;
  afterEach(async () => {
    for (const p of pools.splice(0)) await p.close();
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  const makePool = (options: Partial<CodecPoolOptions>) => {
    const pool = new CodecPool({ size: 3, entry: HELD_ENTRY, ...options });
    pools.push(pool);
    return pool;
  };
  /** A copy of `source` the held stand-in can be told to finish; `run` is the pool's answer for it. */
  const submit = (pool: CodecPool, source: string | Buffer, name: string) => {
    const input = path.join(tmp, `${++n}-${name}`);
    fs.writeFileSync(input, typeof source === 'string' ? fs.readFileSync(source) : source);
    const request: CodecRequest = { inputPath: input, outputPath: `${input}.out`, inputFormat: 'png', settings: { ...DEFAULT_CODEC_SETTINGS, quality: 80 }, limits: { timeoutSeconds: 30 } };
    return {
      run: pool.compressFile(request),
      started: () => fs.existsSync(`${input}.started`),
      release: () => fs.writeFileSync(`${input}.go`, ''),
    };
  };
  /**
   * Submits and waits until the pool has taken the request: each reads its image header first, and those reads can
   * finish in any order, so requests submitted together would queue in an order the test cannot know.
   */
  const enqueue = async (pool: CodecPool, source: string | Buffer, name: string) => {
    const before = pool.load().running + pool.load().waiting;
    const job = submit(pool, source, name);
    await settledInPool(pool, before + 1);
    return job;
  };
  /** Waits until the pool has taken every submitted request (each reads its image header first). */
  const settledInPool = async (pool: CodecPool, count: number) => {
    while (pool.load().running + pool.load().waiting < count) await new Promise((r) => setImmediate(r));
  };
  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((r) => setTimeout(r, 5));
  };

  it('estimates from the header: pixels times the output format\'s figure, unknown images as more than any budget', async () => {
    expect(await estimateWorkingBytes({ inputPath: BIG })).toBe(4608 * 3456 * ENCODER_COSTS.jpeg.workingBytesPerPixel);
    expect(await estimateWorkingBytes({ inputPath: BIG, format: 'avif' })).toBe(4608 * 3456 * ENCODER_COSTS.avif.workingBytesPerPixel);
    // Smart mode adds its upright pixels per pixel, and its metric's planes for a sample of at most a megapixel.
    expect(await estimateWorkingBytes({ inputPath: BIG, control: { mode: 'smart' } })).toBe(
      4608 * 3456 * (ENCODER_COSTS.jpeg.workingBytesPerPixel + SMART_EXTRA_BYTES_PER_PIXEL) + SMART_SCORED_PIXELS * SMART_METRIC_BYTES_PER_SCORED_PIXEL,
    );
    expect(await estimateWorkingBytes({ inputPath: SMALL, control: { mode: 'smart' } })).toBe(
      768 * 512 * (ENCODER_COSTS.png.workingBytesPerPixel + SMART_EXTRA_BYTES_PER_PIXEL + SMART_METRIC_BYTES_PER_SCORED_PIXEL),
    );
    const garbage = path.join(tmp, 'garbage');
    fs.writeFileSync(garbage, 'not an image at all');
    expect(await estimateWorkingBytes({ inputPath: garbage })).toBe(UNKNOWN_NEED_BYTES);
  });

  it('plans from a header its caller read already, without reading the file again', async () => {
    const gone = path.join(tmp, 'never-written');
    const header = { format: 'png' as const, pixels: 1000 * 500, width: 1000, height: 500 };
    expect(await estimateWorkingBytes({ inputPath: gone, inputHeader: header })).toBe(1000 * 500 * ENCODER_COSTS.png.workingBytesPerPixel);
    // Read and found unreadable: the unknown need, as when the pool reads it itself.
    expect(await estimateWorkingBytes({ inputPath: BIG, inputHeader: null })).toBe(UNKNOWN_NEED_BYTES);
  });

  it('plans an animation with all its frames: an APNG by acTL, an animated WebP by walking its chunks', async () => {
    const frames = [0, 1, 2].map((k) => ({ rgba: textured(50, 40, k), width: 50, height: 40, delay: 100 }));
    const png = path.join(tmp, 'anim.png');
    fs.writeFileSync(png, await apng({ width: 50, height: 40, loop: 0 }, frames));
    expect(await estimateWorkingBytes({ inputPath: png })).toBe(50 * 40 * 3 * ENCODER_COSTS.png.workingBytesPerPixel);
    const webp = path.join(tmp, 'anim.webp');
    fs.writeFileSync(webp, await animation('webp', { frames: 3, width: 50, height: 40, delay: [100, 100, 100], loop: 0 }));
    expect(await estimateWorkingBytes({ inputPath: webp })).toBe(50 * 40 * 3 * ENCODER_COSTS.webp.workingBytesPerPixel);
  });

  it('holds a large photo back while another runs, and keeps the order: a small request behind it waits too', async () => {
    const pool = makePool({ memoryBudgetBytes: bigNeed + smallNeed - 1 });
    const first = submit(pool, BIG, 'big-1.jpg');
    await until(first.started);
    const second = await enqueue(pool, BIG, 'big-2.jpg');
    const third = await enqueue(pool, SMALL, 'small.png');
    expect(pool.load()).toMatchObject({ running: 1, waiting: 2, reservedBytes: bigNeed });

    first.release();
    await first.run;
    await until(second.started);
    // The second large photo runs now; the small one would go over the budget beside it.
    expect(pool.load()).toMatchObject({ running: 1, waiting: 1 });
    expect(third.started()).toBe(false);

    second.release();
    third.release();
    await Promise.all([second.run, third.run]);
    expect(third.started()).toBe(true);
    expect(pool.load()).toEqual({ running: 0, waiting: 0, reservedBytes: 0 });
  });

  it('runs small images three at once within the same budget', async () => {
    const pool = makePool({ memoryBudgetBytes: bigNeed + smallNeed - 1 });
    const jobs = [1, 2, 3].map((i) => submit(pool, SMALL, `small-${i}.png`));
    await until(() => jobs.every((j) => j.started()));
    expect(pool.load()).toMatchObject({ running: 3, waiting: 0, reservedBytes: 3 * smallNeed });
    for (const j of jobs) j.release();
    await Promise.all(jobs.map((j) => j.run));
  });

  it('runs a request that needs more than the whole budget once it is alone, and an unreadable header only alone', async () => {
    const pool = makePool({ memoryBudgetBytes: 100 * MiB });
    const small = submit(pool, SMALL, 'small.png');
    await until(small.started);
    const big = await enqueue(pool, BIG, 'big.jpg');
    const mystery = await enqueue(pool, Buffer.from('no header here'), 'mystery');
    expect(pool.load()).toMatchObject({ running: 1, waiting: 2 });

    small.release();
    await until(big.started);
    expect(pool.load()).toMatchObject({ running: 1, waiting: 1 });
    big.release();
    await until(mystery.started);
    expect(pool.load()).toMatchObject({ running: 1, waiting: 0, reservedBytes: CODEC_PROCESS_BYTES + UNKNOWN_NEED_BYTES });
    mystery.release();
    await Promise.all([small.run, big.run, mystery.run]);
  });

  it('while a request larger than the whole budget runs, small ones still run beside it, one at a time', async () => {
    const pool = makePool({ memoryBudgetBytes: 200 * MiB });
    const huge = submit(pool, BIG, 'huge.jpg');
    await until(huge.started);
    const nextHuge = await enqueue(pool, BIG, 'next-huge.jpg');
    const small = [await enqueue(pool, SMALL, 'small-1.png'), await enqueue(pool, SMALL, 'small-2.png')];
    await until(small[0]!.started);
    expect(pool.load()).toMatchObject({ running: 2, waiting: 2 });
    expect(small[1]!.started()).toBe(false);

    small[0]!.release();
    await small[0]!.run;
    await until(small[1]!.started);
    expect(nextHuge.started()).toBe(false);
    small[1]!.release();
    huge.release();
    await Promise.all([small[1]!.run, huge.run]);
    await until(nextHuge.started);
    nextHuge.release();
    await nextHuge.run;
  });

  it('without a budget, only its size bounds it', async () => {
    const pool = makePool({});
    const jobs = [1, 2, 3, 4].map((i) => submit(pool, BIG, `big-${i}.jpg`));
    await until(() => jobs.filter((j) => j.started()).length === 3);
    await settledInPool(pool, 4);
    expect(pool.load()).toMatchObject({ running: 3, waiting: 1 });
    for (const j of jobs) j.release();
    await Promise.all(jobs.map((j) => j.run));
  });
});
