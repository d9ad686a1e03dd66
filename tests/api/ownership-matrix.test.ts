// The ownership matrix: guests A and B, users C and D, and a cookieless client, each against every job-, file-,
// queue- and account-scoped route with the others' ids. Every cell is 404 or 401 (or an empty own view); never another's data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { listJobs, waitForSettled } from '../support/jobs';
import type { Job } from '#contract/api';

interface Actor {
  name: string;
  client: HttpClient;
  job?: Job;
}

describe('ownership matrix', () => {
  let server: TestServer;
  const actors: Actor[] = [];

  beforeAll(async () => {
    server = await startServer();
    const make = async (name: string, register: boolean) => {
      const client = new HttpClient(server.url);
      if (register) {
        await client.post('/api/register', { email: `${name}-${Date.now()}@example.com`, password: 'secret-password', firstName: name, lastName: 'Test' });
      }
      await client.upload([fileFrom(corpusPath('png', 'pngsuite', 'basn2c08.png'), `${name}.png`)]);
      const [job] = await waitForSettled(client);
      actors.push({ name, client, job });
    };
    await make('guestA', false);
    await make('guestB', false);
    await make('userC', true);
    await make('userD', true);
  });
  afterAll(async () => {
    await server.stop();
    server.cleanup();
  });

  const idRoutes = (id: string): [string, string][] => [
    ['GET', `/api/download/${id}`],
    ['GET', `/api/jobs/${id}/original-preview`],
    ['DELETE', `/api/jobs/${id}`],
  ];

  it('gives 404 to everyone but the owner on every id-scoped route', async () => {
    const noCookie: Actor = { name: 'no-cookie', client: new HttpClient(server.url) };
    for (const owner of actors) {
      for (const intruder of [...actors.filter((a) => a !== owner), noCookie]) {
        for (const [method, route] of idRoutes(owner.job!.id)) {
          if (intruder === noCookie) intruder.client.cookie = null;
          const res = await intruder.client.request(method, route);
          expect(res.status, `${intruder.name} ${method} ${route} of ${owner.name}`).toBe(404);
          const body = await res.text();
          expect(body).not.toContain(owner.name);
        }
      }
    }
  });

  it('shows each caller only their own list, status, ZIP and account', async () => {
    for (const actor of actors) {
      const jobs = await listJobs(actor.client);
      expect(jobs.map((j) => j.id)).toEqual([actor.job!.id]);
      expect(await (await actor.client.get('/api/queue/status')).json()).toMatchObject({ total: 1, completed: 1 });
      const zip = Buffer.from(await (await actor.client.get('/api/download-all')).arrayBuffer());
      expect(zip.includes(Buffer.from(`${actor.name}.png`))).toBe(true);
      for (const other of actors.filter((a) => a !== actor)) expect(zip.includes(Buffer.from(`${other.name}.png`))).toBe(false);
      const user = await actor.client.get('/api/user');
      if (actor.name.startsWith('user')) expect(((await user.json()) as { firstName: string }).firstName).toBe(actor.name);
      else expect(user.status).toBe(401);
      const exp = await actor.client.get('/api/user/export');
      if (actor.name.startsWith('user')) {
        const exported = JSON.stringify(await exp.json());
        expect(exported).toContain(actor.job!.id);
        for (const other of actors.filter((a) => a !== actor)) expect(exported).not.toContain(other.job!.id);
      } else expect(exp.status).toBe(401);
    }
    const anon = await fetch(`${server.url}/api/user`);
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHENTICATED', requestId: expect.any(String) });
  });

  it('keeps bulk actions (pause, clear, delete all) inside the caller\'s own jobs', async () => {
    const [a, b, c, d] = actors as [Actor, Actor, Actor, Actor];
    await a.client.post('/api/queue/pause');
    await a.client.post('/api/queue/clear');
    await a.client.delete('/api/jobs');
    expect(await listJobs(a.client)).toEqual([]);
    for (const other of [b, c, d]) {
      expect((await listJobs(other.client)).map((j) => j.id)).toEqual([other.job!.id]);
      expect((await (await other.client.get('/api/queue/status')).json()).paused).toBe(false);
      expect((await other.client.get(other.job!.compressedPath!)).status).toBe(200);
    }
  });
});
