// Keeps the 24-hour promise: expired jobs and their files, expired sessions, orphan files and stale temp files go.
import type { Clock } from '#server/clock';
import { BLOB_KINDS, type BlobStore } from '#server/storage/blob-store';
import type { JobRepository } from '#server/jobs/job-repository';
import type { SessionService } from '#server/auth/session-service';
import type { LoginThrottle } from '#server/auth/login-throttle';

/** Files younger than this may belong to an upload whose row is being written right now. */
const ORPHAN_GRACE_MS = 10 * 60 * 1000;
const TEMP_MAX_AGE_MS = 60 * 60 * 1000;

export interface SweepReport {
  expiredJobs: number;
  expiredSessions: number;
  orphanFiles: number;
  staleTemps: number;
}

export class RetentionSweeper {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly jobs: JobRepository,
    private readonly blobs: BlobStore,
    private readonly sessions: SessionService,
    private readonly throttle: LoginThrottle,
    private readonly clock: Clock,
    private readonly intervalMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(): void {
    void this.sweep().catch(this.onError);
    this.timer = setInterval(() => void this.sweep().catch(this.onError), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<SweepReport> {
    const now = this.clock.now();
    // Files first, rows second: a job that has vanished from the list never still has files on disk,
    // and if we stop in between, the row is still there for the next sweep to finish.
    const expired = await this.jobs.expiredIds(now);
    await Promise.all(expired.map((id) => this.blobs.remove(id)));
    await this.jobs.deleteExpiredByIds(expired, now);
    const expiredSessions = await this.sessions.deleteExpired();
    await this.throttle.deleteExpired();
    const orphanFiles = await this.removeOrphans();
    const staleTemps = await this.blobs.removeStaleTemps(TEMP_MAX_AGE_MS);
    return { expiredJobs: expired.length, expiredSessions, orphanFiles, staleTemps };
  }

  private async removeOrphans(): Promise<number> {
    const onDisk = [...new Set((await Promise.all(BLOB_KINDS.map((kind) => this.blobs.listIds(kind)))).flat())];
    const known = await this.jobs.existingIds(onDisk);
    let removed = 0;
    for (const id of onDisk) {
      if (known.has(id)) continue;
      const age = await this.blobs.ageMs(id, this.clock.now());
      if (age !== null && age < ORPHAN_GRACE_MS) continue;
      await this.blobs.remove(id);
      removed++;
    }
    return removed;
  }
}
