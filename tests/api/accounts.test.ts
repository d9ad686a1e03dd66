// Accounts through real HTTP: validation, sign-up/in/out, session rotation, guest jobs carried over,
// throttling, cross-site refusal, deletion and export.
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { queryRows } from '../support/db';
import { listJobs, storedFiles, waitForSettled } from '../support/jobs';
import type { User } from '#contract/api';

let seq = 0;
const uniqueEmail = () => `person${Date.now()}-${seq++}@example.com`;
const registration = (email = uniqueEmail()) => ({ email, password: 'correct horse 🐎 battery', firstName: 'Ada', lastName: 'Lovelace' });

describe('accounts', () => {
  const server = useServer();
  const rows = <T>(sql: string, ...params: unknown[]) => queryRows<T>(server, sql, params);

  it('validates registration with the spec messages', async () => {
    const c = new HttpClient(server.url);
    const cases: [object, string, string][] = [
      [{ ...registration(), email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ ...registration(), password: '12345' }, 'password', 'Password must be at least 6 characters'],
      [{ ...registration(), firstName: '' }, 'firstName', 'First name is required'],
      [{ ...registration(), lastName: '   ' }, 'lastName', 'Last name is required'],
      [{}, 'email', 'Please enter a valid email address'],
    ];
    for (const [body, field, message] of cases) {
      const res = await c.post('/api/register', body);
      expect(res.status, message).toBe(400);
      expect(await res.json()).toEqual({ message, code: 'VALIDATION_FAILED', field, requestId: expect.any(String) });
    }
    const login = await c.post('/api/login', { email: 'x@example.com', password: '123' });
    expect(await login.json()).toEqual({ message: 'Password must be at least 6 characters', code: 'VALIDATION_FAILED', field: 'password', requestId: expect.any(String) });
  });

  it('registers, rotates the session, and returns the user without secrets', async () => {
    const c = new HttpClient(server.url);
    await c.post('/api/queue/pause');
    const guestCookie = c.cookie;
    expect(guestCookie).toMatch(/^sid=/);
    const input = registration(`  Mixed.Case${seq++}@Example.COM `);
    const res = await c.post('/api/register', input);
    expect(res.status).toBe(201);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(c.cookie).not.toBe(guestCookie);
    const user = (await res.json()) as User & Record<string, unknown>;
    expect(Object.keys(user).sort()).toEqual(['createdAt', 'email', 'firstName', 'id', 'lastName', 'profileImageUrl']);
    expect(user.email).toBe(input.email.trim().toLowerCase());
    expect(JSON.stringify(user)).not.toMatch(/argon|password/i);

    expect(await (await c.get('/api/user')).json()).toEqual(user);
    expect(await (await c.get('/api/upload-config')).json()).toEqual({ maxFiles: 50, maxFileSize: 200 * 1024 * 1024, maxFileSizeFormatted: null });

    // The guest token died with the sign-up.
    const old = new HttpClient(server.url);
    old.cookie = guestCookie;
    expect((await old.get('/api/user')).status).toBe(401);

    // Stored: argon2id with at least 19 MiB and 2 iterations; the session only as a hash.
    const [row] = await rows<{ password_hash: string }>('select password_hash from users where id = ?', user.id);
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=(19456|[2-9]\d{4,}),t=[2-9],p=\d+\$/);
    const token = c.cookie!.split('=')[1]!;
    const sessions = await rows<{ id: string }>('select id from sessions where user_id = ?', user.id);
    expect(sessions.length).toBe(1);
    expect(sessions[0]!.id).not.toContain(token);
    expect(sessions[0]!.id).toMatch(/^[0-9a-f]{64}$/);

    const dup = await new HttpClient(server.url).post('/api/register', { ...input, email: input.email.toUpperCase() });
    expect(dup.status).toBe(409);
    expect((await dup.json()).message).toBe('An account with this email already exists');
  });

  it('signs in case-insensitively, logs out server-side, and an old cookie stops working', async () => {
    const input = registration();
    await new HttpClient(server.url).post('/api/register', input);
    const c = new HttpClient(server.url);
    const res = await c.post('/api/login', { email: input.email.toUpperCase(), password: input.password });
    expect(res.status).toBe(200);
    expect(((await res.json()) as User).firstName).toBe('Ada');
    const signedIn = c.cookie;
    expect((await c.post('/api/logout')).status).toBe(204);
    const stale = new HttpClient(server.url);
    stale.cookie = signedIn;
    const after = await stale.get('/api/user');
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHENTICATED', requestId: expect.any(String) });
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const input = registration();
    await new HttpClient(server.url).post('/api/register', input);
    // One request id for both, so the bodies (which include it) may be compared whole.
    const sameId = { 'X-Request-Id': 'login-attempt' };
    const wrong = await new HttpClient(server.url).post('/api/login', { email: input.email, password: 'wrong password' }, sameId);
    const unknown = await new HttpClient(server.url).post('/api/login', { email: uniqueEmail(), password: 'wrong password' }, sameId);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('accepts long Unicode passwords without truncation and refuses oversize bodies', async () => {
    const password = 'ü'.repeat(200);
    const input = { ...registration(), password };
    expect((await new HttpClient(server.url).post('/api/register', input)).status).toBe(201);
    const truncated = await new HttpClient(server.url).post('/api/login', { email: input.email, password: password.slice(0, 128) });
    expect(truncated.status).toBe(401);
    expect((await new HttpClient(server.url).post('/api/login', { email: input.email, password })).status).toBe(200);
    const huge = await new HttpClient(server.url).post('/api/login', { email: input.email, password: 'x'.repeat(100_000) });
    expect(huge.status).toBe(413);
  });

  it('moves a guest\'s jobs into the account at sign-in', async () => {
    const input = registration();
    await new HttpClient(server.url).post('/api/register', input);
    const c = new HttpClient(server.url);
    await c.upload([fileFrom(corpusPath('photos', 'kodim03.png'))]);
    const [job] = await waitForSettled(c);
    await c.post('/api/login', { email: input.email, password: input.password });
    expect((await listJobs(c)).map((j) => j.id)).toEqual([job!.id]);
    expect((await c.get(job!.compressedPath!)).status).toBe(200);
  });

  it('throttles repeated failures per account with 429 and Retry-After', async () => {
    const input = registration();
    await new HttpClient(server.url).post('/api/register', input);
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) last = await new HttpClient(server.url).post('/api/login', { email: input.email, password: `nope-${i}` });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await last!.json()).code).toBe('LOCKED_OUT');
    // Even the right password waits out the lockout.
    const right = await new HttpClient(server.url).post('/api/login', { email: input.email, password: input.password });
    expect(right.status).toBe(429);
  });

  it('refuses cross-site state-changing requests, uploads included', async () => {
    const c = new HttpClient(server.url);
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    expect((await c.post('/api/login', { email: 'a@b.co', password: 'whatever' }, evil)).status).toBe(403);
    expect((await c.upload([fileFrom(corpusPath('photos', 'kodim03.png'))], {}, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await c.upload([fileFrom(corpusPath('photos', 'kodim03.png'))], {}, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await c.request('DELETE', '/api/jobs', { headers: { origin: 'null' } })).status).toBe(403);
    expect(await listJobs(c)).toEqual([]);
    // Same-origin requests pass.
    const same = await c.post('/api/queue/pause', undefined, { origin: server.url, 'sec-fetch-site': 'same-origin' });
    expect(same.status).toBe(200);
  });

  it('deletes an account with its sessions, jobs and files, and exports data first', async () => {
    const c = new HttpClient(server.url);
    const user = (await (await c.post('/api/register', registration())).json()) as User;
    await c.upload([fileFrom(corpusPath('photos', 'kodim03.png')), fileFrom(corpusPath('png', 'pngsuite', 'basn6a08.png'))]);
    const jobs = await waitForSettled(c);

    const exp = await c.get('/api/user/export');
    expect(exp.status).toBe(200);
    expect(exp.headers.get('content-disposition')).toMatch(/attachment; filename="my-data\.json"/);
    const data = (await exp.json()) as { account: User; jobs: { id: string }[] };
    expect(data.account).toEqual(user);
    expect(data.jobs.map((j) => j.id).sort()).toEqual(jobs.map((j) => j.id).sort());

    const before = await storedFiles(server.dataDir);
    expect((await c.request('DELETE', '/api/user')).status).toBe(204);
    expect((await c.get('/api/user')).status).toBe(401);
    expect(await rows('select count(*) n from users where id = ?', user.id)).toEqual([{ n: 0 }]);
    expect(await rows('select count(*) n from sessions where user_id = ?', user.id)).toEqual([{ n: 0 }]);
    expect(await rows('select count(*) n from jobs where owner_id = ?', user.id)).toEqual([{ n: 0 }]);
    const after = await storedFiles(server.dataDir);
    for (const j of jobs) expect(after.some((f) => f.includes(j.id)), j.id).toBe(false);
    expect(before.length - after.length).toBe(6); // per job: original, result and preview
    expect((await new HttpClient(server.url).request('DELETE', '/api/user')).status).toBe(401);
  });
});
