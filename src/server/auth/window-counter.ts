// Counts events per key in fixed time windows, in the database (table auth_throttle) so that every API process sees
// the same counts. The counting statement is the repository's (db/throttle-repository.ts); the window arithmetic is here.
export { countInWindow, type WindowCount } from '#server/db/throttle-repository';

/** Seconds until a window that started at `windowStart` ends (at least 1). */
export const secondsUntilWindowEnds = (windowStart: number, windowMs: number, now: number): number =>
  Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
