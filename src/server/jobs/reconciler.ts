// Scale-out safety net: makes Redis agree with the jobs table again, at worker start and then periodically.
// The table is the source of truth, so anything Redis forgot (data loss, a failed add, a job dropped while its
// owner was paused and a resume that raced the drop) is found by looking at the rows, never at Redis alone.
import type { Clock } from '#server/clock';
import type { Logger } from '#server/logger';
import type { JobRepository } from './job-repository';

export interface SyncReport {
  /** Rows that were pending in the table but had no job in Redis. */
  added: number;
  /** Waiting jobs whose fair-share priority had drifted and was corrected. */
  reranked: number;
}

/** The queue side of a reconcile pass. */
export interface BacklogSync {
  syncBacklog(): Promise<SyncReport>;
  /** Jobs this process is running now: their rows are ours even if a missed heartbeat let the lease lapse. */
  runningJobIds(): string[];
}

/**
 * Every worker runs one. Passes are idempotent (adds are keyed by job id, requeues are conditional updates),
 * so several workers reconciling at once only repeat each other's work.
 */
export class Reconciler {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly jobs: JobRepository,
    private readonly queue: BacklogSync,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly intervalMs: number,
  ) {}

  /** Runs one pass now (so a fresh worker repairs Redis before it takes work), then keeps running them. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.pass();
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    // Jitter keeps the workers of a fleet from reconciling in lockstep.
    const delay = this.intervalMs * (0.8 + Math.random() * 0.4);
    this.timer = setTimeout(() => {
      this.running = this.pass().finally(() => {
        this.running = undefined;
        this.schedule();
      });
    }, delay);
    this.timer.unref();
  }

  async pass(): Promise<void> {
    try {
      // A row still "processing" after its lease ran out belongs to a worker that stopped heart-beating:
      // crashed, or cut off from the database. Its BullMQ job may be gone too, so the row is put back first.
      const requeued = await this.jobs.requeueInterrupted(this.clock.now(), true, this.queue.runningJobIds());
      const { added, reranked } = await this.queue.syncBacklog();
      if (requeued.length || added) {
        this.log.warn({ requeued: requeued.length, added, reranked }, 'reconciled the queue with the jobs table');
      } else if (reranked) {
        this.log.info({ reranked }, 'rebalanced queue priorities');
      }
    } catch (err) {
      this.log.error({ err }, 'queue reconcile failed');
    }
  }
}
