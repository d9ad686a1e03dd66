// The SQL behind fixed-window counters (table auth_throttle): failed sign-ins per account and address, new guest
// sessions per address. One statement adds the event and returns the new count: SQLite and PostgreSQL both run an
// upsert atomically per row, so simultaneous events can never both see the count below a limit.
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export interface WindowCount {
  /** Events in the current window, this one included. */
  count: number;
  windowStart: number;
}

/** Adds one event to `key`'s window (a new window if the last one has ended) and returns the window's count. */
export async function countInWindow(db: Kysely<Database>, key: string, now: number, windowMs: number): Promise<WindowCount> {
  const ended = now - windowMs;
  const row = await db
    .insertInto('auth_throttle')
    .values({ key, window_start: now, failures: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        window_start: eb.case().when('auth_throttle.window_start', '<=', ended).then(now).else(eb.ref('auth_throttle.window_start')).end(),
        failures: eb.case().when('auth_throttle.window_start', '<=', ended).then(1).else(eb('auth_throttle.failures', '+', 1)).end(),
      })),
    )
    .returning(['failures', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: row.failures, windowStart: row.window_start };
}

export class ThrottleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  count(key: string, now: number, windowMs: number): Promise<WindowCount> {
    return countInWindow(this.db, key, now, windowMs);
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('auth_throttle').where('key', '=', key).execute();
  }

  /** Takes one event back from `key`'s window that started at `windowStart`, if that window is still current. */
  async giveBackOne(key: string, windowStart: number): Promise<void> {
    await this.db
      .updateTable('auth_throttle')
      .set((eb) => ({ failures: eb('failures', '-', 1) }))
      .where('key', '=', key)
      .where('window_start', '=', windowStart)
      .where('failures', '>', 0)
      .execute();
  }

  async removeStartedBefore(cutoff: number): Promise<void> {
    await this.db.deleteFrom('auth_throttle').where('window_start', '<', cutoff).execute();
  }
}
