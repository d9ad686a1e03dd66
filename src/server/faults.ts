// The one answer to "what does this low-level error mean?": disk full, read-only storage, a busy or unreachable
// database, a process or machine short of descriptors or memory (these pass when load drops). The HTTP layer, the upload route and the job runner all ask here, so one
// fault always gets the same code, sentence and retry hint. Database dialects stay inside db/errors.ts.
import type { ErrorCode } from '#contract/errors';
import { databaseFault, type DatabaseFault } from './db/errors';
import { DomainError } from './errors';
import { StoreUnavailableError } from './storage/driver';

type FaultCode = Extract<ErrorCode, 'STORAGE_FULL' | 'STORAGE_READONLY' | 'STORAGE_UNAVAILABLE' | 'DB_BUSY' | 'DB_UNAVAILABLE' | 'SERVER_OVERLOADED'>;

const FAULTS: Record<FaultCode, { message: string; retryAfterSeconds: number }> = {
  STORAGE_FULL: { message: 'The server is out of storage space right now; please try again later.', retryAfterSeconds: 60 },
  STORAGE_READONLY: { message: 'The server cannot write its data right now; please try again later.', retryAfterSeconds: 60 },
  STORAGE_UNAVAILABLE: { message: 'The file storage is unavailable right now; please try again in a moment.', retryAfterSeconds: 30 },
  DB_BUSY: { message: 'The database is busy right now; please try again in a moment.', retryAfterSeconds: 10 },
  DB_UNAVAILABLE: { message: 'The database is unavailable right now; please try again in a moment.', retryAfterSeconds: 30 },
  SERVER_OVERLOADED: { message: 'The server is overloaded right now; please try again in a moment.', retryAfterSeconds: 10 },
};

const ERRNO: Record<string, FaultCode> = {
  ENOSPC: 'STORAGE_FULL',
  EDQUOT: 'STORAGE_FULL',
  EROFS: 'STORAGE_READONLY',
  EACCES: 'STORAGE_READONLY',
  EPERM: 'STORAGE_READONLY',
  EMFILE: 'SERVER_OVERLOADED', // this process has no file descriptors left
  ENFILE: 'SERVER_OVERLOADED', // the machine has none left
  ENOMEM: 'SERVER_OVERLOADED',
  EAGAIN: 'SERVER_OVERLOADED', // fork/thread/socket resources temporarily unavailable
  ENOBUFS: 'SERVER_OVERLOADED',
};

const DATABASE: Record<DatabaseFault, FaultCode> = {
  busy: 'DB_BUSY',
  full: 'STORAGE_FULL',
  readonly: 'STORAGE_READONLY',
  unavailable: 'DB_UNAVAILABLE',
  overloaded: 'SERVER_OVERLOADED',
};

/** V8 could not allocate a buffer: this process is out of memory for now. */
const isAllocationFailure = (error: unknown) => error instanceof RangeError && /allocation failed|out of memory/i.test(error.message);

/** A DomainError for an environmental fault the operator can fix and the caller can retry; null for anything else. */
export function classifyFault(error: unknown): DomainError | null {
  if (error instanceof DomainError) return null;
  const errno = (error as NodeJS.ErrnoException | null)?.code;
  const db = databaseFault(error);
  const code =
    (typeof errno === 'string' ? ERRNO[errno] : undefined) ??
    (db ? DATABASE[db] : undefined) ??
    (isAllocationFailure(error) ? 'SERVER_OVERLOADED' : undefined) ??
    (error instanceof StoreUnavailableError ? 'STORAGE_UNAVAILABLE' : undefined);
  if (!code) return null;
  const { message, retryAfterSeconds } = FAULTS[code];
  return new DomainError(code, message, { retryAfterSeconds });
}
