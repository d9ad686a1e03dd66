// Tinify-compatible endpoints under attack (2026-11-27): a /shrink without a valid key is answered before its body is
// read (F1); enlargements past the pixel limits are refused before any decode and cost nothing (F3, F4); /shrink never
// creates and charges a job it can only answer 503 for, and the long-poll cap holds for every route together.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { createKey, signedInUser, withKey } from '../support/api-keys';
import { rawRequest } from '../hostile/raw-http';
import type { Job } from '#contract/api';
import type { Usage } from '#contract/api-keys';

const basic = (key: string) => `Basic ${Buffer.from(`api:${key}`).toString('base64')}`;

describe('Tinify-compatible endpoints: limits', () => {
  // One long poll at a time in the whole process, so a test can fill the cap with a single request.
  const server = useServer({ env: { LONG_POLL_MAX_WAITERS: '1' } });

  const shrink = (key: string, body: Buffer) =>
    fetch(`${server.url}/shrink`, { method: 'POST', headers: { authorization: basic(key), 'content-type': 'application/octet-stream' }, body: new Uint8Array(body) });
  const transform = (key: string, id: string, options: unknown) =>
    fetch(`${server.url}/output/${id}`, { method: 'POST', headers: { authorization: basic(key), 'content-type': 'application/json' }, body: JSON.stringify(options) });
  const usage = async (key: string) => ((await (await withKey(server.url, key, 'GET', '/api/usage')).json()) as Usage).images;
  const tiny = () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6' } }).jpeg({ quality: 80 }).toBuffer();

  it('answers a /shrink without a valid key with 401 before its body is sent, and closes the connection', async () => {
    const user = await signedInUser(server.url, 'tinify-f1');
    const { key } = await createKey(user);
    for (const authorization of [null, basic('not-a-key'), `Bearer ${key}`]) {
      // Headers only: a body of 190 MiB is announced and never sent. Answering at all proves it was not waited for.
      const head = ['POST /shrink HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: application/octet-stream', `Content-Length: ${190 * 1024 * 1024}`];
      if (authorization) head.push(`Authorization: ${authorization}`);
      const res = await rawRequest(server.port, `${head.join('\r\n')}\r\n\r\n`, { timeoutMs: 15_000 });
      expect(res.status, String(authorization)).toBe(401);
      expect(res.head.toLowerCase()).toContain('connection: close');
      expect(JSON.parse(res.body)).toEqual({ error: 'Unauthorized', message: 'Credentials are invalid.', requestId: expect.any(String) });
    }
  });

  it('refuses a body announced over the upload ceiling before reading it, even with a valid key', async () => {
    const user = await signedInUser(server.url, 'tinify-f1b');
    const { key } = await createKey(user);
    const head = ['POST /shrink HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: image/jpeg', `Content-Length: ${201 * 1024 * 1024}`, `Authorization: ${basic(key)}`];
    const res = await rawRequest(server.port, `${head.join('\r\n')}\r\n\r\n`, { timeoutMs: 15_000 });
    expect(res.status).toBe(413);
    expect(await usage(key)).toBe(0);
  });

  it('refuses cover and thumb boxes past the pixel limits, and PNG past its own, at once and without a charge', async () => {
    const user = await signedInUser(server.url, 'tinify-f3');
    const { key } = await createKey(user);
    const created = await shrink(key, await tiny());
    expect(created.status).toBe(201);
    const id = new URL(created.headers.get('location')!).pathname.split('/').pop()!;
    expect(await usage(key)).toBe(1);

    for (const options of [
      { resize: { method: 'cover', width: 16384, height: 16384 } },
      { resize: { method: 'thumb', width: 16384, height: 16384 } },
      { resize: { method: 'cover', width: 5000, height: 5000 }, convert: { type: 'image/png' } },
      // Within the 100-megapixel limit, but no codec process could hold its encode.
      { resize: { method: 'cover', width: 9000, height: 9000 }, convert: { type: '*/*' } },
    ]) {
      const res = await transform(key, id, options);
      expect(res.status, JSON.stringify(options)).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'BadRequest', message: expect.stringMatching(/megapixels|MB/) });
    }
    expect(await usage(key)).toBe(1);

    // A modest enlargement still works, and is charged.
    const small = await transform(key, id, { resize: { method: 'cover', width: 200, height: 120 } });
    expect(small.status).toBe(200);
    expect([small.headers.get('image-width'), small.headers.get('image-height')]).toEqual(['200', '120']);
    expect(await usage(key)).toBe(2);
  });

  it('answers /shrink 503 without creating or charging a job while the long polls of another route fill the cap', async () => {
    const holder = await signedInUser(server.url, 'tinify-holder');
    const { key: holderKey } = await createKey(holder);
    // A job that stays pending (its owner's queue is paused), so polling it holds the one place among the waiters.
    expect((await withKey(server.url, holderKey, 'POST', '/api/queue/pause')).status).toBe(200);
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(await tiny())], { type: 'image/jpeg' }), 'held.jpg');
    const upload = await withKey(server.url, holderKey, 'POST', '/api/compress', { body: form });
    const held = ((await upload.json()) as { jobs: Job[] }).jobs[0]!;
    const polling = new AbortController();
    // Polls back to back until aborted: whenever the place is free, the holder takes it again for 30 s.
    const holding = (async () => {
      while (!polling.signal.aborted) {
        await fetch(`${server.url}/api/jobs/${held.id}?wait=30`, { headers: { authorization: `Bearer ${holderKey}` }, signal: polling.signal }).catch(() => undefined);
      }
    })();

    const user = await signedInUser(server.url, 'tinify-503');
    const { key } = await createKey(user);
    const image = await tiny();
    const statuses: number[] = [];
    // Until the holder has the place, a /shrink may still get it and succeed; once it is held, /shrink answers 503.
    for (let i = 0; i < 40 && !statuses.includes(503); i++) statuses.push((await shrink(key, image)).status);
    polling.abort();
    await holding;

    expect(statuses).toContain(503);
    const done = statuses.filter((s) => s === 201).length;
    expect(statuses.length - done).toBe(1);
    const jobs = (await (await withKey(server.url, key, 'GET', '/api/jobs')).json()) as Job[];
    expect(jobs).toHaveLength(done);
    expect(await usage(key)).toBe(done);
  });
});
