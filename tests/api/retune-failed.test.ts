// A failed file can be tried again with other settings from its stored upload (the card's "Try other settings"):
// the re-tune use case takes a failed job like a finished one, for its owner only, and charges an API key one image
// as any re-tune does.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { createKey, signedInUser, uploadWithKey, withKey } from '../support/api-keys';
import { HttpClient } from '../support/http-client';
import { corpusPath } from '../support/paths';
import type { CompressResponse, Job } from '#contract/api';
import type { Usage } from '#contract/api-keys';

const PHOTO = fs.readFileSync(corpusPath('photos', 'turbo-testorig.jpg'));
// Lossless JPEG is only the JPEG upload kept at its own size: resized (known once the image is opened; 227 pixels
// wide here), the job fails after upload. Settings refused at upload (0586) never make a job.
const FAILING = { mode: 'lossless', format: 'jpeg', maxWidth: '64' };

describe('re-tuning a failed job', () => {
  const server = useServer();

  const settled = async (key: string, id: string): Promise<Job> => {
    let job: Job;
    do job = (await (await withKey(server.url, key, 'GET', `/api/jobs/${id}?wait=10`)).json()) as Job;
    while (job.status !== 'completed' && job.status !== 'error');
    return job;
  };
  const usage = async (key: string) => ((await (await withKey(server.url, key, 'GET', '/api/usage')).json()) as Usage).images;

  it('runs it again from the stored upload with the new settings, for its owner only, charged as one image', async () => {
    const { key } = await createKey(await signedInUser(server.url, 'retune-failed'));
    const res = await uploadWithKey(server.url, key, [{ name: 'photo.jpg', data: PHOTO }], FAILING);
    expect(res.status).toBe(201);
    const { id } = ((await res.json()) as CompressResponse).jobs[0]!;
    const failed = await settled(key, id);
    expect(failed).toMatchObject({ status: 'error', revision: 1 });
    expect(failed.error).toMatch(/^Lossless JPEG output is only possible/);
    expect(await usage(key)).toBe(1);

    // Another owner (a guest, then another key) cannot see it, let alone re-run it.
    const stranger = await new HttpClient(server.url).post(`/api/jobs/${id}/recompress`, { format: 'webp' });
    expect(stranger.status).toBe(404);
    const other = await createKey(await signedInUser(server.url, 'retune-other'));
    expect((await withKey(server.url, other.key, 'POST', `/api/jobs/${id}/recompress`, { json: { format: 'webp' } })).status).toBe(404);
    expect(await usage(other.key)).toBe(0);

    const retuned = await withKey(server.url, key, 'POST', `/api/jobs/${id}/recompress`, { json: { format: 'webp' } });
    expect(retuned.status).toBe(200);
    expect(await retuned.json()).toMatchObject({ id, status: 'pending', revision: 2, error: null });
    const done = await settled(key, id);
    expect(done).toMatchObject({ status: 'completed', revision: 2, outputFormat: 'webp', mode: 'lossless', outputMimeType: 'image/webp' });
    expect(await usage(key)).toBe(2);
    const file = await withKey(server.url, key, 'GET', done.compressedPath!);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).subarray(8, 12).toString('latin1')).toBe('WEBP');
  });
});
