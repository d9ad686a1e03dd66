// Adjust's live estimate through real HTTP (POST /api/jobs/:id/estimate): the expected size of the whole result and
// a preview of a region, for settings the job has not been run with; nothing about the job changes.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Estimate, Job } from '#contract/api';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { listJobs, waitFor, waitForSettled } from '../support/jobs';
import { useServer } from '../support/server';
import { useClockOffset } from '../support/clock-offset';

const DAY = 24 * 60 * 60 * 1000;
/** A 768×512 photo: estimated from a sample of a quarter megapixel. */
const kodak = () => fileFrom(corpusPath('photos', 'kodim23.png'));
/** A 227×149 photo: small enough to be estimated whole. */
const small = () => fileFrom(corpusPath('photos', 'turbo-testorig.jpg'));
/** A 12-megapixel photo: estimated from a sample. */
const large = () => fileFrom(corpusPath('photos', 'squoosh-demo-large-photo.jpg'));

async function finished(client: HttpClient, file = kodak(), fields: Record<string, string> = {}): Promise<Job> {
  expect((await client.upload([file], fields)).status).toBe(201);
  const jobs = await waitForSettled(client, 180_000);
  const job = jobs.find((j) => j.filename === file.name)!;
  expect(job.status, job.error ?? '').toBe('completed');
  return job;
}

async function estimateOf(client: HttpClient, job: Job, body: Record<string, unknown>): Promise<Estimate> {
  const res = await client.post(`/api/jobs/${job.id}/estimate`, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Estimate;
}

function previewBytes(estimate: Estimate): { mime: string; data: Buffer } {
  const match = /^data:([^;]+);base64,(.+)$/.exec(estimate.preview);
  expect(match).not.toBeNull();
  return { mime: match![1]!, data: Buffer.from(match![2]!, 'base64') };
}

describe('live estimate', () => {
  const clock = useClockOffset();
  const server = useServer({ env: clock.env });

  it('grows with the quality, and matches the size the re-tune then gives for a whole-image estimate', async () => {
    const client = new HttpClient(server.url);
    const job = await finished(client, small(), { format: 'jpeg' });
    const low = await estimateOf(client, job, { quality: 40 });
    const high = await estimateOf(client, job, { quality: 90 });
    expect(low).toMatchObject({ outputFormat: 'jpeg', outputMimeType: 'image/jpeg', sampled: false, keepsOriginal: false, width: 227, height: 149 });
    expect(high.estimatedSize).toBeGreaterThan(low.estimatedSize);
    // The job is untouched by estimates.
    expect((await listJobs(client))[0]).toMatchObject({ revision: 1, compressedSize: job.compressedSize, compressionQuality: job.compressionQuality });

    expect((await client.post(`/api/jobs/${job.id}/recompress`, { quality: 40 })).status).toBe(200);
    const retuned = await waitFor(async () => (await listJobs(client)).find((j) => j.revision === 2 && j.status === 'completed'), 180_000, 'the re-tune');
    // The whole image was encoded the same way (no metadata under the default policy): the same size.
    expect(retuned.compressedSize).toBe(low.estimatedSize);
  });

  it('previews the region asked for, clamped to the image, in the format asked for', async () => {
    const client = new HttpClient(server.url);
    const job = await finished(client);
    const estimate = await estimateOf(client, job, { quality: 60, format: 'webp', region: { left: 700, top: 20, width: 200, height: 90 } });
    expect(estimate).toMatchObject({ outputFormat: 'webp', outputMimeType: 'image/webp', region: { left: 568, top: 20, width: 200, height: 90 } });
    const { mime, data } = previewBytes(estimate);
    expect(mime).toBe('image/webp');
    const meta = await sharp(data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 90]);
    // Without a region: the centre, at most 800 px a side.
    const centre = await estimateOf(client, job, { quality: 60, format: 'avif' });
    expect(centre.region).toEqual({ left: 0, top: 0, width: 768, height: 512 });
    expect(previewBytes(centre).mime).toBe('image/avif');
  });

  it('follows a resize, and scales a sample of a large photo up to the whole', async () => {
    const client = new HttpClient(server.url);
    const job = await finished(client, large(), { quality: '80' });
    const resized = await estimateOf(client, job, { maxWidth: 1000 });
    expect(resized).toMatchObject({ width: 1000, height: Math.round((2592 * 1000) / 3872) });
    const whole = await estimateOf(client, job, { quality: 80 });
    expect(whole).toMatchObject({ sampled: true, width: 3872, height: 2592 });
    expect(whole.region.width).toBe(800);
    // The sample's extrapolation lands near the real result of the same settings (within a third either way).
    const real = whole.keepsOriginal ? job.originalSize : job.compressedSize!;
    expect(whole.estimatedSize / real).toBeGreaterThan(0.67);
    expect(whole.estimatedSize / real).toBeLessThan(1.5);
  });

  it('estimates a greyscale photo', async () => {
    const client = new HttpClient(server.url);
    const job = await finished(client, fileFrom(corpusPath('photos', 'sharp-concert-grey-icc.jpg')));
    const estimate = await estimateOf(client, job, { quality: 50, format: 'jpeg' });
    expect(estimate.estimatedSize).toBeGreaterThan(0);
    expect((await sharp(previewBytes(estimate).data).metadata()).format).toBe('jpeg');
  });

  it('estimates every mode: smart and size answer the quality their search chose, lossless is exact', async () => {
    const client = new HttpClient(server.url);
    const job = await finished(client, kodak(), { format: 'jpeg', quality: '80' });
    const quality = await estimateOf(client, job, { mode: 'quality', quality: 80 });
    expect(quality).toMatchObject({ quality: 80, targetMet: null, outputFormat: 'jpeg' });

    const smart = await estimateOf(client, job, { mode: 'smart', quality: 80 });
    // Smart never goes above the asked quality, and says which one it picked.
    expect(smart.quality).toBeGreaterThanOrEqual(10);
    expect(smart.quality).toBeLessThanOrEqual(80);
    expect(smart.estimatedSize).toBeLessThanOrEqual(quality.estimatedSize);
    expect(smart.targetMet).toBeNull();

    const target = Math.round(quality.estimatedSize / 2);
    const size = await estimateOf(client, job, { mode: 'size', targetSize: target });
    expect(size.targetMet).toBe(true);
    expect(size.estimatedSize).toBeLessThanOrEqual(target);
    expect(size.quality).toBeGreaterThan(0);
    expect(size.quality).toBeLessThan(80);
    const tiny = await estimateOf(client, job, { mode: 'size', targetSize: 1024, allowResize: false });
    expect(tiny.targetMet).toBe(false);

    const lossless = await estimateOf(client, job, { mode: 'lossless', format: 'png' });
    expect(lossless).toMatchObject({ quality: null, targetMet: null, outputFormat: 'png' });
    expect(lossless.estimatedSize).toBeGreaterThan(quality.estimatedSize);
    // The preview is the region losslessly encoded: its pixels are the original's.
    const { data } = previewBytes(lossless);
    const shown = await sharp(data).raw().toBuffer({ resolveWithObject: true });
    const original = await sharp(corpusPath('photos', 'kodim23.png'))
      .extract({ left: lossless.region.left, top: lossless.region.top, width: lossless.region.width, height: lossless.region.height })
      .removeAlpha()
      .raw()
      .toBuffer();
    expect(shown.data.equals(original)).toBe(true);
  });

  it('refuses bad settings and a bad region with 400 naming the field', async () => {
    const client = new HttpClient(server.url);
    const job = await finished(client);
    for (const [body, field] of [
      [{ quality: 0 }, 'quality'],
      [{ format: 'gif' }, 'format'],
      [{ maxWidth: 0 }, 'maxWidth'],
      [{ qualty: 50 }, 'qualty'],
      [{ mode: 'fastest' }, 'mode'],
      [{ mode: 'size' }, 'targetSize'],
      [{ region: { left: 0, top: 0, width: 0, height: 10 } }, 'region'],
      [{ region: { left: -1, top: 0, width: 10, height: 10 } }, 'region'],
      [{ region: 'centre' }, 'region'],
      [{ region: { left: 0, top: 0, width: 10, height: 10, depth: 3 } }, 'region'],
    ] as const) {
      const res = await client.post(`/api/jobs/${job.id}/estimate`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'INVALID_SETTINGS', field });
    }
    const res = await client.request('POST', `/api/jobs/${job.id}/estimate`, { body: '[1]', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
  });

  it("answers 404 for another owner's job and 410 once it has expired", async () => {
    const owner = new HttpClient(server.url);
    const job = await finished(owner);
    const stranger = new HttpClient(server.url);
    await finished(stranger);
    for (const id of [job.id, 'no-such-job']) {
      const res = await stranger.post(`/api/jobs/${id}/estimate`, { quality: 50 });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    clock.set(DAY + 60_000);
    try {
      const res = await owner.post(`/api/jobs/${job.id}/estimate`, { quality: 50 });
      expect(res.status).toBe(410);
      expect(await res.json()).toMatchObject({ code: 'EXPIRED' });
    } finally {
      clock.set(0);
    }
  });
});
