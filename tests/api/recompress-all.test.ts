// "Re-compress all with these settings": POST /api/jobs/recompress re-runs every finished job of the caller from its
// stored original (no second upload) with the same changes, leaves other owners' jobs alone, and lists what it skipped.
import { describe, expect, it } from 'vitest';
import type { Job } from '#contract/api';
import { useServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { waitForSettled } from '../support/jobs';

interface RecompressAll {
  jobs: Job[];
  skipped: Array<{ id: string; filename: string; code: string; message: string }>;
}

describe('POST /api/jobs/recompress', () => {
  const server = useServer();

  it('re-runs every finished job of the caller with the new settings, and no one else\'s', async () => {
    const owner = new HttpClient(server.url);
    const other = new HttpClient(server.url);
    expect((await owner.upload([fileFrom(corpusPath('photos', 'kodim03.png')), fileFrom(corpusPath('photos', 'kodim05.png'))], { format: 'jpeg', quality: '90' })).status).toBe(201);
    expect((await other.upload([fileFrom(corpusPath('photos', 'kodim03.png'))], { format: 'jpeg', quality: '90' })).status).toBe(201);
    const first = await waitForSettled(owner);
    const othersBefore = await waitForSettled(other);
    expect(first.map((j) => j.status)).toEqual(['completed', 'completed']);

    const res = await owner.post('/api/jobs/recompress', { quality: 30 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as RecompressAll;
    expect(body.skipped).toEqual([]);
    // Oldest first, the same jobs (same ids), back in the queue at their next revision.
    expect(body.jobs.map((j) => j.id)).toEqual(first.map((j) => j.id).reverse());
    expect(body.jobs.map((j) => j.revision)).toEqual([2, 2]);

    const after = await waitForSettled(owner);
    for (const job of after) {
      const before = first.find((j) => j.id === job.id)!;
      expect(job.status).toBe('completed');
      expect(job.compressionQuality).toBe(30);
      expect(job.compressedSize!).toBeLessThan(before.compressedSize!);
    }
    // The other visitor's job is untouched.
    expect(await waitForSettled(other)).toEqual(othersBefore);
  });

  it('says so when there is nothing finished to re-run, and refuses bad settings with the field named', async () => {
    const empty = new HttpClient(server.url);
    const none = await empty.post('/api/jobs/recompress', { quality: 30 });
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ code: 'NOT_FOUND', message: 'There are no finished images to compress again' });

    const owner = new HttpClient(server.url);
    expect((await owner.upload([fileFrom(corpusPath('photos', 'kodim03.png'))])).status).toBe(201);
    await waitForSettled(owner);
    const bad = await owner.post('/api/jobs/recompress', { quality: 300 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'INVALID_SETTINGS', field: 'quality' });
    const unknown = await owner.post('/api/jobs/recompress', { qualty: 30 });
    expect(unknown.status).toBe(400);
  });
});
