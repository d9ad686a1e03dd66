// Running totals of the whole instance (images compressed, bytes saved): one row per total, each change one atomic
// upsert, so every worker of a scale-out deployment adds to the same figures. They outlive the jobs they count, which
// the retention sweep deletes within a day (docs/decisions/0550-about-figures-from-this-instance.md).
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

export class InstanceTotalsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds to each named total in one transaction (absent totals start at zero). */
  async add(deltas: Record<string, number>): Promise<void> {
    const entries = Object.entries(deltas).filter(([, delta]) => delta !== 0);
    if (entries.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const [name, delta] of entries) {
        await trx
          .insertInto('instance_totals')
          .values({ name, value: delta })
          .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql<number>`${sql.ref('instance_totals.value')} + ${delta}` }))
          .execute();
      }
    });
  }

  /** Every total, by name. */
  async all(): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('instance_totals').select(['name', 'value']).execute();
    return new Map(rows.map((r) => [r.name, Number(r.value)]));
  }

  /** Registered accounts (guests are not users). */
  async userCount(): Promise<number> {
    const row = await this.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
