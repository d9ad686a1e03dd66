// One classifier for low-level faults: errno codes, SQLite result codes and PostgreSQL SQLSTATEs all land on the
// same few codes, each with one sentence and one retry hint.
import { describe, expect, it } from 'vitest';
import { classifyFault } from '#server/faults';
import { DomainError } from '#server/errors';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('classifyFault', () => {
  it.each([
    ['ENOSPC', 'STORAGE_FULL'],
    ['EDQUOT', 'STORAGE_FULL'],
    ['SQLITE_FULL', 'STORAGE_FULL'],
    ['53100', 'STORAGE_FULL'],
    ['EROFS', 'STORAGE_READONLY'],
    ['EACCES', 'STORAGE_READONLY'],
    ['SQLITE_READONLY', 'STORAGE_READONLY'],
    ['SQLITE_IOERR_WRITE', 'STORAGE_READONLY'],
    ['SQLITE_CANTOPEN', 'STORAGE_READONLY'],
    ['SQLITE_BUSY', 'DB_BUSY'],
    ['SQLITE_LOCKED', 'DB_BUSY'],
    ['55P03', 'DB_BUSY'],
    ['40P01', 'DB_BUSY'],
    ['57P03', 'DB_UNAVAILABLE'],
    ['EMFILE', 'SERVER_OVERLOADED'],
    ['ENOMEM', 'SERVER_OVERLOADED'],
    ['SQLITE_NOMEM', 'SERVER_OVERLOADED'],
    ['53300', 'SERVER_OVERLOADED'],
  ])('names %s as %s, with a sentence and a retry hint', (code, expected) => {
    const fault = classifyFault(withCode(code));
    expect(fault).toBeInstanceOf(DomainError);
    expect(fault!.code).toBe(expected);
    expect(fault!.message).toMatch(/^The .+\.$/);
    expect(fault!.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('gives one fault the same answer whichever layer raised it', () => {
    const fromDisk = classifyFault(withCode('ENOSPC'))!;
    const fromSqlite = classifyFault(withCode('SQLITE_FULL'))!;
    const fromPostgres = classifyFault(withCode('53100'))!;
    expect([fromSqlite.message, fromPostgres.message]).toEqual([fromDisk.message, fromDisk.message]);
    expect([fromSqlite.retryAfterSeconds, fromPostgres.retryAfterSeconds]).toEqual([fromDisk.retryAfterSeconds, fromDisk.retryAfterSeconds]);
  });

  it('names a failed buffer allocation as an overloaded server', () => {
    expect(classifyFault(new RangeError('Array buffer allocation failed'))?.code).toBe('SERVER_OVERLOADED');
  });

  it('leaves everything else alone', () => {
    expect(classifyFault(withCode('ENOENT'))).toBeNull();
    expect(classifyFault(withCode('23505'))).toBeNull(); // unique violation: a bug or a race, not the environment
    expect(classifyFault(new Error('plain'))).toBeNull();
    expect(classifyFault(null)).toBeNull();
    expect(classifyFault(new DomainError('NOT_FOUND', 'Not found'))).toBeNull();
  });
});
