// The test server's clock, moved by the test: the server re-reads TEST_CLOCK_OFFSET_FILE at every reading of its
// clock (docs/decisions/0141-clock-injected-by-tests.md), so the next request sees the new time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

export interface ClockOffset {
  /** The server environment that points its clock at the file. */
  env: { TEST_CLOCK_OFFSET_FILE: string };
  /** Sets the server's clock `ms` ahead of real time. */
  set(ms: number): void;
}

/** A fresh offset file (0), removed after the file's tests. */
export function useClockOffset(): ClockOffset {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imgc-clock-'));
  const file = path.join(dir, 'offset');
  fs.writeFileSync(file, '0');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return {
    env: { TEST_CLOCK_OFFSET_FILE: file },
    set(ms) {
      // Written whole and renamed, so the server never reads half a number.
      fs.writeFileSync(`${file}.new`, String(ms));
      fs.renameSync(`${file}.new`, file);
    },
  };
}
