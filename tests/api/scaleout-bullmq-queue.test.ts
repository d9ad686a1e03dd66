// The scale-out queue in this process, on the throwaway Redis of the scale-out level (its global setup provides
// TEST_REDIS_URL) and a real SQLite jobs table, with a codec that holds every compression until the test releases
// it. Runs in the api-scaleout project and in mutation runs (vitest.mutation.config.ts), where it is the only test
// that can kill bullmq-queue.ts's mutants: the API levels run that code in a server process.
//
// Each test gets its own key prefix, removed afterwards. Waits are on rows, Redis state, log lines or the codec,
// polled with a hang guard; BullMQ's delays run in real time, so a test that is about a delay promotes the job
// (as its delay running out would) instead of waiting for it.
import { randomBytes } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { BullMqQueue, STALL_LIMIT_MESSAGE } from '#server/jobs/bullmq-queue';
import { BacklogRepository } from '#server/jobs/backlog-repository';
import { LEASE_MS } from '#server/jobs/job-runner';
import { CodecError } from '#server/codec/types';
import { deleteRedisKeys, testRedisUrl } from '../support/scaleout-backing';
import { capturingLog, HeldCodec, useJobEnvironments } from '../unit/server/jobs/harness';
import { closedPort } from '../support/closed-port';

/** A hang guard, not a speed check: every condition below holds within a second or two on a quiet machine. */
const HANG_GUARD_MS = 20_000;

async function eventually<T>(probe: () => T | Promise<T>, what: string): Promise<NonNullable<T>> {
  const deadline = Date.now() + HANG_GUARD_MS;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves once this job's compression has started (`attempt` times), within the hang guard. */
function started(codec: HeldCodec, jobId: string, attempt = 1): Promise<boolean> {
  return eventually(() => codec.started.filter((id) => id === jobId).length >= attempt && codec.active.has(jobId), `${jobId} to start`);
}

describe('BullMqQueue on Redis', () => {
  // Cleanups run in reverse order: the queues stop first, then the test's keys go, then the database.
  const { setup: setupEnv, cleanups } = useJobEnvironments();

  async function setup(options: { concurrency?: number; lockMs?: number } = {}) {
    const env = await setupEnv();
    const redisUrl = testRedisUrl();
    // The test process id first, so the scale-out setup can remove what a killed run left (scaleout-backing.ts).
    const prefix = `imgc-t-${process.pid}-${randomBytes(5).toString('hex')}`;
    const backlog = new BacklogRepository(env.db);
    const codec = new HeldCodec();
    const { log, messages } = capturingLog();
    const lockMs = options.lockMs ?? 4000;
    // What the test reads Redis with: BullMQ's own view of the same queue.
    const probe = new Queue('compress', { connection: { url: redisUrl }, prefix });
    cleanups.push(async () => {
      await probe.close();
      await deleteRedisKeys(prefix);
    });
    const makeQueue = (withCodec: HeldCodec) => {
      const queue = new BullMqQueue(
        { redisUrl, prefix, concurrency: options.concurrency ?? 1, lockMs },
        { jobs: env.jobs, backlog, runner: env.runnerWith(withCodec), clock: env.clock, log },
      );
      cleanups.push(() => queue.stop(0));
      return queue;
    };
    const queue = makeQueue(codec);
    /** `count` pending jobs of one owner, uploaded one millisecond apart from `createdAt` on (not queued). */
    const rows = async (ownerId: string, count: number, createdAt = env.clock.t) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push(await env.addJob({ owner_id: ownerId, created_at: createdAt + i }));
      return ids;
    };
    const upload = async (ownerId: string, count: number, createdAt = env.clock.t) => {
      const ids = await rows(ownerId, count, createdAt);
      await queue.enqueue(ids);
      return ids;
    };
    const row = async (id: string) => (await env.jobs.findById(id))!;
    const stateOf = (id: string) => probe.getJobState(id);
    const priorityOf = async (id: string) => (await probe.getJob(id))?.priority;
    const queuedIds = async () => (await probe.getJobs(['prioritized', 'waiting', 'delayed', 'active'])).map((j) => j.id).sort();
    const setRow = (id: string, values: Record<string, unknown>) => env.db.updateTable('jobs').set(values).where('id', '=', id).execute();
    return { ...env, prefix, redisUrl, codec, queue, makeQueue, probe, rows, upload, row, stateOf, priorityOf, queuedIds, setRow, messages };
  }

  /**
   * Another worker process that takes a job, claims its row and then dies: its lock is never renewed again. Resolves
   * once the row is claimed by it and it is gone.
   */
  async function workerThatDies(env: Awaited<ReturnType<typeof setup>>, jobId: string): Promise<void> {
    let claimed!: () => void;
    const claimedRow = new Promise<void>((resolve) => (claimed = resolve));
    const dead = new Worker(
      'compress',
      async (job) => {
        const now = env.clock.now();
        await env.jobs.claim(job.id!, 'dead-worker', now + LEASE_MS, now);
        claimed();
        return new Promise(() => undefined);
      },
      { connection: { url: env.redisUrl, maxRetriesPerRequest: null }, prefix: env.prefix, lockDuration: 1000, skipStalledCheck: true },
    );
    dead.on('error', () => undefined);
    await eventually(() => claimedRow.then(() => true), 'the dying worker to claim the row');
    expect((await env.row(jobId)).lease_token).toBe('dead-worker');
    await dead.close(true);
  }

  describe('adding jobs', () => {
    it("adds only the given pending rows, keyed by row id, with their rank among the owner's rows as priority", async () => {
      const { clock, queue, rows, priorityOf, probe, queuedIds, setRow } = await setup();
      const [running, earlier, a] = await rows('a', 3);
      await setRow(running!, { status: 'processing', lease_token: 'other', lease_until: clock.t + LEASE_MS });
      const [b] = await rows('b', 1, clock.t + 10);

      await queue.enqueue([a!, b!, running!]);

      // "a" ranks behind the owner's running and earlier job; the running one is not added, nor the earlier one
      // (it was not part of this upload).
      expect(await queuedIds()).toEqual([a, b].sort());
      expect(await priorityOf(a!)).toBe(3);
      expect(await priorityOf(b!)).toBe(1);
      const job = (await probe.getJob(a!))!;
      expect(job.data).toEqual({ ownerId: 'a' });
      expect(job.name).toBe('compress');
      // Retries are counted on the row (decision 0005), and finished jobs leave nothing behind.
      expect(job.opts).toMatchObject({ attempts: 1, removeOnComplete: true, removeOnFail: true });
      expect(earlier).toBeDefined();

      // Adding again is harmless: the same job, not a second one.
      await queue.enqueue([a!]);
      await queue.enqueue([]);
      expect(await queuedIds()).toEqual([a, b].sort());
      expect((await probe.getJobCounts()).prioritized).toBe(2);
    });

    it("does not add a paused owner's jobs; resuming adds all of that owner's pending rows, ranked, and nobody else's", async () => {
      const { clock, jobs, queue, upload, rows, priorityOf, queuedIds } = await setup();
      await jobs.setPaused('a', true, clock.t);
      const [a1, a2] = await upload('a', 2);
      await rows('b', 1);
      expect(await queuedIds()).toEqual([]);

      await jobs.setPaused('a', false, clock.t);
      await queue.ownerResumed('a');
      expect(await queuedIds()).toEqual([a1, a2].sort());
      expect(await priorityOf(a1!)).toBe(1);
      expect(await priorityOf(a2!)).toBe(2);
    });

    it('returns without an error while Redis is unreachable, leaving the rows to the reconciler', async () => {
      const env = await setupEnv();
      const { log, messages } = capturingLog();
      const queue = new BullMqQueue(
        { redisUrl: `redis://127.0.0.1:${await closedPort()}`, prefix: 'unreachable', concurrency: 1, lockMs: 4000 },
        { jobs: env.jobs, backlog: new BacklogRepository(env.db), runner: env.runnerWith(new HeldCodec()), clock: env.clock, log },
      );
      cleanups.push(() => queue.stop(0));
      const id = await env.addJob();
      await queue.enqueue([id]);
      expect(messages()).toContain('queueing new jobs is taking long; the reconciler will finish it');
      expect((await env.jobs.findById(id))?.status).toBe('pending');
    });
  });

  describe('running jobs', () => {
    it("serves owners in fair-share order: a single job does not wait behind another owner's batch", async () => {
      const { clock, codec, queue, upload, row, queuedIds } = await setup();
      const batch = await upload('batch', 3);
      const [single] = await upload('guest', 1, clock.t + 100);
      await queue.startWorking();

      const order = [batch[0], single, batch[1], batch[2]];
      for (const [i, id] of order.entries()) {
        await eventually(() => codec.started.length === i + 1, `job ${i + 1} to start`);
        expect(codec.started[i]).toBe(id);
        expect(queue.runningCount()).toBe(1);
        expect(queue.runningJobIds()).toEqual([id]);
        codec.finish(id!);
      }
      for (const id of order) await eventually(async () => (await row(id!)).status === 'completed', 'the rows to complete');
      await eventually(async () => (await queuedIds()).length === 0, 'Redis to let go of finished jobs');
      expect(queue.runningCount()).toBe(0);
      expect(codec.started).toEqual(order);
    });

    it('runs as many jobs at once as its concurrency allows', async () => {
      const { codec, queue, upload } = await setup({ concurrency: 2 });
      const ids = await upload('a', 3);
      await queue.startWorking();
      await eventually(() => codec.active.size === 2, 'two jobs to run');
      expect(queue.runningCount()).toBe(2);
      expect(queue.runningJobIds().sort()).toEqual(ids.slice(0, 2).sort());
      codec.finish(ids[0]!);
      await started(codec, ids[2]!);
      // The first two start together, in either order (two workers race to the codec); the third only after one ends.
      expect(codec.started.slice(0, 2).sort()).toEqual(ids.slice(0, 2).sort());
      expect(codec.started.slice(2)).toEqual([ids[2]]);
    });

    it('serves pending rows Redis never heard of when a worker starts (the reconciler adds them first)', async () => {
      const { clock, codec, queue, rows, row } = await setup();
      const [a1, a2] = await rows('a', 2);
      const [b1] = await rows('b', 1, clock.t + 100);
      await queue.startWorking();
      for (const id of [a1, b1, a2]) {
        await eventually(() => codec.active.has(id!), `${id} to start`);
        codec.finish(id!);
      }
      expect(codec.started).toEqual([a1, b1, a2]);
      for (const id of [a1, a2, b1]) await eventually(async () => (await row(id!)).status === 'completed', 'the rows to complete');
    });

    it('fails a job whose input is at fault: the row records the error and Redis keeps nothing', async () => {
      const { codec, queue, upload, row, queuedIds } = await setup();
      const [id] = await upload('a', 1);
      await queue.startWorking();
      await started(codec, id!);
      codec.fail(id!, new CodecError('corrupt', 'The file is damaged'));
      await eventually(async () => (await row(id!)).status === 'error', 'the row to fail');
      expect((await row(id!)).error).toBe('The file is damaged');
      await eventually(async () => (await queuedIds()).length === 0, 'Redis to drop the job');
      expect(codec.started).toEqual([id]);
    });

    it("parks a job that failed for a passing reason until the row's retry time, then runs it again", async () => {
      const { clock, codec, queue, upload, row, stateOf, probe } = await setup();
      const [id] = await upload('a', 1);
      await queue.startWorking();
      await started(codec, id!);
      const failedAt = Date.now();
      codec.fail(id!, new Error('the codec process ran out of memory'));

      await eventually(async () => (await stateOf(id!)) === 'delayed', 'the job to be delayed');
      const retry = await row(id!);
      expect(retry).toMatchObject({ status: 'pending', attempts: 1 });
      expect(retry.available_at).toBe(clock.t + 1000);
      // BullMQ counts in real time: the job is due in about the second the row waits (first retry: 1 s).
      const job = (await probe.getJob(id!))!;
      expect(job.delay).toBeGreaterThan(500);
      expect(job.delay).toBeLessThanOrEqual(1000);
      expect(job.timestamp + job.delay).toBeGreaterThanOrEqual(failedAt);
      expect(codec.started).toEqual([id]);

      clock.t += 1000;
      await job.promote();
      await started(codec, id!, 2);
      expect((await row(id!)).attempts).toBe(2);
    });

    it('parks a job whose row is not due yet until it is, and runs it then', async () => {
      const { clock, codec, queue, addJob, stateOf, probe, row } = await setup();
      const id = await addJob({ owner_id: 'a', available_at: clock.t + 1500 });
      await queue.enqueue([id]);
      await queue.startWorking();

      await eventually(async () => (await stateOf(id)) === 'delayed', 'the job to be delayed');
      const job = (await probe.getJob(id))!;
      expect(job.delay).toBeGreaterThan(1000);
      expect(job.delay).toBeLessThanOrEqual(1500);
      expect(codec.started).toEqual([]);

      // Not yet due when the job comes round again: parked again.
      clock.t += 1000;
      await job.promote();
      await eventually(async () => (await stateOf(id)) === 'delayed' && (await probe.getJob(id))!.delay <= 500, 'the job to be delayed again');
      expect(codec.started).toEqual([]);
      expect((await row(id)).status).toBe('pending');

      clock.t += 500;
      await (await probe.getJob(id))!.promote();
      await started(codec, id);
    });

    it('drops jobs whose row was deleted or finished meanwhile, and goes on with the next', async () => {
      const { codec, queue, upload, db, setRow, queuedIds } = await setup();
      const [deleted, finished, failed, next] = await upload('a', 4);
      await db.deleteFrom('jobs').where('id', '=', deleted!).execute();
      await setRow(finished!, { status: 'completed' });
      await setRow(failed!, { status: 'error' });
      await queue.startWorking();
      await started(codec, next!);
      codec.finish(next!);
      await eventually(async () => (await queuedIds()).length === 0, 'Redis to drop every job');
      expect(codec.started).toEqual([next]);
    });
  });

  describe('rows held by another worker', () => {
    it("leaves a row under a live lease to its worker until the lease runs out, then takes it over", async () => {
      const { clock, codec, queue, upload, setRow, row, stateOf, probe, messages } = await setup();
      const [id] = await upload('a', 1);
      // Another worker claimed it; its lease runs out exactly now (still live: it is "until").
      await setRow(id!, { status: 'processing', lease_token: 'other', lease_until: clock.t, attempts: 1 });
      await queue.startWorking();

      await eventually(async () => (await stateOf(id!)) === 'delayed', 'the job to be delayed');
      // Looked at again a second after the lease ends.
      const job = (await probe.getJob(id!))!;
      expect(job.delay).toBeGreaterThan(500);
      expect(job.delay).toBeLessThanOrEqual(1000);
      expect(await row(id!)).toMatchObject({ status: 'processing', lease_token: 'other' });
      expect(codec.started).toEqual([]);

      clock.t += 1;
      await job.promote();
      await started(codec, id!);
      // Released (the crash was not the job's fault, so no attempt is used) and claimed again.
      expect(await row(id!)).toMatchObject({ status: 'processing', attempts: 1 });
      expect((await row(id!)).lease_token).not.toBe('other');
      expect(messages()).toContain('taking over a job whose worker stopped');
    });

    it("takes over at once a job BullMQ saw stall, though its row's lease is still live", async () => {
      const env = await setup({ lockMs: 2000 });
      const { codec, queue, upload, row, messages } = env;
      const [id] = await upload('a', 1);
      await workerThatDies(env, id!);
      expect((await row(id!)).lease_until).toBeGreaterThan(env.clock.now());

      await queue.startWorking();
      await started(codec, id!);
      expect(messages()).toContain('job stalled: its worker stopped; running it again');
      expect(messages()).toContain('taking over a job whose worker stopped');
      const taken = await row(id!);
      expect(taken.status).toBe('processing');
      expect(taken.lease_token).not.toBe('dead-worker');
      expect(taken.attempts).toBe(1);
    });

    it('fails a job in the table once it stalled more often than the limit (every worker that touched it died)', async () => {
      const env = await setup({ lockMs: 2000 });
      const { codec, queue, upload, row, probe, queuedIds, messages } = env;
      const [id] = await upload('a', 1);
      // Two workers already died on it.
      const client = new Redis(env.redisUrl);
      await client.hset(probe.toKey(id!), 'stc', 2);
      client.disconnect();
      await workerThatDies(env, id!);

      await queue.startWorking();
      await eventually(async () => (await row(id!)).status === 'error', 'the row to fail');
      expect((await row(id!)).error).toBe('Compression stopped unexpectedly several times; this image cannot be processed');
      expect(messages()).toContain('job failed: its workers stopped while running it too many times');
      expect(STALL_LIMIT_MESSAGE).toBe('job stalled more than allowable limit');
      expect(codec.started).toEqual([]);
      await eventually(async () => (await queuedIds()).length === 0, 'Redis to drop the job');
    });
  });

  describe('pausing', () => {
    it("drops a paused owner's job when a worker reaches it; the row stays pending and a resume runs it", async () => {
      const { clock, jobs, codec, queue, upload, row, stateOf } = await setup();
      const [id] = await upload('a', 1);
      await jobs.setPaused('a', true, clock.t);
      await queue.startWorking();

      await eventually(async () => (await stateOf(id!)) === 'unknown', 'the job to leave Redis');
      expect((await row(id!)).status).toBe('pending');
      expect(codec.started).toEqual([]);

      await jobs.setPaused('a', false, clock.t);
      await queue.ownerResumed('a');
      await started(codec, id!);
    });
  });

  describe('reconciling', () => {
    it('does nothing before the queue works, and nothing when no row is pending', async () => {
      const { queue, rows, queuedIds } = await setup();
      expect(await queue.syncBacklog()).toEqual({ added: 0, reranked: 0 });
      await queue.startWorking();
      expect(await queue.syncBacklog()).toEqual({ added: 0, reranked: 0 });
      await queue.stop(0);
      await rows('a', 1);
      expect(await queuedIds()).toEqual([]);
    });

    it('adds pending rows Redis lacks and re-ranks waiting jobs whose rank drifted', async () => {
      const { clock, codec, queue, upload, rows, db, priorityOf, queuedIds } = await setup();
      const [blocker] = await upload('b', 1);
      const [a1, a2, a3] = await upload('a', 3, clock.t + 10);
      await queue.startWorking();
      await started(codec, blocker!);
      // Nothing to do: every pending row is in Redis with its rank.
      expect(await queue.syncBacklog()).toEqual({ added: 0, reranked: 0 });

      // The owner deleted their first job (its id stays in Redis until a worker reaches it), and a row was stored
      // whose add never reached Redis.
      await db.deleteFrom('jobs').where('id', '=', a1!).execute();
      const [a4] = await rows('a', 1, clock.t + 20);
      expect(await queue.syncBacklog()).toEqual({ added: 1, reranked: 2 });
      expect(await priorityOf(a2!)).toBe(1);
      expect(await priorityOf(a3!)).toBe(2);
      expect(await priorityOf(a4!)).toBe(3);
      expect(await queuedIds()).toEqual([blocker, a1, a2, a3, a4].sort());
      // Ranks now agree: a second pass changes nothing.
      expect(await queue.syncBacklog()).toEqual({ added: 0, reranked: 0 });

      codec.finish(blocker!);
      await started(codec, a2!);
      expect(codec.started).toEqual([blocker, a2]);
    });
  });

  describe('stopping', () => {
    it('waits for a running job that finishes within the grace period', async () => {
      const { codec, queue, upload, row, messages, queuedIds } = await setup();
      const [id] = await upload('a', 1);
      await queue.startWorking();
      await started(codec, id!);

      let stopped = false;
      const stopping = queue.stop(HANG_GUARD_MS).then(() => (stopped = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stopped).toBe(false);
      codec.finish(id!);
      await stopping;
      expect((await row(id!)).status).toBe('completed');
      expect(await queuedIds()).toEqual([]);
      expect(messages()).not.toContain('shutdown: handed a running job back to the queue');
    });

    it('hands running jobs back after the grace period: the row is pending again and another worker runs it first', async () => {
      const { codec, queue, makeQueue, upload, row, stateOf, priorityOf, messages } = await setup();
      const [a1, a2] = await upload('a', 2);
      await queue.startWorking();
      await started(codec, a1!);
      expect((await row(a1!)).attempts).toBe(1);

      await queue.stop(0);
      expect(messages()).toContain('shutdown: handed a running job back to the queue');
      // The row is back without using an attempt; the BullMQ job waits again with its rank.
      expect(await row(a1!)).toMatchObject({ status: 'pending', attempts: 0, lease_token: null });
      expect(await stateOf(a1!)).toBe('prioritized');
      expect(await priorityOf(a1!)).toBe(1);
      expect(await stateOf(a2!)).toBe('prioritized');
      expect(queue.runningCount()).toBe(0);

      const other = new HeldCodec();
      await makeQueue(other).startWorking();
      await started(other, a1!);
      expect(other.started).toEqual([a1]);
    });
  });
});
