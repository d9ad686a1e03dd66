// Password hashes: argon2id with OWASP's minimum parameters, stored as PHC strings so that a hash made with other
// parameters is recognised and upgraded at the next sign-in (decision 0008).
import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, timingDummyHash, verifyPassword } from '#server/auth/passwords';

const ARGON2ID = 2;
const ARGON2I = 1;

/** A hash as an older release (or another tool) may have stored it. */
const hashWith = (password: string, params: { algorithm?: number; memoryCost: number; timeCost: number; parallelism: number }) =>
  hash(password, { algorithm: ARGON2ID, ...params });

describe('passwords', () => {
  it('hashes with argon2id, 19 MiB, 2 iterations and 1 lane, salted, as a PHC string', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');

    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(first).not.toContain('correct horse');
    expect(second).not.toBe(first);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse');

    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'correct horsE')).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
  });

  it('never truncates: long Unicode passwords differing only in their last character are different', async () => {
    const long = 'пароль-🔑-'.repeat(100).slice(0, 1023);
    const stored = await hashPassword(`${long}a`);

    expect(await verifyPassword(stored, `${long}a`)).toBe(true);
    expect(await verifyPassword(stored, `${long}b`)).toBe(false);
  });

  it('answers false, not an exception, for a stored value that is not a hash it can read', async () => {
    for (const stored of ['', 'plain text', '$argon2id$v=19$m=19456,t=2,p=1$broken', '$2b$10$abcdefghijklmnopqrstuv']) {
      await expect(verifyPassword(stored, 'correct horse')).resolves.toBe(false);
    }
  });

  it('still verifies hashes made with older parameters, so they can be upgraded at sign-in', async () => {
    const old = await hashWith('correct horse', { memoryCost: 4096, timeCost: 3, parallelism: 1 });

    expect(await verifyPassword(old, 'correct horse')).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it('asks for a rehash when any single parameter differs from ours, and not for our own hashes', async () => {
    expect(needsRehash(await hashPassword('pw'))).toBe(false);
    expect(needsRehash(await hashWith('pw', { memoryCost: 19457, timeCost: 2, parallelism: 1 }))).toBe(true);
    expect(needsRehash(await hashWith('pw', { memoryCost: 19456, timeCost: 3, parallelism: 1 }))).toBe(true);
    expect(needsRehash(await hashWith('pw', { memoryCost: 19456, timeCost: 2, parallelism: 2 }))).toBe(true);
  });

  it('asks for a rehash of another algorithm, another version, or anything that is not a PHC string', async () => {
    const ours = await hashPassword('pw');
    expect(needsRehash(await hashWith('pw', { algorithm: ARGON2I, memoryCost: 19456, timeCost: 2, parallelism: 1 }))).toBe(true);
    expect(needsRehash(ours.replace('$v=19$', '$v=16$'))).toBe(true);
    expect(needsRehash(`x${ours}`)).toBe(true);
    expect(needsRehash('$2b$10$abcdefghijklmnopqrstuv')).toBe(true);
    expect(needsRehash('')).toBe(true);
  });

  it('keeps one dummy hash per process, made with our parameters, for unknown emails to be checked against', async () => {
    const dummy = await timingDummyHash();

    expect(await timingDummyHash()).toBe(dummy);
    expect(needsRehash(dummy)).toBe(false);
    expect(await verifyPassword(dummy, 'correct horse')).toBe(false);
  });
});
