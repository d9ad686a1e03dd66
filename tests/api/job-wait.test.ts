// GET /api/jobs/:id and its long-poll ?wait=N: answers with the final job without client loops, validates N,
// stays owner-scoped, and answers with the current state when N passes first.
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import type { CompressResponse, Job } from '#contract/api';

const upload = async (client: HttpClient): Promise<Job> => {
  const res = await client.upload([fileFrom(corpusPath('png', 'pngsuite', 'basn2c08.png'), 'wait.png')]);
  expect(res.status).toBe(201);
  return ((await res.json()) as CompressResponse).jobs[0]!;
};

describe('GET /api/jobs/:id?wait=N', () => {
  const server = useServer();

  it('answers once the job is final, in one request', async () => {
    const client = new HttpClient(server.url);
    const job = await upload(client);
    const res = await client.get(`/api/jobs/${job.id}?wait=30`);
    expect(res.status).toBe(200);
    const done = (await res.json()) as Job;
    expect(done.id).toBe(job.id);
    expect(done.status).toBe('completed');
    expect(done.compressedPath).toBe(`/api/download/${job.id}`);
    // Without wait: the current state at once.
    expect(((await (await client.get(`/api/jobs/${job.id}`)).json()) as Job).status).toBe('completed');
  });

  it('answers with the current state when the time passes first', async () => {
    const client = new HttpClient(server.url);
    expect((await client.post('/api/queue/pause')).status).toBe(200);
    const job = await upload(client);
    const res = await client.get(`/api/jobs/${job.id}?wait=1`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Job).status).toBe('pending');
    await client.post('/api/queue/resume');
    expect(((await (await client.get(`/api/jobs/${job.id}?wait=30`)).json()) as Job).status).toBe('completed');
  });

  it('validates wait and keeps other owners out (404)', async () => {
    const owner = new HttpClient(server.url);
    const job = await upload(owner);
    for (const bad of ['31', '-1', '1.5', 'soon']) {
      const res = await owner.get(`/api/jobs/${job.id}?wait=${bad}`);
      expect(res.status, `wait=${bad}`).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/wait must be a whole number of seconds from 0 to 30/);
    }
    const other = new HttpClient(server.url);
    expect((await other.get(`/api/jobs/${job.id}?wait=30`)).status).toBe(404);
    expect((await owner.get('/api/jobs/00000000-0000-0000-0000-000000000000?wait=5')).status).toBe(404);
  });
});
