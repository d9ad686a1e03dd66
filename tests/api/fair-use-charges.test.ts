// The monthly image allowance is charged only for work that goes ahead (F4 of the 2026-11-27 attack): refused re-tunes,
// uploads refused by admission (before the body, or at insert under concurrency) and refused transformations leave the
// count as it was; the charge rides in the transaction that writes the jobs.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { createKey, signedInUser, uploadWithKey, withKey } from '../support/api-keys';
import type { CompressResponse, Job } from '#contract/api';
import type { Usage } from '#contract/api-keys';

describe('fair use: charged only for work that goes ahead', () => {
  const server = useServer({ env: { API_IMAGES_PER_MONTH_PER_KEY: '5', ADMISSION_PER_OWNER: '3' } });

  const usage = async (key: string) => ((await (await withKey(server.url, key, 'GET', '/api/usage')).json()) as Usage).images;
  const image = () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6' } }).jpeg({ quality: 80 }).toBuffer();

  it('does not charge re-tunes that are refused (unknown setting, no such job, backlog full)', async () => {
    const user = await signedInUser(server.url, 'charge-retune');
    const { key } = await createKey(user);
    const first = await uploadWithKey(server.url, key, [{ name: 'a.jpg', data: await image() }]);
    expect(first.status).toBe(201);
    const { id } = ((await first.json()) as CompressResponse).jobs[0]!;
    let job: Job;
    do job = (await (await withKey(server.url, key, 'GET', `/api/jobs/${id}?wait=10`)).json()) as Job;
    while (job.status !== 'completed' && job.status !== 'error');

    const refused = [
      await withKey(server.url, key, 'POST', `/api/jobs/${id}/recompress`, { json: { qualty: 50 } }),
      await withKey(server.url, key, 'POST', `/api/jobs/${id}/recompress`, { json: { quality: 500 } }),
      await withKey(server.url, key, 'POST', '/api/jobs/00000000-0000-4000-8000-000000000000/recompress', { json: { quality: 50 } }),
      await withKey(server.url, key, 'POST', '/api/jobs/00000000-0000-4000-8000-000000000001/recompress', { json: { quality: 50 } }),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 400, 404, 404]);
    expect(await usage(key)).toBe(1);

    // Backlog full (three waiting jobs of a paused queue): the re-tune is refused by admission, and not charged.
    expect((await withKey(server.url, key, 'POST', '/api/queue/pause')).status).toBe(200);
    for (const n of [1, 2, 3]) expect((await uploadWithKey(server.url, key, [{ name: `w${n}.jpg`, data: await image() }])).status).toBe(201);
    expect(await usage(key)).toBe(4);
    const full = await withKey(server.url, key, 'POST', `/api/jobs/${id}/recompress`, { json: { quality: 50 } });
    expect(full.status).toBe(429);
    expect(await full.json()).toMatchObject({ code: 'OWNER_BACKLOG_FULL' });
    expect(await usage(key)).toBe(4);

    // The allowance left is still there to use.
    await withKey(server.url, key, 'POST', '/api/queue/clear');
    expect((await withKey(server.url, key, 'POST', `/api/jobs/${id}/recompress`, { json: { quality: 50 } })).status).toBe(200);
    expect(await usage(key)).toBe(5);
  });

  it('charges concurrent uploads exactly for the jobs admission let in', async () => {
    const user = await signedInUser(server.url, 'charge-burst');
    const { key } = await createKey(user);
    // Paused: the admitted jobs stay waiting, so the owner's backlog of 3 fills and stays full.
    expect((await withKey(server.url, key, 'POST', '/api/queue/pause')).status).toBe(200);
    const data = await image();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => uploadWithKey(server.url, key, [{ name: `b${i}.jpg`, data }])));
    const statuses = answers.map((r) => r.status);
    const created = statuses.filter((s) => s === 201).length;
    expect(created).toBe(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    const jobs = (await (await withKey(server.url, key, 'GET', '/api/jobs')).json()) as Job[];
    expect(jobs).toHaveLength(3);
    expect(await usage(key)).toBe(3);
  });
});
