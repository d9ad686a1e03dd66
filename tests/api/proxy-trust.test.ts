// Client addresses behind a reverse proxy: with TRUST_PROXY listing the proxy (here 127.0.0.1), the client is the
// nearest address that is not a listed proxy. What a client writes into X-Forwarded-For itself never changes the
// address that per-address limits count, and X-Forwarded-Proto from the proxy still makes the cookie Secure.
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { requestFrom, statusCounts } from '../support/http-from';

const PROXY = '127.0.0.1';
const PER_ADDRESS = 50;
let seq = 0;
const failedLogin = (url: string, from: string, headers: Record<string, string>) =>
  requestFrom(url, from, 'POST', '/api/login', { json: { email: `nobody${Date.now()}-${seq++}@example.com`, password: 'wrong password' }, headers });
const spoofed = (i: number) => `198.51.100.${(i % 250) + 1}`;

/** Sends failed sign-ins one by one until the first 429 (or `most`); returns the responses. */
async function failuresUntilLocked(send: (i: number) => ReturnType<typeof failedLogin>, most = PER_ADDRESS + 10) {
  const responses: { status: number }[] = [];
  for (let i = 0; i < most; i++) {
    const res = await send(i);
    responses.push(res);
    if (res.status === 429) break;
  }
  return responses;
}

describe('trusted reverse proxies', () => {
  const server = useServer({ env: { TRUST_PROXY: PROXY } });

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    const statuses = await failuresUntilLocked((i) => failedLogin(server.url, '127.0.6.1', { 'x-forwarded-for': spoofed(i) }));
    expect(statusCounts(statuses)).toEqual({ 401: PER_ADDRESS, 429: 1 });
  });

  it('counts the client the proxy names, not the addresses the client wrote before it', async () => {
    // Like nginx's $proxy_add_x_forwarded_for: the proxy appends the address it saw to whatever the client sent.
    const statuses = await failuresUntilLocked((i) =>
      failedLogin(server.url, PROXY, { 'x-forwarded-for': `${spoofed(i)}, 203.0.113.7`, 'x-forwarded-proto': 'https' }),
    );
    expect(statusCounts(statuses)).toEqual({ 401: PER_ADDRESS, 429: 1 });
    // Another client behind the same proxy has its own count.
    const other = await failedLogin(server.url, PROXY, { 'x-forwarded-for': '203.0.113.8' });
    expect(other.status).toBe(401);
  });

  it('keeps the session cookie Secure behind a listed proxy that terminated TLS, and only there', async () => {
    const register = (from: string) =>
      requestFrom(server.url, from, 'POST', '/api/register', {
        json: { email: `secure${Date.now()}-${seq++}@example.com`, password: 'password123', firstName: 'A', lastName: 'B' },
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9', origin: `https://127.0.0.1:${server.port}` },
      });
    const viaProxy = await register(PROXY);
    expect(viaProxy.status).toBe(201);
    expect(String(viaProxy.headers['set-cookie'])).toMatch(/; Secure/);
    const direct = await register('127.0.6.2');
    expect(direct.status).toBe(201);
    expect(String(direct.headers['set-cookie'])).not.toMatch(/; Secure/);
  });
});
