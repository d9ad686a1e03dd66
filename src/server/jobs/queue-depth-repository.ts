// Queue depth for the metrics, read from the jobs table: the row is the truth whichever queue carries the ids, and
// only the table knows paused owners, retry backoffs and priorities together (docs/decisions/0540).
import { sql } from 'kysely';
import type { Db } from '#server/db/database';
import type { QueueDepth } from '#server/metrics/metrics';

/** 1 when the job's owner paused their queue (a literal, not a parameter: PostgreSQL must see the same expression in GROUP BY). */
const PAUSED = sql<number>`coalesce(owner_queue.paused, 0)`;

/**
 * Pending jobs of owners not paused (waiting, backoffs included), processing (running), pending of paused owners
 * (paused), and the creation time of the oldest waiting job.
 */
export async function readQueueDepth(db: Db): Promise<QueueDepth> {
  const rows = await db
    .selectFrom('jobs')
    .leftJoin('owner_queue', 'owner_queue.owner_id', 'jobs.owner_id')
    .select((eb) => [
      'jobs.status as status',
      PAUSED.as('paused'),
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.min<number | string>('jobs.created_at').as('oldest'),
    ])
    .where('jobs.status', 'in', ['pending', 'processing'])
    .groupBy(['jobs.status', PAUSED])
    .execute();
  const depth: QueueDepth = { waiting: 0, running: 0, paused: 0, oldestWaitingCreatedAt: null };
  for (const r of rows) {
    // PostgreSQL answers counts and bigint minimums as strings.
    const count = Number(r.count);
    if (r.status === 'processing') depth.running += count;
    else if (Number(r.paused) === 1) depth.paused += count;
    else {
      depth.waiting += count;
      depth.oldestWaitingCreatedAt = Number(r.oldest);
    }
  }
  return depth;
}
