// The embedded queue: workers in this process pull due jobs straight from the jobs table.
// Fairness: the next slot goes to the owner with the fewest running jobs, then the one served longest ago,
// so one owner's 50-file batch cannot starve another guest's single file.
import type { Clock } from '#server/clock';
import type { JobQueue } from './job-queue';
import type { JobRepository } from './job-repository';
import type { JobRunner } from './job-runner';
import type { Logger } from '#server/logger';

interface Running {
  ownerId: string;
  leaseToken: string;
  done: Promise<void>;
}

/** How often due-time backoffs and missed wake-ups are checked, even without new uploads. */
const TICK_MS = 500;
/** How often rows whose lease lapsed (their update failed, e.g. on a full disk) are put back in the queue. */
const LEASE_CHECK_MS = 15_000;

export class InProcessQueue implements JobQueue {
  private readonly running = new Map<string, Running>();
  private readonly lastServed = new Map<string, number>();
  /** Jobs whose outcome could not be recorded (e.g. database full); handed back to the queue once it can write. */
  private readonly unrecorded = new Map<string, string>();
  private servedSeq = 0;
  private pumping = false;
  private pumpRequested = false;
  private working = false;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private leaseChecker: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly jobs: JobRepository,
    private readonly runner: JobRunner,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly concurrency: number,
  ) {}

  async enqueue(_jobIds: string[]): Promise<void> {
    this.kick();
  }

  async ownerResumed(_ownerId: string): Promise<void> {
    this.kick();
  }

  async startWorking(): Promise<void> {
    // Only this process uses the embedded database, so anything still "processing" was interrupted by a crash.
    const requeued = await this.jobs.requeueInterrupted(this.clock.now(), false);
    if (requeued.length) this.log.warn({ count: requeued.length }, 'requeued jobs interrupted by a previous stop');
    this.working = true;
    this.ticker = setInterval(() => this.kick(), TICK_MS);
    this.ticker.unref();
    this.leaseChecker = setInterval(() => void this.requeueLapsed(), LEASE_CHECK_MS);
    this.leaseChecker.unref();
    this.kick();
  }

  /** Jobs running here renew their leases; any other "processing" row with a lapsed lease was abandoned. */
  private async requeueLapsed(): Promise<void> {
    try {
      const ids = await this.jobs.requeueInterrupted(this.clock.now(), true, [...this.running.keys()]);
      if (ids.length) {
        this.log.warn({ count: ids.length }, 'requeued jobs whose lease lapsed');
        this.kick();
      }
    } catch (err) {
      this.log.error({ err }, 'lease check failed');
    }
  }

  runningCount(): number {
    return this.running.size;
  }

  /** This queue is the jobs table: readiness checks the database itself. */
  async checkReachable(): Promise<void> {}

  async stop(graceMs: number): Promise<void> {
    this.working = false;
    clearInterval(this.ticker);
    clearInterval(this.leaseChecker);
    const all = Promise.all([...this.running.values()].map((r) => r.done));
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    for (const [jobId, r] of this.running) await this.jobs.release(jobId, r.leaseToken, this.clock.now());
  }

  private kick(): void {
    if (!this.working) return;
    if (this.pumping) {
      this.pumpRequested = true;
      return;
    }
    this.pumping = true;
    void this.pump()
      .catch((err) => this.log.error({ err }, 'queue pump failed'))
      .finally(() => {
        this.pumping = false;
        if (this.pumpRequested) {
          this.pumpRequested = false;
          this.kick();
        }
      });
  }

  private async pump(): Promise<void> {
    for (const [jobId, leaseToken] of this.unrecorded) {
      await this.jobs.release(jobId, leaseToken, this.clock.now());
      this.unrecorded.delete(jobId);
    }
    while (this.working && this.running.size < this.concurrency) {
      if (!(await this.startNext())) return;
    }
  }

  private async startNext(): Promise<boolean> {
    const owners = await this.jobs.runnableOwners(this.clock.now());
    const runningPerOwner = new Map<string, number>();
    for (const r of this.running.values()) runningPerOwner.set(r.ownerId, (runningPerOwner.get(r.ownerId) ?? 0) + 1);
    owners.sort(
      (a, b) =>
        (runningPerOwner.get(a.owner_id) ?? 0) - (runningPerOwner.get(b.owner_id) ?? 0) ||
        (this.lastServed.get(a.owner_id) ?? -1) - (this.lastServed.get(b.owner_id) ?? -1) ||
        a.oldest - b.oldest,
    );
    for (const { owner_id: ownerId } of owners) {
      const jobId = await this.jobs.nextRunnableJobOf(ownerId, this.clock.now());
      if (!jobId || this.running.has(jobId)) continue;
      const leaseToken = await this.runner.claim(jobId);
      if (!leaseToken) continue;
      this.lastServed.set(ownerId, ++this.servedSeq);
      const done = this.runner
        .run(jobId, leaseToken)
        .then(() => undefined)
        .catch((err) => {
          this.log.error({ err, jobId }, 'could not record the job outcome; will hand it back');
          this.unrecorded.set(jobId, leaseToken);
        })
        .finally(() => {
          this.running.delete(jobId);
          this.kick();
        });
      this.running.set(jobId, { ownerId, leaseToken, done });
      return true;
    }
    return false;
  }
}
