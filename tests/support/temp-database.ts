// A real SQLite database in a temp directory, with a clock the test moves by hand, for in-process tests of the
// services; every database made in a test is closed and its directory removed after that test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { openDatabase, type Db } from '#server/db/database';

/** A clock the test moves by hand. */
export type MovableClock = { t: number; now(): number };

export interface TempDatabase {
  dir: string;
  clock: MovableClock;
  db: Db;
}

/** Call once at the top of a describe; `setup()` then makes a fresh database (and directory) per call. */
export function useTempDatabases(prefix: string) {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  return {
    cleanups,
    async setup(): Promise<TempDatabase> {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      const clock: MovableClock = { t: 1_700_000_000_000, now() { return this.t; } };
      const db = await openDatabase({ databaseUrl: undefined, sqlitePath: path.join(dir, 'app.db') });
      cleanups.push(async () => {
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      });
      return { dir, clock, db };
    },
  };
}
