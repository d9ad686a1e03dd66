// Cards show a small preview made when a job completes: WebP, fitting 400 px, cached for good under a versioned URL,
// private to its owner, and deleted with the job.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Job } from '#contract/api';
import { useServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { storedFiles, waitForSettled } from '../support/jobs';

describe('job previews', () => {
  const server = useServer();

  it('a completed job has a WebP preview that fits 400 px, immutable, owner-only, gone with the job', async () => {
    const owner = new HttpClient(server.url);
    expect((await owner.upload([fileFrom(corpusPath('photos', 'kodim03.png'))])).status).toBe(201);
    const [job] = (await waitForSettled(owner)) as Job[];
    expect(job!.status).toBe('completed');
    expect(job!.previewPath).toMatch(new RegExp(`^/api/jobs/${job!.id}/preview\\?v=\\d+$`));

    const res = await owner.get(job!.previewPath!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400, immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBe(400); // 768 x 512 fits as 400 x 267
    expect(meta.width! / meta.height!).toBeCloseTo(768 / 512, 1);
    expect(bytes.length).toBeLessThan(job!.compressedSize! / 4);

    expect((await new HttpClient(server.url).get(job!.previewPath!)).status).toBe(404);

    expect((await owner.delete(`/api/jobs/${job!.id}`)).status).toBe(204);
    expect((await storedFiles(server.dataDir)).filter((f) => f.includes(job!.id))).toEqual([]);
    expect((await owner.get(job!.previewPath!)).status).toBe(404);
  });

  it('a job not yet finished has no preview', async () => {
    const owner = new HttpClient(server.url);
    expect((await owner.post('/api/queue/pause')).status).toBe(200);
    const upload = (await (await owner.upload([fileFrom(corpusPath('photos', 'kodim05.png'))])).json()) as { jobs: Job[] };
    const pending = upload.jobs[0]!;
    expect(pending.previewPath).toBeNull();
    expect((await owner.get(`/api/jobs/${pending.id}/preview`)).status).toBe(404);
    await owner.post('/api/queue/resume');
    await waitForSettled(owner);
  });
});
