// Guest sessions: cookie flags, Secure behind TLS, token stored only as a hash, no session for health checks.
// A guest session is stored at the visitor's first pause or upload (tests/api/guest-sessions.test.ts).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { queryRows } from '../support/db';

describe('guest sessions', () => {
  const server = useServer({ env: { TRUST_PROXY: '127.0.0.1' } });

  it('stores only the SHA-256 of a 256-bit token', async () => {
    const res = await fetch(`${server.url}/api/queue/pause`, { method: 'POST' });
    const token = /^sid=([^;]+)/.exec(res.headers.get('set-cookie')!)![1]!;
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const ids = (await queryRows<{ id: string }>(server, 'select id from sessions')).map((r) => r.id);
    expect(ids).toContain(createHash('sha256').update(token).digest('hex'));
    expect(ids.some((id) => id.includes(token))).toBe(false);
  });

  it('marks the cookie Secure when the request came over HTTPS', async () => {
    const res = await fetch(`${server.url}/api/queue/pause`, { method: 'POST', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/);
  });

  it('does not create sessions for health checks', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('reuses a valid session instead of issuing a new one', async () => {
    const first = await fetch(`${server.url}/api/queue/pause`, { method: 'POST' });
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    const second = await fetch(`${server.url}/api/queue/pause`, { method: 'POST', headers: { cookie } });
    expect(second.headers.get('set-cookie')).toBeNull();
    expect(await (await fetch(`${server.url}/api/queue/status`, { headers: { cookie } })).json()).toMatchObject({ paused: true });
  });
});
