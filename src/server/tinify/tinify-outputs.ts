// A key's Tinify outputs: its own unexpired jobs, found by id, and waited for until they are done (through the
// process's one long-poll waiter, so Tinify's waits count against the same caps as ?wait).
import type { JobRow } from '#server/db/schema';
import type { AuthenticatedKey } from '#server/auth/api-key-service';
import type { Clock } from '#server/clock';
import type { JobService } from '#server/jobs/job-service';
import type { JobWaiter, WaitPlace } from '#server/jobs/job-waiter';
import { stillWorking, TinifyError } from './tinify-error';

/** How long Tinify's synchronous calls wait for their job. */
export const TINIFY_WAIT_MS = 120_000;

export type OutputState = { kind: 'done'; job: JobRow } | { kind: 'failed'; job: JobRow } | { kind: 'waiting'; job: JobRow };

export class TinifyOutputs {
  constructor(
    private readonly jobService: JobService,
    private readonly waiter: JobWaiter,
    private readonly clock: Clock,
  ) {}

  async owned(key: AuthenticatedKey, id: string): Promise<JobRow> {
    const job = /^[0-9a-f-]{36}$/.test(id) ? await this.jobService.findOwned(id, key.user_id) : undefined;
    if (!job || job.expires_at <= this.clock.now()) throw new TinifyError(404, 'NotFound', 'The requested output does not exist or has expired.');
    return job;
  }

  /** Waits for the job until it is final, the time is up or the client goes away, and says which. */
  async settle(key: AuthenticatedKey, job: JobRow, gone: AbortSignal, place?: WaitPlace): Promise<OutputState> {
    const final = await this.waiter.wait(key.user_id, TINIFY_WAIT_MS, () => this.jobService.findOwned(job.id, key.user_id), gone, place);
    if (!final) throw new TinifyError(404, 'NotFound', 'The requested output no longer exists.');
    if (final.status === 'completed') return { kind: 'done', job: final };
    return final.status === 'error' ? { kind: 'failed', job: final } : { kind: 'waiting', job: final };
  }

  /** The finished job, or Tinify's answer for one that failed (415) or is not done yet (503). */
  async finished(key: AuthenticatedKey, id: string, gone: AbortSignal): Promise<JobRow> {
    const state = await this.settle(key, await this.owned(key, id), gone);
    if (state.kind === 'failed') throw unreadable(state.job);
    if (state.kind === 'waiting') throw stillWorking();
    return state.job;
  }
}

export const unreadable = (job: JobRow) => new TinifyError(415, 'Unsupported media type', job.error ?? 'The image could not be compressed.');
