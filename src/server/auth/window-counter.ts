// Counts events per key in fixed time windows, in the database (table auth_throttle) so that every API process
// sees the same counts. One statement adds the event and returns the new count: SQLite and PostgreSQL both run an
// upsert atomically per row, so simultaneous events can never both see the count below a limit.
import type { Db } from '#server/db/database';

export interface WindowCount {
  /** Events in the current window, this one included. */
  count: number;
  windowStart: number;
}

/** Adds one event to `key`'s window (a new window if the last one has ended) and returns the window's count. */
export async function countInWindow(db: Db, key: string, now: number, windowMs: number): Promise<WindowCount> {
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

/** Seconds until a window that started at `windowStart` ends (at least 1). */
export const secondsUntilWindowEnds = (windowStart: number, windowMs: number, now: number): number =>
  Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
