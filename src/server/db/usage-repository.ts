// The SQL behind fair use (fair-use/fair-use.ts): named counters with an expiry, each change one atomic upsert, so
// every API process of a scale-out deployment shares the counts and concurrent requests can never overshoot. Each
// write takes an executor, so a charge can ride in the transaction that writes the work it pays for.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

export type UsageExecutor = Kysely<Database> | Transaction<Database>;

export class UsageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds to a counter and returns its new value, in one statement (INSERT ... ON CONFLICT DO UPDATE ... RETURNING). */
  async add(bucket: string, delta: number, expiresAt: number, db: UsageExecutor = this.db): Promise<number> {
    const row = await db
      .insertInto('api_usage')
      .values({ bucket, count: delta, expires_at: expiresAt })
      .onConflict((oc) => oc.column('bucket').doUpdateSet({ count: sql<number>`${sql.ref('api_usage.count')} + ${delta}` }))
      .returning('count')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The counts of the named buckets (absent ones are left out). */
  async counts(buckets: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (buckets.length === 0) return out;
    const rows = await this.db.selectFrom('api_usage').select(['bucket', 'count']).where('bucket', 'in', buckets).execute();
    for (const row of rows) out.set(row.bucket, Number(row.count));
    return out;
  }

  async removeExpired(now: number): Promise<void> {
    await this.db.deleteFrom('api_usage').where('expires_at', '<=', now).execute();
  }
}
