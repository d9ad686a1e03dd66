// Business rules for a caller's jobs and queue: create, list, remove, clear, pause/resume, status and stats.
import { randomUUID } from 'node:crypto';
import type { Clock } from '#server/clock';
import type { BlobStore } from '#server/storage/blob-store';
import type { JobQueue } from './job-queue';
import type { JobRepository } from './job-repository';
import type { JobRow, NewJob } from '#server/db/schema';

export type { JobRow } from '#server/db/schema';
import type { QueueStats, QueueStatus } from '#contract/api';
import type { CompressSettings } from '#contract/settings-schema';
import type { InputFormat } from '#contract/settings';
import { RETENTION_HOURS } from '#contract/limits';
import { DomainError, notFound } from '#server/errors';
import type { AuthenticatedKey } from '#server/auth/api-key-service';
import type { FairUse } from '#server/fair-use/fair-use';
import type { AdmissionControl, Applicant } from './admission';
import { headerColumn } from './input-header';
import { settingsColumns } from './job-settings';

export const RETENTION_MS = RETENTION_HOURS * 60 * 60 * 1000;

export interface AcceptedUpload {
  tempFile: string;
  filename: string;
  size: number;
  mimeType: string;
  /** Its format and frames as sniffed and counted at upload, for the settings that cannot fit it (0586). */
  format?: InputFormat;
  frames?: number;
}

/** Who asks for jobs: the owner, a guest's address (for the backlog ceilings), and the API key that pays, if any. */
export interface Caller extends Applicant {
  apiKey: AuthenticatedKey | null;
  /** The request's X-Request-Id, remembered by the jobs it makes. */
  requestId?: string;
}

/** Stats look at the owner's jobs of the last hour: the current working session. */
const STATS_WINDOW_MS = 60 * 60 * 1000;

export class JobService {
  constructor(
    private readonly jobs: JobRepository,
    private readonly blobs: BlobStore,
    private readonly queue: JobQueue,
    private readonly clock: Clock,
    /** Every write that adds waiting work goes through it: the backlog ceilings are counted with the write. */
    private readonly admission: Pick<AdmissionControl, 'insert' | 'admit'>,
    /** An API key pays for its images in the same transaction as the write that queues them. */
    private readonly fairUse: Pick<FairUse, 'chargeImages'>,
  ) {}

  /**
   * Stores the uploads under new job ids, then creates their rows and queues them. The rows are inserted under the
   * backlog ceilings (admission control refuses, atomically, when one was reached), and an API key is charged for them
   * in the same transaction; when that throws, the stored files are removed again.
   */
  async createJobs(caller: Omit<Caller, 'apiKey'> & { apiKey?: AuthenticatedKey | null }, uploads: AcceptedUpload[], settings: CompressSettings): Promise<JobRow[]> {
    const { ownerId, guestAddress, apiKey } = caller;
    const now = this.clock.now();
    const rows: NewJob[] = [];
    for (const [i, u] of uploads.entries()) {
      const id = randomUUID();
      // Read once, here: every codec task on the job plans its memory from it (input-header.ts).
      const inputHeader = await headerColumn(u.tempFile);
      await this.blobs.commit(u.tempFile, 'original', id);
      rows.push({
        id,
        owner_id: ownerId,
        filename: u.filename,
        mime_type: u.mimeType,
        status: 'pending',
        original_size: u.size,
        compressed_size: null,
        original_width: null,
        original_height: null,
        compressed_width: null,
        compressed_height: null,
        ...settingsColumns(settings),
        output_mime_type: null,
        flattened_onto: null,
        format_decision: null,
        error: null,
        available_at: now,
        lease_until: null,
        lease_token: null,
        // 1 ms apart so "newest first" keeps a stable order within one batch.
        created_at: now + i,
        started_at: null,
        completed_at: null,
        expires_at: now + i + RETENTION_MS,
        guest_address: guestAddress,
        request_id: caller.requestId ?? null,
        input_header: inputHeader,
      });
    }
    try {
      await this.admission.insert({ ownerId, guestAddress }, rows, apiKey ? (trx) => this.fairUse.chargeImages(apiKey, rows.length, trx) : undefined);
    } catch (err) {
      await Promise.all(rows.map((r) => this.blobs.remove(r.id)));
      throw err;
    }
    await this.queue.enqueue(rows.map((r) => r.id));
    return (await Promise.all(rows.map((r) => this.jobs.findById(r.id)))).filter((r): r is JobRow => !!r);
  }

  /**
   * Re-tune: runs a finished (or failed) job again from its stored original with new settings. The job keeps its id
   * and its deletion deadline, gets the next revision, and goes back through the queue, under the same backlog
   * ceilings as an upload (admission control), and an API key pays for it as one more image in the same transaction.
   * A job still waiting or running is refused.
   */
  async recompress(caller: Omit<Caller, 'apiKey' | 'requestId'> & { apiKey?: AuthenticatedKey | null }, id: string, settingsFor: (row: JobRow) => CompressSettings): Promise<JobRow> {
    const { ownerId, guestAddress, apiKey } = caller;
    const row = await this.findLive(id, ownerId);
    const now = this.clock.now();
    if (row.status === 'pending' || row.status === 'processing') throw jobBusy();
    const settings = settingsFor(row);
    // Another request re-tuned or deleted it between our read and the write: thrown inside the write, so the API
    // key's charge is rolled back too.
    const lostRace = new Error('re-tuned or deleted meanwhile');
    try {
      await this.admission.admit({ ownerId, guestAddress }, async (db) => {
        if (!(await this.jobs.requeueWithSettings(id, ownerId, settingsColumns(settings), now, db))) throw lostRace;
        if (apiKey) await this.fairUse.chargeImages(apiKey, 1, db);
      });
    } catch (err) {
      if (err !== lostRace) throw err;
      throw (await this.jobs.findOwned(id, ownerId)) ? jobBusy() : notFound('Job not found');
    }
    await this.queue.enqueue([id]);
    return (await this.jobs.findOwned(id, ownerId)) ?? row;
  }

  list(ownerId: string): Promise<JobRow[]> {
    return this.jobs.listByOwner(ownerId);
  }

  findOwned(id: string, ownerId: string): Promise<JobRow | undefined> {
    return this.jobs.findOwned(id, ownerId);
  }

  /** The owner's job while its files are kept: 404 when it is not theirs (or gone), EXPIRED past its deadline. */
  async findLive(id: string, ownerId: string): Promise<JobRow> {
    const row = await this.jobs.findOwned(id, ownerId);
    if (!row) throw notFound('Job not found');
    if (row.expires_at <= this.clock.now()) throw new DomainError('EXPIRED', 'This file has expired and was deleted');
    return row;
  }

  /** Deletes one job and its files; a running job's late result is discarded by the runner. */
  async remove(id: string, ownerId: string): Promise<boolean> {
    if (!(await this.jobs.deleteOwned(id, ownerId))) return false;
    await this.blobs.remove(id);
    return true;
  }

  /** Clear All: every job and file of the owner goes, and so does a pause, which would otherwise hold the next upload
   * in Pending with nothing on screen to say why. */
  async removeAll(ownerId: string): Promise<number> {
    const ids = await this.jobs.deleteAllOwned(ownerId);
    await Promise.all(ids.map((id) => this.blobs.remove(id)));
    if (await this.jobs.isPaused(ownerId)) await this.resume(ownerId);
    return ids.length;
  }

  /** Queue "clear": the owner's waiting jobs and their files go; finished and running ones stay. */
  async clearPending(ownerId: string): Promise<number> {
    const ids = await this.jobs.deleteAllOwned(ownerId, ['pending']);
    await Promise.all(ids.map((id) => this.blobs.remove(id)));
    return ids.length;
  }

  async pause(ownerId: string): Promise<void> {
    await this.jobs.setPaused(ownerId, true, this.clock.now());
  }

  async resume(ownerId: string): Promise<void> {
    await this.jobs.setPaused(ownerId, false, this.clock.now());
    await this.queue.ownerResumed(ownerId);
  }

  isPaused(ownerId: string): Promise<boolean> {
    return this.jobs.isPaused(ownerId);
  }

  async status(ownerId: string): Promise<QueueStatus> {
    const [c, paused] = await Promise.all([this.jobs.countByStatus(ownerId), this.jobs.isPaused(ownerId)]);
    return {
      total: c.pending + c.processing + c.completed + c.error,
      completed: c.completed,
      processing: c.processing,
      pending: c.pending,
      failed: c.error,
      paused,
    };
  }

  async stats(ownerId: string): Promise<QueueStats> {
    const now = this.clock.now();
    const rows = await this.jobs.listByOwner(ownerId);
    return computeQueueStats(rows, now);
  }
}

/** Rate, elapsed time and ETA over the owner's jobs of the last hour. Exported for unit tests. */
const jobBusy = () => new DomainError('JOB_BUSY', 'This image is still being compressed; adjust it once it has finished.');

export function computeQueueStats(rows: Pick<JobRow, 'status' | 'created_at' | 'completed_at'>[], now: number): QueueStats {
  const pending = rows.filter((r) => r.status === 'pending').length;
  const processing = rows.filter((r) => r.status === 'processing').length;
  const recent = rows.filter((r) => r.created_at >= now - STATS_WINDOW_MS || r.status === 'pending' || r.status === 'processing');
  const finished = recent.filter((r) => r.completed_at != null && (r.status === 'completed' || r.status === 'error'));
  const active = pending + processing > 0;
  if (recent.length === 0) {
    return { processingRate: 0, elapsedTime: 0, queueLength: pending, estimatedTimeRemaining: 0, processing: active };
  }
  const start = Math.min(...recent.map((r) => r.created_at));
  const end = active ? now : Math.max(start, ...finished.map((r) => r.completed_at ?? start));
  const elapsedMs = Math.max(0, end - start);
  const minutes = elapsedMs / 60_000;
  const rate = minutes > 0 ? finished.length / minutes : 0;
  const eta = rate > 0 ? (pending + processing) / rate : 0;
  return {
    processingRate: round2(rate),
    elapsedTime: Math.round(elapsedMs / 1000),
    queueLength: pending,
    estimatedTimeRemaining: round2(eta),
    processing: active,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
