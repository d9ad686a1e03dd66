// API keys: created, listed and revoked by a signed-in user; a key alone (no cookie, no cross-site token) reaches the
// owner's jobs, queue and downloads, never another user's, never account or key management; revocation acts at once.
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { createKey, signedInUser, uploadWithKey, withKey } from '../support/api-keys';
import { waitFor } from '../support/jobs';
import type { CompressResponse, Job } from '#contract/api';
import type { ApiKey } from '#contract/api-keys';

const png = () => fileFrom(corpusPath('png', 'pngsuite', 'basn2c08.png'), 'key-upload.png');

describe('API keys', () => {
  const server = useServer();

  it('creates a key shown once, lists it by prefix only, and refuses guests', async () => {
    const user = await signedInUser(server.url);
    const created = await createKey(user, 'CI pipeline');
    expect(created.key).toMatch(/^isq_live_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.name).toBe('CI pipeline');

    const list = (await (await user.get('/api/keys')).json()) as ApiKey[];
    expect(list.map((k) => k.id)).toEqual([created.id]);
    expect(JSON.stringify(list)).not.toContain(created.key);
    expect(list[0]).toMatchObject({ name: 'CI pipeline', prefix: created.prefix, lastUsedAt: null, imagesThisMonth: 0 });

    const guest = new HttpClient(server.url);
    expect((await guest.post('/api/keys', { name: 'x' })).status).toBe(401);
    expect((await guest.get('/api/keys')).status).toBe(401);

    const bad = await user.post('/api/keys', { name: '   ' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Give the key a name' });
  });

  it('authenticates uploads, job lists, queue and downloads with the key alone; jobs belong to the key user', async () => {
    const user = await signedInUser(server.url);
    const { key } = await createKey(user);
    const res = await uploadWithKey(server.url, key, [png()]);
    expect(res.status).toBe(201);
    expect(res.headers.get('set-cookie')).toBeNull();
    const { jobs } = (await res.json()) as CompressResponse;
    const id = jobs[0]!.id;

    // The same job is in the user's browser history.
    const done = await waitFor(async () => {
      const list = (await (await user.get('/api/jobs')).json()) as Job[];
      const job = list.find((j) => j.id === id);
      return job && job.status === 'completed' ? job : undefined;
    });
    expect(done.filename).toBe('key-upload.png');

    const listed = (await (await withKey(server.url, key, 'GET', '/api/jobs')).json()) as Job[];
    expect(listed.map((j) => j.id)).toContain(id);
    const download = await withKey(server.url, key, 'GET', `/api/download/${id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect((await withKey(server.url, key, 'GET', '/api/queue/status')).status).toBe(200);
    // A state change with only the key, even with a browser's cross-site markers, passes: the key is the proof.
    const pause = await withKey(server.url, key, 'POST', '/api/queue/pause', { headers: { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' } });
    expect(pause.status).toBe(200);
    expect(((await pause.json()) as { paused: boolean }).paused).toBe(true);
    expect((await withKey(server.url, key, 'POST', '/api/queue/resume')).status).toBe(200);

    const keys = (await (await user.get('/api/keys')).json()) as ApiKey[];
    expect(keys[0]!.lastUsedAt).not.toBeNull();
    expect(keys[0]!.imagesThisMonth).toBe(1);
  });

  it("never reaches another user's jobs or keys (404), and cannot manage accounts or keys (403)", async () => {
    const alice = await signedInUser(server.url, 'alice');
    const bob = await signedInUser(server.url, 'bob');
    const aliceKey = await createKey(alice);
    const bobKey = await createKey(bob);
    const upload = (await (await uploadWithKey(server.url, aliceKey.key, [png()])).json()) as CompressResponse;
    const aliceJob = upload.jobs[0]!.id;

    for (const [method, route] of [
      ['GET', `/api/download/${aliceJob}`],
      ['GET', `/api/jobs/${aliceJob}/original-preview`],
      ['DELETE', `/api/jobs/${aliceJob}`],
    ] as const) {
      expect((await withKey(server.url, bobKey.key, method, route)).status, `${method} ${route}`).toBe(404);
    }
    const bobList = (await (await withKey(server.url, bobKey.key, 'GET', '/api/jobs')).json()) as Job[];
    expect(bobList.map((j) => j.id)).not.toContain(aliceJob);
    // Bob's session cannot revoke Alice's key.
    expect((await bob.delete(`/api/keys/${aliceKey.id}`)).status).toBe(404);
    expect((await withKey(server.url, aliceKey.key, 'GET', '/api/jobs')).status).toBe(200);

    for (const [method, route] of [
      ['GET', '/api/keys'],
      ['POST', '/api/keys'],
      ['DELETE', `/api/keys/${aliceKey.id}`],
      ['GET', '/api/user'],
      ['DELETE', '/api/user'],
      ['GET', '/api/user/export'],
      ['POST', '/api/logout'],
    ] as const) {
      const res = await withKey(server.url, aliceKey.key, method, route, method === 'POST' ? { json: { name: 'x' } } : {});
      expect(res.status, `${method} ${route}`).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
    }
    expect((await alice.get('/api/user')).status).toBe(200);
  });

  it('refuses a revoked or unknown key with 401 at once', async () => {
    const user = await signedInUser(server.url);
    const { id, key } = await createKey(user);
    expect((await withKey(server.url, key, 'GET', '/api/jobs')).status).toBe(200);
    expect((await user.delete(`/api/keys/${id}`)).status).toBe(204);
    const refused = await withKey(server.url, key, 'GET', '/api/jobs');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'INVALID_API_KEY' });
    expect(await (await user.get('/api/keys')).json()).toEqual([]);
    expect((await user.delete(`/api/keys/${id}`)).status).toBe(404);

    const unknown = await withKey(server.url, `${key.slice(0, -4)}AAAA`, 'GET', '/api/jobs');
    expect(unknown.status).toBe(401);
    expect((await withKey(server.url, 'not-a-key', 'POST', '/api/compress')).status).toBe(401);
  });
});
