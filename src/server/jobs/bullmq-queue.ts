// The scale-out queue: BullMQ on Redis carries job ids from API processes to any number of worker processes.
//
// The jobs table stays the single source of truth and the queue carries only ids (docs/decisions/0003); retries
// are counted on the row, BullMQ runs with `attempts: 1` (0005); priorities are fair-share ranks (0006).
//
// How, in BullMQ's terms:
// - Job ids are our row ids (BullMQ `jobId`), so adding a job twice is a no-op; for re-adds (resume, reconcile)
//   removeOnComplete/removeOnFail are on. A row that must wait is parked in the delayed set (moveToDelayed).
// - Stalls: a worker that dies leaves its BullMQ jobs active with a lock nobody renews. After `lockDuration`
//   the stall check (every `stalledInterval` = lockDuration / 2) moves them back to wait, so another worker
//   picks them up 1 to 1.5 lock durations after the crash. That worker sees the row still "processing" under
//   the dead worker's lease; a job that BullMQ reports as stalled (`stalledCounter` > 0) is taken over at once
//   (release + claim), anything else waits until the row's lease runs out. `maxStalledCount: 2` lets a job
//   survive two crashing workers; a third stall marks it failed in the table, because a file that kills every
//   worker that touches it must not cycle through the fleet for ever.
// - Fairness: ranks are fixed when a job is added and drift as the owner's earlier jobs finish, so the reconciler
//   re-ranks waiting jobs on every pass.
// - Per-owner pause lives in `owner_queue` (BullMQ can only pause a whole queue). A paused owner's jobs are not
//   added; one that was already in Redis is dropped when a worker reaches it, and the row stays pending.
//   `ownerResumed` adds the owner's pending rows again.
import { DelayedError, type Job, Queue, WaitingError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Clock } from '#server/clock';
import type { Logger } from '#server/logger';
import type { JobQueue } from './job-queue';
import type { JobRepository } from './job-repository';
import type { JobRunner } from './job-runner';
import type { BacklogRepository, BacklogRow } from './backlog-repository';
import { Reconciler, type BacklogSync, type SyncReport } from './reconciler';
import { addJobs, QUEUE_NAME, rank, syncRedisBacklog, within, type JobData } from './bullmq-backlog';

const MAX_STALLED_COUNT = 2;
export const STALL_LIMIT_MESSAGE = 'job stalled more than allowable limit';
const RECONCILE_MS = 30_000;
/** An upload or a resume never waits longer than this on Redis; the reconciler adds whatever did not make it. */
const REDIS_WAIT_MS = 3_000;
/** After the grace period, how long hand-back and closing may take before the process exits regardless. */
const HAND_BACK_MS = 3_000;
/** A row held by another worker is looked at again this long after its lease runs out. */
const LEASE_SLACK_MS = 1_000;

type Outcome = 'completed' | 'failed' | 'lost' | 'gone' | 'paused';

interface Running {
  leaseToken: string;
  /** Makes the processor give its BullMQ job back to the queue (graceful shutdown past the grace period). */
  handBack: () => void;
  settled: Promise<unknown>;
}

export interface BullMqQueueOptions {
  redisUrl: string;
  prefix: string;
  /** Jobs one worker process runs at a time. */
  concurrency: number;
  lockMs: number;
}

export interface BullMqDeps {
  jobs: JobRepository;
  backlog: BacklogRepository;
  runner: JobRunner;
  clock: Clock;
  log: Logger;
}

export class BullMqQueue implements JobQueue, BacklogSync {
  private readonly queue: Queue<JobData, Outcome>;
  private worker: Worker<JobData, Outcome> | undefined;
  private redis: Redis | undefined;
  private reconciler: Reconciler | undefined;
  private readonly running = new Map<string, Running>();
  private stopping = false;

  constructor(
    private readonly options: BullMqQueueOptions,
    private readonly deps: BullMqDeps,
  ) {
    this.queue = new Queue<JobData, Outcome>(QUEUE_NAME, {
      connection: { url: options.redisUrl },
      prefix: options.prefix,
      defaultJobOptions: { attempts: 1, removeOnComplete: true, removeOnFail: true },
    });
    this.queue.on('error', (err) => deps.log.error({ err }, 'redis error (queue)'));
  }

  async enqueue(jobIds: string[]): Promise<void> {
    if (jobIds.length === 0) return;
    // The rows are already stored, so the upload has succeeded whatever Redis says; a failed add is repaired
    // by the next reconcile pass rather than reported to the uploader.
    await this.bounded(async () => {
      const owners = await this.deps.backlog.ownersOf(jobIds);
      await this.addRanked(await this.deps.backlog.backlog(owners), new Set(jobIds));
    }, 'queueing new jobs');
  }

  async ownerResumed(ownerId: string): Promise<void> {
    await this.bounded(async () => this.addRanked(await this.deps.backlog.backlog([ownerId])), 'queueing resumed jobs');
  }

  async startWorking(): Promise<void> {
    const { redisUrl, prefix, concurrency, lockMs } = this.options;
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
    this.redis.on('error', (err) => this.deps.log.error({ err }, 'redis error (reconciler)'));
    this.reconciler = new Reconciler(this.deps.jobs, this, this.deps.clock, this.deps.log, RECONCILE_MS);
    // Repair Redis from the table before taking work, so a worker started after Redis lost its data
    // serves the forgotten jobs in fair order.
    await this.reconciler.start();

    this.worker = new Worker<JobData, Outcome>(QUEUE_NAME, (job, token) => this.handle(job, token), {
      // Blocking connections must retry for ever instead of failing their commands (BullMQ requirement).
      connection: { url: redisUrl, maxRetriesPerRequest: null },
      prefix,
      concurrency,
      lockDuration: lockMs,
      stalledInterval: Math.max(1000, Math.floor(lockMs / 2)),
      maxStalledCount: MAX_STALLED_COUNT,
      removeOnComplete: { count: 0 },
      removeOnFail: { count: 0 },
      autorun: false,
    });
    this.worker.on('error', (err) => this.deps.log.error({ err }, 'redis error (worker)'));
    this.worker.on('stalled', (jobId) => this.deps.log.warn({ jobId }, 'job stalled: its worker stopped; running it again'));
    this.worker.on('completed', (job, outcome) => {
      if (outcome === 'paused') void this.readdIfResumed(job.data.ownerId);
    });
    this.worker.on('failed', (job, err) => {
      if (!job?.id) return;
      if (err.message === STALL_LIMIT_MESSAGE) void this.failPoisonJob(job.id);
      else this.deps.log.error({ jobId: job.id, err }, 'queue job failed; the reconciler will queue it again');
    });
    void this.worker.run().catch((err) => this.deps.log.error({ err }, 'worker stopped with an error'));
  }

  runningCount(): number {
    return this.running.size;
  }

  /** Redis answers a cheap read on the queue's own connection (readiness bounds the wait: ioredis holds commands while away). */
  async checkReachable(): Promise<void> {
    await this.queue.getPrioritizedCount();
  }

  runningJobIds(): string[] {
    return [...this.running.keys()];
  }

  /**
   * BullMQ's own close() waits for running jobs without any bound, so the bound is ours: stop fetching, give
   * running jobs the grace period, then hand the rest back (row released without using an attempt, BullMQ job
   * back to wait for another worker) and close forcibly.
   */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    if (this.reconciler) await within(this.reconciler.stop(), HAND_BACK_MS);
    const worker = this.worker;
    if (worker) {
      await within(worker.pause(true), HAND_BACK_MS);
      const finished = await within(this.allSettled(), graceMs);
      if (!finished) {
        const now = this.deps.clock.now();
        for (const [jobId, r] of this.running) {
          await this.deps.jobs.release(jobId, r.leaseToken, now).catch((err) => this.deps.log.error({ err, jobId }, 'release failed'));
          r.handBack();
          this.deps.log.warn({ jobId }, 'shutdown: handed a running job back to the queue');
        }
        await within(this.allSettled(), HAND_BACK_MS);
      }
      // Nothing of ours is active any more (or it was handed back), so forcing loses nothing; it also keeps
      // an unreachable Redis from holding the process open.
      await within(worker.close(!finished), HAND_BACK_MS);
    }
    await within(this.queue.close(), HAND_BACK_MS);
    this.redis?.disconnect();
  }

  /** One reconcile pass on the Redis side: add missing pending rows, correct drifted ranks. */
  async syncBacklog(): Promise<SyncReport> {
    return this.redis ? syncRedisBacklog(this.queue, this.redis, await this.deps.backlog.backlog()) : { added: 0, reranked: 0 };
  }

  private async handle(job: Job<JobData, Outcome>, token: string | undefined): Promise<Outcome> {
    const { jobs, clock, log } = this.deps;
    const jobId = job.id!;
    if (this.stopping) return this.backToWait(job, token);

    const row = await jobs.findById(jobId);
    if (!row || row.status === 'completed' || row.status === 'error') return 'gone';
    if (row.status === 'processing') {
      const leaseLive = row.lease_until != null && row.lease_until >= clock.now();
      if (leaseLive && job.stalledCounter === 0) {
        // Another worker holds the row and nothing says it died: look again when its lease runs out.
        return this.delayUntil(job, token, row.lease_until! + LEASE_SLACK_MS);
      }
      // Its worker died (BullMQ saw the lock lapse, or the lease ran out). A crash is not the job's fault:
      // release gives the row back without using up an attempt.
      await jobs.release(jobId, row.lease_token ?? '', clock.now());
      log.warn({ jobId, stalledCounter: job.stalledCounter }, 'taking over a job whose worker stopped');
    } else if (row.available_at > clock.now()) {
      return this.delayUntil(job, token, row.available_at);
    }
    if (await jobs.isPaused(row.owner_id)) return 'paused';

    const leaseToken = await this.deps.runner.claim(jobId);
    if (!leaseToken) {
      // Someone claimed or changed the row since we read it; decide again from its new state shortly.
      return this.delayUntil(job, token, clock.now() + LEASE_SLACK_MS);
    }
    log.info({ jobId }, 'job started');

    let handBack!: () => void;
    const handedBack = new Promise<'handed-back'>((resolve) => (handBack = () => resolve('handed-back')));
    let markSettled!: () => void;
    const settled = new Promise<void>((resolve) => (markSettled = resolve));
    this.running.set(jobId, { leaseToken, handBack, settled });
    try {
      const outcome = await Promise.race([this.deps.runner.run(jobId, leaseToken), handedBack]);
      if (outcome === 'handed-back') return await this.backToWait(job, token);
      log.info({ jobId, outcome }, 'job finished');
      if (outcome === 'retry') {
        const retry = await jobs.findById(jobId);
        if (retry?.status === 'pending') return await this.delayUntil(job, token, retry.available_at);
        return 'gone';
      }
      return outcome;
    } finally {
      this.running.delete(jobId);
      markSettled();
    }
  }

  /** Parks this BullMQ job until `clockMs` (our clock, which tests may shift; BullMQ counts in real time). */
  private async delayUntil(job: Job<JobData, Outcome>, token: string | undefined, clockMs: number): Promise<never> {
    const waitMs = Math.max(0, clockMs - this.deps.clock.now());
    await job.moveToDelayed(Date.now() + waitMs, token);
    throw new DelayedError();
  }

  /** Gives the job straight back to the queue, with its priority, for any worker to take. */
  private async backToWait(job: Job<JobData, Outcome>, token: string | undefined): Promise<never> {
    await job.moveToWait(token);
    throw new WaitingError();
  }

  /** Adds the pending rows of a backlog with their fair-share rank as priority. */
  private async addRanked(rows: BacklogRow[], only?: Set<string>): Promise<void> {
    const ranked = rank(rows).filter((r) => r.status === 'pending' && (!only || only.has(r.id)));
    await addJobs(this.queue, ranked);
  }

  /**
   * A paused owner's job was just dropped from Redis. If the owner resumed while we were deciding, their resume
   * could not re-add it (the job still existed then), so it is added here, now that it is gone.
   */
  private async readdIfResumed(ownerId: string): Promise<void> {
    try {
      if (!(await this.deps.jobs.isPaused(ownerId))) await this.addRanked(await this.deps.backlog.backlog([ownerId]));
    } catch (err) {
      this.deps.log.error({ err, ownerId }, 'could not re-check a paused owner; the reconciler will');
    }
  }

  /** The job stalled more than MAX_STALLED_COUNT times: every worker that ran it died. Fail it for good. */
  private async failPoisonJob(jobId: string): Promise<void> {
    const { jobs, clock, log } = this.deps;
    try {
      const row = await jobs.findById(jobId);
      if (!row || (row.status !== 'pending' && row.status !== 'processing')) return;
      if (row.status === 'processing') await jobs.release(jobId, row.lease_token ?? '', clock.now());
      const leaseToken = await this.deps.runner.claim(jobId);
      if (!leaseToken) return;
      await jobs.fail(jobId, leaseToken, 'Compression stopped unexpectedly several times; this image cannot be processed', clock.now());
      log.error({ jobId }, 'job failed: its workers stopped while running it too many times');
    } catch (err) {
      log.error({ err, jobId }, 'could not record a job that stalled too often');
    }
  }

  private allSettled(): Promise<unknown> {
    return Promise.all([...this.running.values()].map((r) => r.settled));
  }

  private async bounded(work: () => Promise<void>, what: string): Promise<void> {
    const task = work().catch((err) => this.deps.log.error({ err }, `${what} failed; the reconciler will queue them`));
    if (!(await within(task, REDIS_WAIT_MS))) this.deps.log.warn({}, `${what} is taking long; the reconciler will finish it`);
  }
}
