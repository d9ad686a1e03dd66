// Long-poll for one job (`GET /api/jobs/:id?wait=N`, Tinify's /shrink and /output/<id>;
// docs/decisions/0263-long-poll-by-row-polling.md): re-reads the job's row at a modest interval until it is final, the
// time is up, the client goes away or the server stops. Reading the row works the same whether a worker in this
// process or another one runs the job, and no database connection is held between reads. One waiter is built per
// process (container.ts), so its caps are the process's caps whichever route waits.
import type { JobRow } from '#server/db/schema';

/** Waiting requests allowed at once, in total and per owner; past these a request is answered at once. */
export const MAX_WAITERS = 500;
export const MAX_WAITERS_PER_OWNER = 20;
const POLL_INTERVAL_MS = 400;

/** A place among the waiters, held until released (releasing twice is harmless). */
export interface WaitPlace {
  release(): void;
}

const isFinal = (job: JobRow) => job.status === 'completed' || job.status === 'error';

export class JobWaiter {
  private total = 0;
  private readonly perOwner = new Map<string, number>();
  private readonly stopping = new AbortController();

  constructor(private readonly caps: { total: number; perOwner: number } = { total: MAX_WAITERS, perOwner: MAX_WAITERS_PER_OWNER }) {}

  /**
   * The job's row once it is final or when `waitMs` passes (undefined once it is gone). `read` is called again at
   * each interval; `signal` ends the wait early (client disconnected).
   */
  async wait(
    ownerId: string,
    waitMs: number,
    read: () => Promise<JobRow | undefined>,
    signal: AbortSignal,
    reserved?: WaitPlace,
  ): Promise<JobRow | undefined> {
    let job = await read();
    const place = reserved ?? (job && !isFinal(job) && waitMs > 0 ? this.reserve(ownerId) : null);
    if (!job || isFinal(job) || waitMs <= 0 || !place) {
      place?.release();
      return job;
    }
    try {
      const deadline = Date.now() + waitMs;
      while (job && !isFinal(job) && !signal.aborted && !this.stopping.signal.aborted) {
        const left = deadline - Date.now();
        if (left <= 0) break;
        await pause(Math.min(POLL_INTERVAL_MS, left), [signal, this.stopping.signal]);
        job = await read();
      }
      return job;
    } finally {
      place.release();
    }
  }

  /**
   * Holds a place among the waiters before the work to wait for is created (Tinify's /shrink answers only once its job
   * is done, so it must know it can wait before it creates and charges one); null when the caps are reached.
   */
  reserve(ownerId: string): WaitPlace | null {
    if (!this.enter(ownerId)) return null;
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        this.leave(ownerId);
      },
    };
  }

  /** Ends every wait (each answers with the job's current state), so a stopping server is not held up. */
  stop(): void {
    this.stopping.abort();
  }

  get waiting(): number {
    return this.total;
  }

  private enter(ownerId: string): boolean {
    const mine = this.perOwner.get(ownerId) ?? 0;
    if (this.total >= this.caps.total || mine >= this.caps.perOwner) return false;
    this.total += 1;
    this.perOwner.set(ownerId, mine + 1);
    return true;
  }

  private leave(ownerId: string): void {
    this.total -= 1;
    const mine = (this.perOwner.get(ownerId) ?? 1) - 1;
    if (mine <= 0) this.perOwner.delete(ownerId);
    else this.perOwner.set(ownerId, mine);
  }
}

function pause(ms: number, signals: AbortSignal[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      for (const s of signals) s.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    for (const s of signals) s.addEventListener('abort', done, { once: true });
  });
}
