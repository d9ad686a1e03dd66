// The auth layer over a real SQLite database in a temp directory that each test removes again, with a clock the
// test moves by hand. Services are built by the tests themselves, from the parts made here.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { useTempDatabases, type MovableClock } from '../../../support/temp-database';
import { UserRepository } from '#server/auth/user-repository';
import { hashPassword } from '#server/auth/passwords';
import { DomainError } from '#server/errors';
import type { ErrorCode } from '#contract/errors';
import type { UserRow } from '#server/db/schema';

export type { MovableClock } from '../../../support/temp-database';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Registers cleanup of every environment made in a test file; call once at the top of a describe. */
export function useAuthEnvironments() {
  const databases = useTempDatabases('auth-');
  return {
    cleanups: databases.cleanups,
    async setup() {
      const { dir, clock, db } = await databases.setup();
      const users = new UserRepository(db);
      return { dir, clock, db, users, addUser: (fields: Partial<UserRow> = {}) => addUser(users, clock, fields) };
    },
  };
}

/** Stores an account directly (sessions and API keys belong to a user row). */
async function addUser(users: UserRepository, clock: MovableClock, fields: Partial<UserRow>): Promise<UserRow> {
  const id = fields.id ?? randomUUID();
  const user: UserRow = {
    id,
    email: `${id}@example.com`,
    password_hash: fields.password_hash ?? (await hashPassword('correct horse')),
    first_name: 'Ada',
    last_name: 'Lovelace',
    profile_image_url: null,
    created_at: clock.now(),
    ...fields,
  };
  expect(await users.insert(user)).toBe(true);
  return user;
}

/** The DomainError a promise rejects with; fails the test when it resolves or rejects with anything else. */
export async function domainErrorOf(promise: Promise<unknown>): Promise<DomainError> {
  const outcome = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(outcome).toBeInstanceOf(DomainError);
  return outcome as DomainError;
}

export async function expectDomainError(promise: Promise<unknown>, code: ErrorCode): Promise<DomainError> {
  const err = await domainErrorOf(promise);
  expect(err.code).toBe(code);
  return err;
}
