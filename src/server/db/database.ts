// Opens the database named by the config: SQLite (embedded default) or PostgreSQL (scale-out).
// This is the only place that knows which dialect is in use.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Database } from './schema';
import { migrateToLatest } from './migrations';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  sqlitePath: string;
}

/** Where the PostgreSQL pool reports a dropped idle connection (the process's logger; tests may omit it). */
export interface DatabaseEvents {
  warn(obj: object, msg: string): void;
}

export async function openDatabase(options: DatabaseOptions, events?: DatabaseEvents): Promise<Db> {
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl, events) : await openSqlite(options.sqlitePath);
  await migrateToLatest(db as Kysely<unknown>);
  return db;
}

async function openSqlite(file: string): Promise<Db> {
  const { default: SQLite } = await import('better-sqlite3');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL survives a process crash (kill -9), which is the failure we design for; FULL would fsync every commit.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Another process (a backup, an operator's shell) holding a lock makes us wait briefly rather than fail at once.
  // better-sqlite3 waits synchronously, so the wait is short: past it the request gets a clear 503.
  sqlite.pragma('busy_timeout = 1500');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

async function openPostgres(url: string, events: DatabaseEvents | undefined): Promise<Db> {
  const pg = await import('pg');
  // bigint (int8) columns hold epoch milliseconds and byte counts, well inside Number's exact range.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.default.Pool({ connectionString: url, max: 10 });
  // An idle pooled connection that the server drops (restart, failover) is reported here; unhandled it would
  // crash the process. The pool discards that client and the next query opens a fresh one.
  pool.on('error', (err) => events?.warn({ err }, 'PostgreSQL connection lost; the next query opens a new one'));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Resolves when the database answers a trivial query (the readiness probe of /api/health). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
