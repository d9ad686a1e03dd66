// Row checks against a test server's database, whichever it is: the SQLite file in its data directory
// (embedded mode) or its PostgreSQL database (scale-out mode). SQL uses `?` placeholders in both.
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { TestServer } from './server';

export async function queryRows<T = Record<string, unknown>>(
  server: Pick<TestServer, 'dataDir' | 'databaseUrl'>,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (server.databaseUrl) {
    let n = 0;
    const text = sql.replace(/\?/g, () => `$${++n}`);
    const client = new pg.Client({
      connectionString: server.databaseUrl,
      // Counts and epoch-millisecond columns are int8; read them as numbers, as SQLite gives them.
      types: { getTypeParser: (oid: number, format?: string) => (oid === 20 ? Number : pg.types.getTypeParser(oid, format as 'text')) },
    });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new Database(path.join(server.dataDir, 'app.db'), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Changes rows behind the server's back (to plant a state a test needs), in either database. */
export async function executeSql(server: Pick<TestServer, 'dataDir' | 'databaseUrl'>, sql: string, params: unknown[] = []): Promise<void> {
  if (server.databaseUrl) {
    await queryRows(server, sql, params);
    return;
  }
  const db = new Database(path.join(server.dataDir, 'app.db'));
  try {
    db.pragma('busy_timeout = 10000');
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}
