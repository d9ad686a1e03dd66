// Guest sessions are issued only when a visitor first needs one: the first upload or the first queue action that
// must be remembered (pause). Reads without a cookie (health, config, the job list, queue status, the app page)
// answer as for a visitor with nothing and store nothing, and new guest sessions are bounded per client address.
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { queryRows } from '../support/db';
import { requestFrom } from '../support/http-from';

const COOKIELESS_READS = [
  '/api/health',
  '/api/user',
  '/api/jobs',
  '/api/jobs/00000000-0000-4000-8000-000000000000',
  '/api/queue/status',
  '/api/queue/stats',
  '/api/upload-config',
  '/api/compression-presets',
  '/api/download-all',
  '/api/download/00000000-0000-4000-8000-000000000000',
  '/',
];

describe('guest sessions are issued when first needed', () => {
  const server = useServer({ env: { GUEST_SESSIONS_PER_ADDRESS: '3' } });
  const sessionRows = async () => (await queryRows<{ n: number }>(server, 'select count(*) n from sessions'))[0]!.n;
  const queueRows = async () => (await queryRows<{ n: number }>(server, 'select count(*) n from owner_queue'))[0]!.n;

  it('stores nothing for cookieless reads, and answers them as for a visitor with no jobs', async () => {
    const before = { sessions: await sessionRows(), queue: await queueRows() };
    const statuses: Record<string, number> = {};
    for (let round = 0; round < 5; round++) {
      for (const path of COOKIELESS_READS) {
        const res = await fetch(server.url + path);
        expect(res.headers.get('set-cookie'), path).toBeNull();
        statuses[path] = res.status;
        await res.arrayBuffer();
      }
    }
    expect(await sessionRows()).toBe(before.sessions);
    expect(await queueRows()).toBe(before.queue);
    expect(statuses).toMatchObject({ '/api/jobs': 200, '/api/queue/status': 200, '/api/upload-config': 200, '/api/user': 401 });
    expect(await (await fetch(`${server.url}/api/jobs`)).json()).toEqual([]);
    expect(await (await fetch(`${server.url}/api/queue/status`)).json()).toMatchObject({ total: 0, pending: 0, paused: false });
    expect(await (await fetch(`${server.url}/api/upload-config`)).json()).toMatchObject({ maxFiles: 10 });
    // Queue actions with nothing to act on need no memory either.
    for (const action of ['resume', 'clear']) {
      const res = await fetch(`${server.url}/api/queue/${action}`, { method: 'POST' });
      expect(res.status, action).toBe(200);
      expect(res.headers.get('set-cookie'), action).toBeNull();
    }
    expect(await sessionRows()).toBe(before.sessions);
    expect(await queueRows()).toBe(before.queue);
  });

  it('creates exactly one session at the first upload and keeps using it', async () => {
    const before = await sessionRows();
    const c = new HttpClient(server.url);
    expect((await c.get('/api/jobs')).status).toBe(200);
    expect(c.cookie).toBeNull();
    const up = await c.upload([fileFrom(corpusPath('photos', 'kodim03.png'))]);
    expect(up.status).toBe(201);
    expect(c.cookie).toMatch(/^sid=/);
    expect(await sessionRows()).toBe(before + 1);
    const second = await c.upload([fileFrom(corpusPath('photos', 'kodim05.png'))]);
    expect(second.status).toBe(201);
    expect((await c.get('/api/jobs')).status).toBe(200);
    expect(await sessionRows()).toBe(before + 1);
    const jobs = (await (await c.get('/api/jobs')).json()) as unknown[];
    expect(jobs).toHaveLength(2);
  });

  it('creates a session when a new visitor pauses the queue, and remembers the pause', async () => {
    const c = new HttpClient(server.url);
    const res = await c.post('/api/queue/pause');
    expect(res.status).toBe(200);
    expect(c.cookie).toMatch(/^sid=/);
    expect(await (await c.get('/api/queue/status')).json()).toMatchObject({ paused: true });
  });

  it('bounds new guest sessions per client address with a 429 that says when to retry', async () => {
    const from = '127.0.7.1';
    const pause = () => requestFrom(server.url, from, 'POST', '/api/queue/pause');
    for (let i = 0; i < 3; i++) expect((await pause()).status).toBe(200);
    const refused = await pause();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ message: expect.stringMatching(/too many new visitors/i), code: 'RATE_LIMITED' });
    expect(refused.headers['set-cookie']).toBeUndefined();
    // Reads still work from there, and another address is not affected.
    expect((await requestFrom(server.url, from, 'GET', '/api/jobs')).status).toBe(200);
    expect((await requestFrom(server.url, '127.0.7.2', 'POST', '/api/queue/pause')).status).toBe(200);
  });
});
