// The scale-out reconciler over a real jobs table. Its other side is Redis, stood in for by a BacklogSync the test
// controls: a pass puts abandoned rows back before the Redis side is synced, and passes repeat, jittered, until stop.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Reconciler, type BacklogSync, type SyncReport } from '#server/jobs/reconciler';
import { LEASE_MS } from '#server/jobs/job-runner';
import { capturingLog, until, useJobEnvironments } from './harness';

const INTERVAL_MS = 30_000;

/** The Redis side: counts passes, answers with the given report (or error), and can hold a pass open. */
class FakeRedisSide implements BacklogSync {
  passes = 0;
  running: string[] = [];
  report: SyncReport | Error = { added: 0, reranked: 0 };
  /** Rows the table held when the pass reached Redis. */
  seen: string[][] = [];
  private hold: Promise<void> | undefined;
  private release: (() => void) | undefined;

  constructor(private readonly statuses: () => Promise<string[]>) {}

  holdNextPass(): () => void {
    this.hold = new Promise((resolve) => (this.release = resolve));
    return () => this.release!();
  }

  async syncBacklog(): Promise<SyncReport> {
    this.passes++;
    this.seen.push(await this.statuses());
    if (this.hold) await this.hold;
    if (this.report instanceof Error) throw this.report;
    return this.report;
  }

  runningJobIds(): string[] {
    return this.running;
  }
}

describe('Reconciler', () => {
  const { setup: setupEnv, cleanups } = useJobEnvironments();
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  async function setup() {
    const env = await setupEnv();
    const { log, lines, messages } = capturingLog();
    const redis = new FakeRedisSide(async () => (await env.jobs.listByOwner('owner')).map((r) => r.status).sort());
    const reconciler = new Reconciler(env.jobs, redis, env.clock, log, INTERVAL_MS);
    cleanups.push(() => reconciler.stop());
    return { ...env, redis, reconciler, lines, messages };
  }

  it('puts rows whose lease lapsed back in the queue before syncing Redis, but not the rows this process runs', async () => {
    const { clock, jobs, redis, reconciler, lines, addJob } = await setup();
    const processing = { status: 'processing' as const, attempts: 2, lease_until: clock.t - 1 };
    const abandoned = await addJob({ ...processing, lease_token: 'dead-worker' });
    const mine = await addJob({ ...processing, lease_token: 'this-worker' });
    const live = await addJob({ ...processing, lease_token: 'live-worker', lease_until: clock.t + LEASE_MS });
    redis.running = [mine];
    redis.report = { added: 2, reranked: 1 };

    await reconciler.pass();

    expect(await jobs.findById(abandoned)).toMatchObject({ status: 'pending', attempts: 1, lease_token: null, available_at: clock.t });
    expect(await jobs.findById(mine)).toMatchObject({ status: 'processing', lease_token: 'this-worker' });
    expect(await jobs.findById(live)).toMatchObject({ status: 'processing', lease_token: 'live-worker' });
    // The requeue happened before the Redis side looked, so the same pass adds the row to Redis.
    expect(redis.seen).toEqual([['pending', 'processing', 'processing']]);
    expect(lines).toEqual([expect.objectContaining({ level: 40, requeued: 1, added: 2, reranked: 1, msg: 'reconciled the queue with the jobs table' })]);
  });

  it('logs a repair as a warning, a rebalance as info, and a quiet pass not at all', async () => {
    const { redis, reconciler, lines } = await setup();
    redis.report = { added: 1, reranked: 0 };
    await reconciler.pass();
    redis.report = { added: 0, reranked: 3 };
    await reconciler.pass();
    redis.report = { added: 0, reranked: 0 };
    await reconciler.pass();

    expect(lines).toEqual([
      expect.objectContaining({ level: 40, requeued: 0, added: 1, reranked: 0, msg: 'reconciled the queue with the jobs table' }),
      expect.objectContaining({ level: 30, reranked: 3, msg: 'rebalanced queue priorities' }),
    ]);
  });

  it('survives a failed pass and logs it', async () => {
    const { redis, reconciler, lines } = await setup();
    redis.report = new Error('redis went away');
    await expect(reconciler.pass()).resolves.toBeUndefined();
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'queue reconcile failed', err: expect.objectContaining({ message: 'redis went away' }) })]);
  });

  it('runs a pass at start, then one every interval with up to 20% jitter either way, until stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The jitter of the first delay, then of the second: the shortest (80%), then close to the longest (120%).
    vi.spyOn(Math, 'random').mockReturnValueOnce(0).mockReturnValueOnce(0.999_999).mockReturnValue(0.5);
    const { redis, reconciler } = await setup();

    await reconciler.start();
    expect(redis.passes).toBe(1);

    vi.advanceTimersByTime(0.8 * INTERVAL_MS - 1);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(vi.getTimerCount()).toBe(0);
    await until(() => redis.passes === 2);

    await until(() => vi.getTimerCount() === 1);
    vi.advanceTimersByTime(1.2 * INTERVAL_MS - 100);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(100);
    expect(vi.getTimerCount()).toBe(0);
    await until(() => redis.passes === 3);

    await until(() => vi.getTimerCount() === 1);
    await reconciler.stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10 * INTERVAL_MS);
    expect(redis.passes).toBe(3);
  });

  it('stop() waits for a pass that is under way, and no pass follows it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { redis, reconciler } = await setup();
    await reconciler.start();
    const release = redis.holdNextPass();
    vi.advanceTimersByTime(INTERVAL_MS);
    await until(() => redis.passes === 2);

    let stopped = false;
    const stopping = reconciler.stop().then(() => (stopped = true));
    await until(() => redis.seen.length === 2);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(vi.getTimerCount()).toBe(0);
    expect(redis.passes).toBe(2);
  });

  it('can be started again after a stop', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { redis, reconciler } = await setup();
    await reconciler.start();
    await reconciler.stop();
    await reconciler.start();
    expect(redis.passes).toBe(2);
    expect(vi.getTimerCount()).toBe(1);
  });
});
