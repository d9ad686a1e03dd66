// Tinify transformations share the codec fairly (F2 of the 2026-11-27 attack): one user's slow transformations (a
// 10-megapixel photo into every format) cannot make another user's upload wait behind them, at most two of them run
// at once per user, and they stop when their client hangs up.
import http from 'node:http';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { createKey, signedInUser } from '../support/api-keys';
import { HttpClient } from '../support/http-client';
import { corpusPath } from '../support/paths';
import type { Job } from '#contract/api';

const basic = (key: string) => `Basic ${Buffer.from(`api:${key}`).toString('base64')}`;

describe('Tinify transformations and everyone else', () => {
  const server = useServer();

  it("never makes another user's upload wait behind one user's transformations, and bounds them per user", async () => {
    const user = await signedInUser(server.url, 'fair-transforms');
    const { key } = await createKey(user);
    const photo = fs.readFileSync(corpusPath('photos', 'squoosh-demo-large-photo.jpg'));
    const shrunk = await fetch(`${server.url}/shrink`, { method: 'POST', headers: { authorization: basic(key), 'content-type': 'image/jpeg' }, body: new Uint8Array(photo) });
    expect(shrunk.status).toBe(201);
    const id = new URL(shrunk.headers.get('location')!).pathname.split('/').pop()!;

    // Three slow transformations at once (every format of a 10-megapixel photo): two run, the third is refused.
    const body = JSON.stringify({ convert: { type: '*/*' } });
    const sockets: http.ClientRequest[] = [];
    const answered: number[] = [];
    const transforms = Array.from({ length: 3 }, () =>
      new Promise<number>((resolve) => {
        const req = http.request(`${server.url}/output/${id}`, { method: 'POST', agent: false, headers: { authorization: basic(key), 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
          res.resume();
          answered.push(res.statusCode!);
          resolve(res.statusCode!);
        });
        req.on('error', () => resolve(0));
        req.end(body);
        sockets.push(req);
      }),
    );
    // The third is answered at once; the other two are still working.
    while (!answered.includes(429)) await new Promise((r) => setTimeout(r, 20));

    // Meanwhile a guest's 8-megapixel photo is compressed to the end, while both transformations are still running.
    const guest = new HttpClient(server.url);
    const upload = await guest.upload([{ name: 'guest.jpg', data: fs.readFileSync(corpusPath('photos', 'lepton-iphone.jpg')) }]);
    expect(upload.status).toBe(201);
    const [created] = ((await upload.json()) as { jobs: Job[] }).jobs;
    let job: Job;
    do job = (await (await guest.get(`/api/jobs/${created!.id}?wait=30`)).json()) as Job;
    while (job.status !== 'completed' && job.status !== 'error');
    expect(job.status).toBe('completed');
    expect(answered).toEqual([429]);

    // The client hangs up: the work stops (the transform lane's process is killed, the images are given back).
    for (const req of sockets) req.destroy();
    expect(await Promise.all(transforms)).toEqual(expect.arrayContaining([429, 0, 0]));
    // Charged: the /shrink and, while they ran, the two transformations; the hang-up gives those two back.
    const images = async () => ((await (await fetch(`${server.url}/api/usage`, { headers: { authorization: `Bearer ${key}` } })).json()) as { images: number }).images;
    while ((await images()) !== 1) await new Promise((r) => setTimeout(r, 50));
    expect(await images()).toBe(1);
  });
});
