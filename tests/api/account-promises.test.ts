// The account promises of the README that need more than one request to see: session lifetimes (idle and absolute,
// guests and users, on a clock the test moves), the per-address sign-in throttle, and re-hashing old passwords.
import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { useClockOffset } from '../support/clock-offset';
import { HttpClient } from '../support/http-client';
import { executeSql, queryRows } from '../support/db';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const PASSWORD = 'correct horse 🐎 battery';
const registration = () => ({ email: `p-${randomUUID()}@example.com`, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });

describe('session lifetimes', () => {
  const clock = useClockOffset();
  const server = useServer({ env: clock.env });

  // Each test moves the clock forward from wherever the previous one left it (the server re-reads the file).
  let offset = 0;
  const advance = (ms: number) => {
    offset += ms;
    clock.set(offset);
  };
  // The server reads the file at every reading of its clock: the next request sees the new time.
  const at = async (ms: number) => advance(ms);

  /** A stored guest session (the first pause stores one) is recognised while it lives: its queue stays paused. An
   * ended one makes the same browser a new guest, whose queue is not paused. */
  const startGuest = async () => {
    const guest = new HttpClient(server.url);
    expect((await guest.post('/api/queue/pause')).status).toBe(200);
    expect(guest.cookie).not.toBeNull();
    return guest;
  };
  const stillSameGuest = async (client: HttpClient) => {
    const res = await client.get('/api/queue/status');
    expect(res.status).toBe(200);
    return ((await res.json()) as { paused: boolean }).paused;
  };

  it('ends a guest session after 2 days idle, not before', async () => {
    const guest = await startGuest();
    await at(2 * DAY - MIN);
    expect(await stillSameGuest(guest)).toBe(true);
    await at(2 * DAY - MIN);
    expect(await stillSameGuest(guest)).toBe(true);
    await at(2 * DAY + MIN);
    expect(await stillSameGuest(guest)).toBe(false);
  });

  it('ends a guest session 7 days after it began, however active', async () => {
    const guest = await startGuest();
    for (let i = 0; i < 3; i++) {
      await at(2 * DAY - MIN); // up to 6 days less 3 minutes, never idle for 2 days
      expect(await stillSameGuest(guest)).toBe(true);
    }
    await at(DAY - 2 * MIN); // 7 days less 5 minutes
    expect(await stillSameGuest(guest)).toBe(true);
    await at(6 * MIN); // 7 days and a minute
    expect(await stillSameGuest(guest)).toBe(false);
  });

  it('signs a user out after 3 days idle, not before', async () => {
    const user = new HttpClient(server.url);
    expect((await user.post('/api/register', registration())).status).toBeLessThan(300);
    await at(3 * DAY - MIN);
    expect((await user.get('/api/user')).status).toBe(200);
    await at(3 * DAY - MIN);
    expect((await user.get('/api/user')).status).toBe(200);
    await at(3 * DAY + MIN);
    expect((await user.get('/api/user')).status).toBe(401);
  });

  it('signs a user out 30 days after sign-in, however active', async () => {
    const user = new HttpClient(server.url);
    expect((await user.post('/api/register', registration())).status).toBeLessThan(300);
    for (let step = 1; step <= 10; step++) {
      await at(2.9 * DAY);
      expect((await user.get('/api/user')).status, `day ${(step * 2.9).toFixed(1)}`).toBe(200);
    }
    // 29 days now; a day more and a minute is past 30 days since sign-in.
    await at(DAY + MIN);
    expect((await user.get('/api/user')).status).toBe(401);
  });
});

describe('sign-in protection', () => {
  const server = useServer();

  it('locks an address out after 50 failed sign-ins across any accounts, the right password included', async () => {
    const account = registration();
    expect((await new HttpClient(server.url).post('/api/register', account)).status).toBeLessThan(300);
    // Fewer than the per-account limit per email: only the per-address count can lock this out.
    for (let i = 0; i < 50; i++) {
      const res = await new HttpClient(server.url).post('/api/login', { email: `nobody-${i}@example.com`, password: 'wrong password' });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const right = await new HttpClient(server.url).post('/api/login', { email: account.email, password: account.password });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 300_000); // 51 argon2 checks, slow on a loaded machine
});

describe('password hashes', () => {
  // A server of its own: the lockout above would refuse this test's sign-ins from the same address.
  const server = useServer();

  it('re-hashes a password made with older parameters at the next sign-in', async () => {
    const account = registration();
    expect((await new HttpClient(server.url).post('/api/register', account)).status).toBeLessThan(300);
    // As if stored by an earlier version with weaker settings.
    const old = await hash(account.password, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await executeSql(server, 'update users set password_hash = ? where email = ?', [old, account.email]);

    expect((await new HttpClient(server.url).post('/api/login', account)).status).toBe(200);
    const [row] = await queryRows<{ password_hash: string }>(server, 'select password_hash from users where email = ?', [account.email]);
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The new hash still lets the user in.
    expect((await new HttpClient(server.url).post('/api/login', account)).status).toBe(200);
  });
});
