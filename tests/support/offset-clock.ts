// A clock tests can move: the system clock plus an offset, fixed or read from a file that the test rewrites while
// the server runs. The file is read at every reading of the clock, so a new offset holds from the test's next
// request on, with no wait (a cost only tests pay).
import fs from 'node:fs';
import type { Clock } from '#server/clock';

export function offsetClock(offsetMs = 0, offsetFile?: string): Clock {
  if (!offsetFile) return { now: () => Date.now() + offsetMs };
  return {
    now() {
      let offset = offsetMs;
      try {
        offset = Number(fs.readFileSync(offsetFile, 'utf8').trim()) || 0;
      } catch {
        // unreadable for a moment (being rewritten): the fixed offset
      }
      return Date.now() + offset;
    },
  };
}
