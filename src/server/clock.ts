// Time source for everything that expires (sessions, jobs, leases), so tests can move it.
import fs from 'node:fs';

export interface Clock {
  now(): number;
}

/**
 * The system clock plus an offset. The offset is fixed from the config, or (for fault tests that jump the clock
 * while the process runs) read from a file that is re-checked at most every 200 ms.
 */
export function systemClock(offsetMs = 0, offsetFile?: string): Clock {
  if (!offsetFile) return { now: () => Date.now() + offsetMs };
  let cached = offsetMs;
  let checkedAt = 0;
  return {
    now() {
      const t = Date.now();
      if (t - checkedAt > 200) {
        checkedAt = t;
        try {
          cached = Number(fs.readFileSync(offsetFile, 'utf8').trim()) || 0;
        } catch {
          cached = offsetMs;
        }
      }
      return t + cached;
    },
  };
}
