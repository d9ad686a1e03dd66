// The SQL behind admission control: how much waiting work an upload would join, counted in the same transaction
// that inserts the upload's rows, so concurrent uploads cannot all pass a check that only one of them should.
import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Db } from '#server/db/database';
import type { Database, NewJob } from '#server/db/schema';

/** Who is uploading: the owner, and the client address when the owner is a guest (null for signed-in users). */
export interface Applicant {
  ownerId: string;
  guestAddress: string | null;
}

export interface BacklogCounts {
  /** The owner's waiting and running jobs, paused or not. */
  owner: number;
  /** Waiting and running jobs of guests uploading from the applicant's address (0 for signed-in users). */
  address: number;
  /** Waiting and running jobs that can run: every owner's except those of paused owners. */
  runnable: number;
}

const WAITING = ['pending', 'processing'] as const;
/** Any constant: every admission in the deployment takes the same PostgreSQL transaction lock. */
const ADMISSION_LOCK_KEY = 7_318_020_001;

type Executor = Db | Transaction<Database>;

export class AdmissionRepository {
  constructor(private readonly db: Db) {}

  counts(applicant: Applicant, db: Executor = this.db): Promise<BacklogCounts> {
    return countBacklog(db, applicant);
  }

  /**
   * Inserts the rows unless `refuse` objects to the counts taken just before, in one transaction that holds the
   * admission lock: SQLite runs one transaction at a time on our single connection, PostgreSQL serialises
   * admissions with a transaction-level advisory lock. Returns what `refuse` returned (nothing inserted) or null.
   */
  insertIfAdmitted<R>(
    rows: NewJob[],
    applicant: Applicant,
    refuse: (counts: BacklogCounts) => R | null,
    alsoWrite?: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<R | null> {
    return this.writeIfAdmitted(applicant, refuse, async (trx) => {
      if (rows.length) await trx.insertInto('jobs').values(rows).execute();
      await alsoWrite?.(trx);
    });
  }

  /** The same, for any write that adds waiting work (a re-tune puts a finished job back in the queue). */
  writeIfAdmitted<R>(applicant: Applicant, refuse: (counts: BacklogCounts) => R | null, write: (trx: Transaction<Database>) => Promise<void>): Promise<R | null> {
    return this.db.transaction().execute(async (trx) => {
      if (trx.getExecutor().adapter instanceof PostgresAdapter) {
        await sql`select pg_advisory_xact_lock(${ADMISSION_LOCK_KEY})`.execute(trx);
      }
      const refusal = refuse(await countBacklog(trx, applicant));
      if (refusal !== null) return refusal;
      await write(trx);
      return null;
    });
  }
}

async function countBacklog(db: Executor, applicant: Applicant): Promise<BacklogCounts> {
  const owner = db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', WAITING)
    .where('owner_id', '=', applicant.ownerId)
    .executeTakeFirstOrThrow();
  const address = applicant.guestAddress
    ? db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', WAITING)
        .where('guest_address', '=', applicant.guestAddress)
        .executeTakeFirstOrThrow()
    : Promise.resolve({ n: 0 });
  const runnable = db
    .selectFrom('jobs')
    .leftJoin('owner_queue', 'owner_queue.owner_id', 'jobs.owner_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('jobs.status', 'in', WAITING)
    .where((eb) => eb.or([eb('owner_queue.paused', 'is', null), eb('owner_queue.paused', '=', 0)]))
    .executeTakeFirstOrThrow();
  const [o, a, r] = await Promise.all([owner, address, runnable]);
  return { owner: Number(o.n), address: Number(a.n), runnable: Number(r.n) };
}
