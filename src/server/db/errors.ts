// What a database driver error means, in dialect-free words. The only place that knows SQLite result codes and
// PostgreSQL SQLSTATEs; everything above asks here (through classifyFault in faults.ts).

export type DatabaseFault = 'busy' | 'full' | 'readonly' | 'unavailable' | 'overloaded';

/** PostgreSQL SQLSTATEs (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const PG: Record<string, DatabaseFault> = {
  '55P03': 'busy', // lock_not_available
  '40P01': 'busy', // deadlock_detected
  '40001': 'busy', // serialization_failure
  '53100': 'full', // disk_full
  '25006': 'readonly', // read_only_sql_transaction (a standby, or a cluster set read-only)
  '53300': 'overloaded', // too_many_connections
  '53200': 'overloaded', // out_of_memory
  '57P01': 'unavailable', // admin_shutdown
  '57P02': 'unavailable', // crash_shutdown
  '57P03': 'unavailable', // cannot_connect_now (starting up or in recovery)
  '08000': 'unavailable', // connection_exception
  '08003': 'unavailable', // connection_does_not_exist
  '08006': 'unavailable', // connection_failure
};

/** SQLite extended result codes, as better-sqlite3 names them (SQLITE_IOERR_* and friends share a prefix). */
function sqliteFault(code: string): DatabaseFault | null {
  if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED' || code.startsWith('SQLITE_LOCKED_')) {
    return 'busy';
  }
  if (code === 'SQLITE_FULL') return 'full';
  if (code === 'SQLITE_NOMEM') return 'overloaded';
  if (code === 'SQLITE_READONLY' || code.startsWith('SQLITE_READONLY_') || code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN')) {
    return 'readonly';
  }
  return null;
}

export function databaseFault(error: unknown): DatabaseFault | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code.startsWith('SQLITE_')) return sqliteFault(code);
  return PG[code] ?? null;
}
