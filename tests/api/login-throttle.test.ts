// The sign-in lockout under concurrency: each attempt is counted in the database before its password is checked,
// so a burst of simultaneous guesses gets no more checks than the limits allow (10 per account, 50 per address).
// Each test uses its own client addresses so the per-address limit of one does not spill into another.
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { requestFrom, statusCounts } from '../support/http-from';

let seq = 0;
const uniqueEmail = () => `burst${Date.now()}-${seq++}@example.com`;
const PASSWORD = 'the right password';

describe('sign-in throttling under concurrency', () => {
  const server = useServer();
  const login = (from: string, email: string, password: string) => requestFrom(server.url, from, 'POST', '/api/login', { json: { email, password } });

  it('checks at most 10 of 100 simultaneous wrong passwords for one account, then refuses the right one', async () => {
    const email = uniqueEmail();
    const reg = await requestFrom(server.url, '127.0.3.250', 'POST', '/api/register', {
      json: { email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(reg.status).toBe(201);
    // From several addresses, so only the account's limit applies.
    const guesses = await Promise.all(Array.from({ length: 100 }, (_, i) => login(`127.0.3.${1 + (i % 10)}`, email, `wrong guess ${i}`)));
    const counts = statusCounts(guesses);
    expect(counts).toEqual({ 401: 10, 429: 90 });
    const refused = guesses.find((r) => r.status === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ message: 'Too many failed sign-in attempts. Please try again later.' });

    const right = await login('127.0.3.11', email, PASSWORD);
    expect(right.status).toBe(429);
  });

  it('checks at most 50 of 100 simultaneous failed sign-ins from one address', async () => {
    const guesses = await Promise.all(Array.from({ length: 100 }, (_, i) => login('127.0.3.20', uniqueEmail(), `wrong guess ${i}`)));
    expect(statusCounts(guesses)).toEqual({ 401: 50, 429: 50 });
  });

  it('does not count a successful sign-in against its address', async () => {
    const email = uniqueEmail();
    await requestFrom(server.url, '127.0.3.251', 'POST', '/api/register', { json: { email, password: PASSWORD, firstName: 'A', lastName: 'B' } });
    for (let i = 0; i < 60; i++) expect((await login('127.0.3.30', email, PASSWORD)).status).toBe(200);
    expect((await login('127.0.3.30', uniqueEmail(), 'wrong guess')).status).toBe(401);
  });
});
