// Two guests (and a cookieless client) against every job-scoped route: nobody sees another's jobs or files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { listJobs, waitForSettled } from '../support/jobs';
import type { Job } from '#contract/api';

describe('guest isolation', () => {
  let server: TestServer;
  let a: HttpClient;
  let b: HttpClient;
  let aJob: Job;

  beforeAll(async () => {
    server = await startServer();
    a = new HttpClient(server.url);
    b = new HttpClient(server.url);
    await a.upload([fileFrom(corpusPath('photos', 'kodim03.png'))]);
    aJob = (await waitForSettled(a))[0]!;
    await b.get('/api/jobs');
  });
  afterAll(async () => {
    await server.stop();
    server.cleanup();
  });

  it('hides A\'s job from B on every job-scoped route', async () => {
    const routes: [string, string][] = [
      ['GET', `/api/download/${aJob.id}`],
      ['GET', `/api/jobs/${aJob.id}/original-preview`],
      ['DELETE', `/api/jobs/${aJob.id}`],
    ];
    for (const [method, path] of routes) {
      const res = await b.request(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/json/);
    }
    expect(await listJobs(b)).toEqual([]);
    expect((await b.get('/api/download-all')).status).toBe(404);
    expect(await (await b.get('/api/queue/status')).json()).toMatchObject({ total: 0 });
    // B's bulk actions do not touch A.
    await b.delete('/api/jobs');
    await b.post('/api/queue/clear');
    await b.post('/api/queue/pause');
    expect((await listJobs(a)).map((j) => j.id)).toEqual([aJob.id]);
    expect((await (await a.get('/api/queue/status')).json()).paused).toBe(false);
    expect((await a.get(`/api/download/${aJob.id}`)).status).toBe(200);
  });

  it('treats a request without a cookie as a new guest with nothing', async () => {
    const res = await fetch(`${server.url}/api/download/${aJob.id}`);
    expect(res.status).toBe(404);
    const forged = await fetch(`${server.url}/api/jobs`, { headers: { cookie: 'sid=forged-token-value' } });
    expect(await forged.json()).toEqual([]);
  });

  it('answers malformed ids with 404, not 500', async () => {
    for (const id of ['not-a-uuid', '..%2F..%2Fetc%2Fpasswd']) {
      expect((await a.get(`/api/download/${id}`)).status).toBe(404);
      expect((await a.get(`/api/jobs/${id}/original-preview`)).status).toBe(404);
    }
    const long = await a.get(`/api/download/${'0'.repeat(300)}`);
    expect(long.status).toBe(414); // over the router's parameter length
    expect(await long.json()).toHaveProperty('message');
  });
});
