// Every SQL statement about jobs and per-owner queue state. Each query that serves a caller is scoped to its owner.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '#server/db/database';
import type { Kysely, Transaction } from 'kysely';
import type { Database, JobRow, JobUpdate, NewJob } from '#server/db/schema';

/** The database, or a transaction on it (admission control runs some writes inside its own). */
export type Executor = Kysely<Database> | Transaction<Database>;
import type { JobStatus } from '#contract/api';

export interface CompletionFacts {
  compressedSize: number;
  compressedWidth: number;
  compressedHeight: number;
  originalWidth: number;
  originalHeight: number;
  outputMimeType: string;
  flattenedOnto: string | null;
  /** JSON of Auto's FormatDecision, or null. */
  formatDecision: string | null;
  chosenQuality: number | null;
  targetMet: boolean | null;
  perceptualScore: number | null;
  /** An animation's frame count, or null. */
  animationFrames?: number | null;
  /** What the SVG sanitiser removed, by name, comma-separated ("<script>, 2 onclick attributes"), or null. */
  svgRemoved?: string | null;
  /** What the result left out or cut short (the codec's notes, joined), or null. */
  resultNote?: string | null;
}

const NO_LEASE = { lease_token: null, lease_until: null } as const;

/** Back to the queue, due now, giving back the attempt the interrupted run took. */
const backToPending = (now: number, error?: string) => (eb: ExpressionBuilder<Database, 'jobs'>) => ({
  status: 'pending' as const,
  ...(error === undefined ? {} : { error }),
  available_at: now,
  ...NO_LEASE,
  attempts: sql<number>`case when ${eb.ref('attempts')} > 0 then ${eb.ref('attempts')} - 1 else 0 end`,
});

export interface StatusCounts {
  pending: number;
  processing: number;
  completed: number;
  error: number;
}

export class JobRepository {
  constructor(private readonly db: Db) {}

  async insertMany(rows: NewJob[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insertInto('jobs').values(rows).execute();
  }

  listByOwner(ownerId: string): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  findOwned(id: string, ownerId: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  }

  /**
   * Puts a finished or failed job back in the queue with new settings (a re-tune): the results of the last run are
   * cleared, the revision goes up, attempts start again; the id, original and deletion deadline stay. Only while the
   * job is finished and not expired, checked in the same statement; false when it was not.
   */
  async requeueWithSettings(id: string, ownerId: string, settings: Partial<JobUpdate>, now: number, db: Executor = this.db): Promise<boolean> {
    const r = await db
      .updateTable('jobs')
      .set((eb) => ({
        ...settings,
        status: 'pending' as const,
        revision: eb(eb.ref('revision'), '+', 1),
        attempts: 0,
        available_at: now,
        ...NO_LEASE,
        started_at: null,
        completed_at: null,
        error: null,
        compressed_size: null,
        compressed_width: null,
        compressed_height: null,
        output_mime_type: null,
        flattened_onto: null,
        format_decision: null,
        chosen_quality: null,
        target_met: null,
        perceptual_score: null,
        animation_frames: null,
        svg_removed: null,
        result_note: null,
      }))
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .where('status', 'in', ['completed', 'error'])
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  findById(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async deleteOwned(id: string, ownerId: string): Promise<boolean> {
    const r = await this.db.deleteFrom('jobs').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Deletes the owner's jobs, optionally only those in the given statuses; returns the deleted ids. */
  async deleteAllOwned(ownerId: string, statuses?: JobStatus[]): Promise<string[]> {
    let q = this.db.deleteFrom('jobs').where('owner_id', '=', ownerId);
    if (statuses) q = q.where('status', 'in', statuses);
    const rows = await q.returning('id').execute();
    return rows.map((r) => r.id);
  }

  async countByStatus(ownerId: string): Promise<StatusCounts> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('owner_id', '=', ownerId)
      .groupBy('status')
      .execute();
    const counts: StatusCounts = { pending: 0, processing: 0, completed: 0, error: 0 };
    for (const r of rows) if (r.status in counts) counts[r.status as keyof StatusCounts] = Number(r.n);
    return counts;
  }

  /** Owners with runnable work: pending, due, and not paused; with the age of their oldest such job. */
  runnableOwners(now: number): Promise<{ owner_id: string; oldest: number }[]> {
    return this.db
      .selectFrom('jobs')
      .leftJoin('owner_queue', 'owner_queue.owner_id', 'jobs.owner_id')
      .select(['jobs.owner_id as owner_id', (eb) => eb.fn.min<number>('jobs.created_at').as('oldest')])
      .where('jobs.status', '=', 'pending')
      .where('jobs.available_at', '<=', now)
      .where((eb) => eb.or([eb('owner_queue.paused', 'is', null), eb('owner_queue.paused', '=', 0)]))
      .groupBy('jobs.owner_id')
      .execute();
  }

  async nextRunnableJobOf(ownerId: string, now: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('jobs')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('status', '=', 'pending')
      .where('available_at', '<=', now)
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

  /** Atomically takes a pending job for one worker; false if someone else took it or it is gone. */
  async claim(id: string, leaseToken: string, leaseUntil: number, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'processing',
        lease_token: leaseToken,
        lease_until: leaseUntil,
        started_at: eb.fn.coalesce('started_at', eb.val(now)),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async renewLease(id: string, leaseToken: string, leaseUntil: number): Promise<boolean> {
    return this.updateHeld(id, leaseToken, { lease_until: leaseUntil });
  }

  /** Records the result only if this worker still holds the job (it may have been deleted or reclaimed). */
  complete(id: string, leaseToken: string, facts: CompletionFacts, now: number): Promise<boolean> {
    return this.updateHeld(id, leaseToken, {
      status: 'completed',
      compressed_size: facts.compressedSize,
      compressed_width: facts.compressedWidth,
      compressed_height: facts.compressedHeight,
      original_width: facts.originalWidth,
      original_height: facts.originalHeight,
      output_mime_type: facts.outputMimeType,
      flattened_onto: facts.flattenedOnto,
      format_decision: facts.formatDecision,
      chosen_quality: facts.chosenQuality,
      target_met: facts.targetMet === null ? null : Number(facts.targetMet),
      perceptual_score: facts.perceptualScore,
      animation_frames: facts.animationFrames ?? null,
      svg_removed: facts.svgRemoved ?? null,
      result_note: facts.resultNote ?? null,
      completed_at: now,
      error: null,
      ...NO_LEASE,
    });
  }

  fail(id: string, leaseToken: string, message: string, now: number): Promise<boolean> {
    return this.updateHeld(id, leaseToken, { status: 'error', error: message, completed_at: now, ...NO_LEASE });
  }

  /** Back to the queue at availableAt; `keepAttempt: false` gives back the attempt this run took (not the job's fault). */
  retryLater(id: string, leaseToken: string, availableAt: number, message: string, options: { keepAttempt?: boolean } = {}): Promise<boolean> {
    if (options.keepAttempt === false) {
      return this.updateHeld(id, leaseToken, backToPending(availableAt, message));
    }
    return this.updateHeld(id, leaseToken, { status: 'pending', available_at: availableAt, error: message, ...NO_LEASE });
  }

  /**
   * Puts interrupted jobs back in the queue. A crash is not the job's fault, so it does not use up an attempt.
   * `onlyExpired` keeps jobs whose lease is still held by a live worker (scale-out).
   */
  async requeueInterrupted(now: number, onlyExpired: boolean, exceptIds: string[] = []): Promise<string[]> {
    let q = this.db.updateTable('jobs').set(backToPending(now)).where('status', '=', 'processing');
    if (onlyExpired) q = q.where('lease_until', '<', now);
    if (exceptIds.length) q = q.where('id', 'not in', exceptIds);
    const rows = await q.returning('id').execute();
    return rows.map((r) => r.id);
  }

  /** Hands a job held by this worker back to the queue (graceful shutdown), without using up an attempt. */
  async release(id: string, leaseToken: string, now: number): Promise<void> {
    await this.updateHeld(id, leaseToken, backToPending(now));
  }

  /** Updates a job only while the given lease still holds it; false if it was deleted or reclaimed meanwhile. */
  private async updateHeld(id: string, leaseToken: string, values: JobUpdate | ReturnType<typeof backToPending>): Promise<boolean> {
    const r = await this.db
      .updateTable('jobs')
      .set(values)
      .where('id', '=', id)
      .where('lease_token', '=', leaseToken)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async isPaused(ownerId: string): Promise<boolean> {
    const row = await this.db.selectFrom('owner_queue').select('paused').where('owner_id', '=', ownerId).executeTakeFirst();
    return row?.paused === 1;
  }

  async setPaused(ownerId: string, paused: boolean, now: number): Promise<void> {
    await this.db
      .insertInto('owner_queue')
      .values({ owner_id: ownerId, paused: paused ? 1 : 0, updated_at: now })
      .onConflict((oc) => oc.column('owner_id').doUpdateSet({ paused: paused ? 1 : 0, updated_at: now }))
      .execute();
  }

  /** Moves everything a guest owned into an account (sign-in or sign-up from a guest browser). */
  async transferOwner(fromOwner: string, toOwner: string): Promise<void> {
    // Signed-in users' jobs no longer count against the guest ceiling of the address they were uploaded from.
    await this.db.updateTable('jobs').set({ owner_id: toOwner, guest_address: null }).where('owner_id', '=', fromOwner).execute();
    await this.db.deleteFrom('owner_queue').where('owner_id', '=', fromOwner).execute();
  }

  async deleteOwnerQueueState(ownerId: string): Promise<void> {
    await this.db.deleteFrom('owner_queue').where('owner_id', '=', ownerId).execute();
  }

  async expiredIds(now: number): Promise<string[]> {
    const rows = await this.db.selectFrom('jobs').select('id').where('expires_at', '<=', now).execute();
    return rows.map((r) => r.id);
  }

  async deleteExpiredByIds(ids: string[], now: number): Promise<void> {
    for (let i = 0; i < ids.length; i += 500) {
      await this.db.deleteFrom('jobs').where('id', 'in', ids.slice(i, i + 500)).where('expires_at', '<=', now).execute();
    }
  }

  async existingIds(ids: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const rows = await this.db.selectFrom('jobs').select('id').where('id', 'in', chunk).execute();
      for (const r of rows) found.add(r.id);
    }
    return found;
  }
}
