// The embedded queue over a real SQLite database, with a codec that holds every compression until the test releases
// it: which job gets the next slot (fair share across owners), how many run at once, per-owner pause, shutdown, and
// what happens to rows a previous process left "processing". Every wait is on an event or a row, never on time.
// The queue's periodic timers are faked, so a job starts only because something woke the queue, never because a
// tick happened to come along; tests that are about the tick move it by hand.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InProcessQueue } from '#server/jobs/in-process-queue';
import { LEASE_MS, retryDelayMs } from '#server/jobs/job-runner';
import { CodecError } from '#server/codec/types';
import { CodecCrashError, CRASH_MESSAGE } from '#server/sandbox/codec-pool';
import { MAX_CONCURRENT_JOBS, MAX_RETRIES } from '#contract/limits';
import { capturingLog, HeldCodec, until, useJobEnvironments } from './harness';

const TICK_MS = 500;

/**
 * The queue's steps between two wake-ups are promise continuations only (SQLite answers synchronously, the test codec
 * holds its work), so once the event loop reaches its next turn, every step already under way has run.
 */
const everyPendingStepDone = () => new Promise((resolve) => setImmediate(resolve));
const LEASE_CHECK_MS = 15_000;

describe('InProcessQueue', () => {
  const { setup: setupEnv, cleanups } = useJobEnvironments();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function setup(concurrency = MAX_CONCURRENT_JOBS) {
    const env = await setupEnv();
    const codec = new HeldCodec();
    const { log, lines, messages } = capturingLog();
    const queue = new InProcessQueue(env.jobs, env.runnerWith(codec), env.clock, log, concurrency);
    cleanups.push(() => queue.stop(0));
    /** `count` pending jobs of one owner, uploaded one millisecond apart from `createdAt` on. */
    const upload = async (ownerId: string, count: number, createdAt = env.clock.t) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push(await env.addJob({ owner_id: ownerId, created_at: createdAt + i }));
      await queue.enqueue(ids);
      return ids;
    };
    const statusOf = async (id: string) => (await env.jobs.findById(id))?.status;
    const countProcessing = async () =>
      Number((await env.db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'processing').executeTakeFirstOrThrow()).n);
    return { ...env, codec, queue, upload, statusOf, countProcessing, lines, messages };
  }

  describe('fair share', () => {
    it("does not make one owner's single job wait behind another owner's batch of 50", async () => {
      const { clock, codec, queue, upload } = await setup();
      const batch = await upload('batch-owner', 50);
      const [single] = await upload('guest', 1, clock.t + 1000);
      await queue.startWorking();

      await codec.until(() => codec.active.size === MAX_CONCURRENT_JOBS);
      // Oldest owner first, then the owner with nothing running, then back to the first.
      expect(codec.started).toEqual([batch[0], single, batch[1]]);
    });

    it('gives a freed slot to the owner with the fewest running jobs, even if it was served last', async () => {
      const { clock, codec, queue, upload } = await setup(3);
      const a = await upload('a', 10);
      const b = await upload('b', 3, clock.t + 1000);
      await queue.startWorking();
      await codec.until(() => codec.started.length === 3);
      expect(codec.started).toEqual([a[0], b[0], a[1]]);

      codec.finish(b[0]!);
      await codec.startedJob(b[1]!);
      // Now "a" has two running and "b" none; "a" was served longer ago, but running count comes first.
      codec.finish(b[1]!);
      await codec.until(() => codec.started.length === 5);
      expect(codec.started.slice(3)).toEqual([b[1], b[2]]);
    });

    it('takes turns between owners one slot at a time, starting with owners never served in upload order', async () => {
      const { clock, codec, queue, upload } = await setup(1);
      // Owner "a" uploaded first and last: its oldest waiting job, not its newest, places it.
      const a = [...(await upload('a', 2, clock.t)), ...(await upload('a', 1, clock.t + 50))];
      const b = await upload('b', 2, clock.t + 20);
      const c = await upload('c', 1, clock.t + 10);
      await queue.startWorking();

      for (let n = 1; n <= 6; n++) {
        await codec.until(() => codec.started.length === n);
        expect(codec.active.size).toBe(1);
        codec.finish(codec.started[n - 1]!);
      }
      expect(codec.started).toEqual([a[0], c[0], b[0], a[1], b[1], a[2]]);
    });
  });

  describe('concurrency', () => {
    it(`never runs more than MAX_CONCURRENT_JOBS (${MAX_CONCURRENT_JOBS}) jobs at once, and runs them all`, async () => {
      const { codec, queue, upload, statusOf, countProcessing } = await setup();
      const ids = [...(await upload('a', 6)), ...(await upload('b', 4))];
      await queue.startWorking();

      for (let finished = 0; finished < ids.length; finished++) {
        await codec.until(() => codec.active.size === Math.min(MAX_CONCURRENT_JOBS, ids.length - finished));
        expect(queue.runningCount()).toBeLessThanOrEqual(MAX_CONCURRENT_JOBS);
        expect(await countProcessing()).toBeLessThanOrEqual(MAX_CONCURRENT_JOBS);
        codec.finish([...codec.active.keys()][0]!);
      }
      await until(async () => (await Promise.all(ids.map(statusOf))).every((s) => s === 'completed'));
      expect(codec.peakActive).toBe(MAX_CONCURRENT_JOBS);
      expect(codec.started).toHaveLength(ids.length);
      await until(() => queue.runningCount() === 0);
    });

    it('keeps to the limit when many wake-ups arrive at once', async () => {
      const { clock, jobs, codec, queue, upload } = await setup(1);
      const owners = ['a', 'b', 'c'];
      for (const owner of owners) await jobs.setPaused(owner, true, clock.t);
      const ids = [...(await upload('a', 1)), ...(await upload('b', 1)), ...(await upload('c', 1))];
      await queue.startWorking();
      for (const owner of owners) await jobs.setPaused(owner, false, clock.t);
      // Three resumes in one turn of the event loop: one pass must serve them all, one slot at a time.
      await Promise.all(owners.map((owner) => queue.ownerResumed(owner)));

      for (let n = 1; n <= ids.length; n++) {
        await codec.until(() => codec.started.length === n);
        await everyPendingStepDone();
        expect(codec.active.size).toBe(1);
        codec.finish(codec.started[n - 1]!);
      }
      expect(codec.peakActive).toBe(1);
    });

    it('does not miss an upload that arrives while the queue is busy deciding', async () => {
      const { db, codec, queue, addJob } = await setup();
      await queue.startWorking();
      const id = await addJob({ status: 'completed' });
      // A wake-up starts a pass over the table; the row becomes runnable just after that pass has looked (statements
      // run in order on the one connection), and the row's own wake-up arrives while the pass is still running. The
      // queue must look again afterwards.
      void queue.enqueue([]);
      const becameRunnable = db.updateTable('jobs').set({ status: 'pending' }).where('id', '=', id).execute();
      void queue.enqueue([id]);
      await becameRunnable;
      await codec.startedJob(id);
    });

    it('starts nothing before startWorking, and a new upload is picked up at once', async () => {
      const { codec, queue, upload, statusOf } = await setup();
      const [early] = await upload('a', 1);
      expect(await statusOf(early!)).toBe('pending');
      await queue.startWorking();
      await codec.startedJob(early!);
      const [late] = await upload('b', 1);
      await codec.startedJob(late!);
    });
  });

  describe('per-owner pause', () => {
    it("holds a paused owner's jobs while others run, and runs them once the owner resumes", async () => {
      const { jobs, clock, codec, queue, upload, statusOf } = await setup(3);
      const [held] = await upload('paused-owner', 1, clock.t - 1000);
      const others = await upload('other', 3);
      await jobs.setPaused('paused-owner', true, clock.t);
      await queue.startWorking();

      await codec.until(() => codec.active.size === 3);
      expect(codec.started).toEqual(others);
      for (const id of others) codec.finish(id);
      await until(async () => (await Promise.all(others.map(statusOf))).every((s) => s === 'completed'));
      expect(await statusOf(held!)).toBe('pending');

      await jobs.setPaused('paused-owner', false, clock.t);
      await queue.ownerResumed('paused-owner');
      await codec.startedJob(held!);
    });
  });

  describe('retries', () => {
    it('never lets a poison job block the next one: its retries wait their backoff while other jobs run', async () => {
      const { clock, jobs, codec, queue, upload, statusOf } = await setup(1);
      const [poison, next] = await upload('a', 2);
      await queue.startWorking();

      await codec.startedJob(poison!);
      codec.fail(poison!, new CodecCrashError('SIGSEGV'));
      // The poison job is not due again for a while, so the other job gets the slot.
      await codec.startedJob(next!);
      codec.finish(next!);
      await until(async () => (await statusOf(next!)) === 'completed');

      for (let attempt = 2; attempt <= MAX_RETRIES + 1; attempt++) {
        // Once its backoff is over, the queue's next tick starts it again.
        clock.t += retryDelayMs(attempt - 1);
        vi.advanceTimersByTime(TICK_MS);
        await codec.startedJob(poison!, attempt);
        codec.fail(poison!, new CodecCrashError('SIGSEGV'));
        await until(async () => (await statusOf(poison!)) !== 'processing');
      }
      expect(await statusOf(poison!)).toBe('error');
      expect((await jobs.findById(poison!))!.error).toBe(`Compression failed after ${MAX_RETRIES + 1} attempts: ${CRASH_MESSAGE}`);
      expect(codec.started).toEqual([poison, next, poison, poison, poison]);
    });

    it('does not start a job whose retry is not yet due', async () => {
      const { clock, codec, queue, upload, statusOf } = await setup(1);
      const [id] = await upload('a', 1);
      await queue.startWorking();
      await codec.startedJob(id!);
      codec.fail(id!, new CodecCrashError('SIGSEGV'));
      await until(async () => (await statusOf(id!)) === 'pending');
      await until(() => queue.runningCount() === 0);

      // Kicked while not yet due: a second upload runs instead, and the retried job stays pending.
      clock.t += retryDelayMs(1) - 1;
      const [other] = await upload('b', 1);
      await codec.startedJob(other!);
      expect(codec.started).toEqual([id, other]);
      codec.finish(other!);
      clock.t += 1;
      vi.advanceTimersByTime(TICK_MS);
      await codec.startedJob(id!, 2);
    });

    it('hands back a job whose outcome could not be recorded, without spending its attempt, and runs it again', async () => {
      const { db, jobs, codec, queue, upload, statusOf, lines } = await setup(1);
      // The database refuses the write that records a failure, as a full disk would.
      await sql`create trigger refuse_failures before update of status on jobs when new.status = 'error'
                begin select raise(abort, 'database or disk is full'); end`.execute(db);
      const [id] = await upload('a', 1);
      await queue.startWorking();
      await codec.startedJob(id!);
      codec.fail(id!, new CodecError('corrupt', 'This image file is damaged'));

      await codec.startedJob(id!, 2);
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'could not record the job outcome; will hand it back', jobId: id }));
      expect(await jobs.findById(id!)).toMatchObject({ status: 'processing', attempts: 1 });

      await sql`drop trigger refuse_failures`.execute(db);
      codec.fail(id!, new CodecError('corrupt', 'This image file is damaged'));
      await until(async () => (await statusOf(id!)) === 'error');
    });
  });

  describe('start and stop', () => {
    it('requeues rows a previous process left "processing" without spending an attempt', async () => {
      const { clock, jobs, codec, queue, addJob, lines } = await setup();
      const interrupted = await addJob({ status: 'processing', attempts: 1, lease_token: 'dead-process', lease_until: clock.t + LEASE_MS });
      const neverStarted = await addJob({ status: 'processing', attempts: 0, lease_token: 'dead-process', lease_until: clock.t + LEASE_MS });
      await queue.startWorking();
      expect(lines).toEqual([expect.objectContaining({ msg: 'requeued jobs interrupted by a previous stop', count: 2 })]);

      await codec.startedJob(interrupted);
      await codec.startedJob(neverStarted);
      expect(await jobs.findById(interrupted)).toMatchObject({ status: 'processing', attempts: 1 });
      expect(await jobs.findById(neverStarted)).toMatchObject({ status: 'processing', attempts: 1 });
      expect((await jobs.findById(interrupted))!.lease_token).not.toBe('dead-process');
    });

    it('stop() waits for running jobs, whose results are then recorded', async () => {
      const { codec, queue, upload, statusOf } = await setup();
      const [id] = await upload('a', 1);
      await queue.startWorking();
      await codec.startedJob(id!);

      let stopped = false;
      const stopping = queue.stop(3_600_000).then(() => (stopped = true));
      await until(async () => (await statusOf(id!)) === 'processing');
      expect(stopped).toBe(false);
      codec.finish(id!);
      await stopping;

      expect(await statusOf(id!)).toBe('completed');
      expect(queue.runningCount()).toBe(0);
    });

    it('past the grace period, stop() hands running jobs back to the queue without spending their attempt', async () => {
      const { jobs, codec, queue, upload } = await setup();
      const [id] = await upload('a', 1);
      await queue.startWorking();
      await codec.startedJob(id!);

      await queue.stop(0);
      expect(await jobs.findById(id!)).toMatchObject({ status: 'pending', attempts: 0, lease_token: null });
      // The late result of the handed-back run is not recorded.
      codec.finish(id!);
      await until(() => queue.runningCount() === 0);
      expect(await jobs.findById(id!)).toMatchObject({ status: 'pending', compressed_size: null });
    });

    it('takes no new work after stop(), and leaves no timer running', async () => {
      const { codec, queue, upload, statusOf, messages } = await setup();
      await queue.startWorking();
      expect(vi.getTimerCount()).toBe(2);
      await queue.stop(0);
      expect(vi.getTimerCount()).toBe(0);
      const [id] = await upload('a', 1);
      await queue.ownerResumed('a');
      expect(await statusOf(id!)).toBe('pending');
      expect(codec.started).toEqual([]);
      // Nothing was interrupted, so nothing was reported.
      expect(messages()).toEqual([]);
    });
  });

  describe('lease checks', () => {
    it('puts back a row whose lease lapsed, but not the rows of jobs running here or leases still held', async () => {
      const { clock, jobs, codec, queue, upload, addJob, lines } = await setup(3);
      const [mine] = await upload('a', 1);
      await queue.startWorking();
      await codec.startedJob(mine!);
      const myLease = (await jobs.findById(mine!))!.lease_token;

      // Time passes beyond the lease of the job running here; meanwhile a row was abandoned (its outcome could not be
      // written) and another is held under a lease that is still live.
      clock.t += 2 * LEASE_MS;
      const processing = { status: 'processing' as const, attempts: 1 };
      const abandoned = await addJob({ ...processing, owner_id: 'b', lease_token: 'lost', lease_until: clock.t - 1 });
      const held = await addJob({ ...processing, owner_id: 'c', lease_token: 'live', lease_until: clock.t + LEASE_MS });
      vi.advanceTimersByTime(LEASE_CHECK_MS);

      await codec.startedJob(abandoned);
      expect(lines).toEqual([expect.objectContaining({ msg: 'requeued jobs whose lease lapsed', count: 1 })]);
      expect(await jobs.findById(abandoned)).toMatchObject({ status: 'processing', attempts: 1 });
      expect(await jobs.findById(mine!)).toMatchObject({ status: 'processing', lease_token: myLease });
      expect(await jobs.findById(held)).toMatchObject({ status: 'processing', lease_token: 'live' });
    });

    it('reports nothing when no lease lapsed', async () => {
      const { jobs, queue, messages } = await setup();
      await queue.startWorking();
      vi.advanceTimersByTime(LEASE_CHECK_MS);
      // The database has one connection and runs statements in order: once this one answers, the check's has too.
      await jobs.countByStatus('anyone');
      expect(messages()).toEqual([]);
    });
  });
});
