// Control through real HTTP: the mode, resize and metadata settings of an upload (validated field by field, stored
// on the job, applied by the codec), and re-tuning a finished job from its stored original.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { useClockOffset } from '../support/clock-offset';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { listJobs, waitFor, waitForSettled } from '../support/jobs';
import type { ApiError, Job } from '#contract/api';
import { GPS_IFD_TAG, ORIENTATION_TAG, ifd0Tags } from '../support/exif-tags';

const DAY = 24 * 3600_000;
const photo = () => fileFrom(corpusPath('photos', 'turbo-testorig.jpg'), 'photo.jpg'); // 227×149
const alphaPng = () => fileFrom(corpusPath('png', 'sharp-blackbug-alpha.png'), 'bug.png');

async function uploadOne(client: HttpClient, fields: Record<string, string>, file = photo()): Promise<Job> {
  const res = await client.upload([file], fields);
  expect(res.status, await res.clone().text()).toBe(201);
  const [job] = await waitForSettled(client);
  expect(job!.status, job!.error ?? '').toBe('completed');
  return job!;
}

async function downloaded(client: HttpClient, job: Job): Promise<Buffer> {
  const res = await client.get(job.compressedPath!);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const settledJob = (client: HttpClient, id: string) =>
  waitFor(async () => {
    const job = (await listJobs(client)).find((j) => j.id === id);
    return job && (job.status === 'completed' || job.status === 'error') ? job : undefined;
  }, 90_000, `job ${id} to settle`);

describe('control settings on upload', () => {
  const server = useServer();

  it.each([
    [{ mode: 'size', targetSize: '500' }, 'targetSize', /at least 1,024/],
    [{ mode: 'size' }, 'targetSize', /required in size mode/],
    [{ maxWidth: '0' }, 'maxWidth', /maxWidth must be a whole number of pixels from 1 to 16,384/],
    [{ maxHeight: 'tall' }, 'maxHeight', /maxHeight must be/],
    [{ maxWidth: '16385' }, 'maxWidth', /16,384/],
    [{ metadata: 'some' }, 'metadata', /Metadata must be one of strip, keep, keep-all/],
    [{ mode: 'fast' }, 'mode', /Mode must be one of/],
    [{ mode: 'size', targetSize: '5000', allowResize: 'maybe' }, 'allowResize', /true or false/],
  ])('refuses %j with 400 naming the field, and creates no job', async (fields, field, message) => {
    const client = new HttpClient(server.url);
    const res = await client.upload([photo()], fields as Record<string, string>);
    expect(res.status).toBe(400);
    const body = (await res.json()) as ApiError;
    expect(body).toMatchObject({ code: 'INVALID_SETTINGS', field });
    expect(body.message).toMatch(message);
    expect(await listJobs(client)).toEqual([]);
  });

  it('fits the result inside maxWidth and maxHeight, keeping the aspect ratio, and records the bounds', async () => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client, { maxWidth: '100', maxHeight: '100' });
    expect(job).toMatchObject({ maxWidth: 100, maxHeight: 100, originalWidth: 227, originalHeight: 149, compressedWidth: 100 });
    expect(job.compressedHeight).toBe(Math.round((149 * 100) / 227));
    const meta = await sharp(await downloaded(client, job)).metadata();
    expect([meta.width, meta.height]).toEqual([job.compressedWidth, job.compressedHeight]);
  });

  it('never enlarges: bounds larger than the image leave its size as it was', async () => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client, { maxWidth: '4000' });
    expect([job.compressedWidth, job.compressedHeight]).toEqual([227, 149]);
  });

  it('size mode: the result is at most the target and says so, with the quality it chose', async () => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client, { mode: 'size', targetSize: '4000' }); // the upload is 5,770 bytes
    expect(job).toMatchObject({ mode: 'size', targetSize: 4000, targetMet: true });
    expect(job.compressedSize).toBeLessThanOrEqual(4000);
    expect((await downloaded(client, job)).length).toBe(job.compressedSize);
    expect(job.chosenQuality).toBeGreaterThanOrEqual(1);
    expect(job.chosenQuality).toBeLessThanOrEqual(100);
  });

  it('size mode: a target no quality reaches completes with the smallest encoding and targetMet false', async () => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client, { mode: 'size', targetSize: '1024', format: 'png' }, fileFrom(corpusPath('photos', 'kodim23.png')));
    expect(job).toMatchObject({ status: 'completed', targetMet: false, allowResize: false });
    expect(job.compressedSize).toBeGreaterThan(1024);
    expect([job.compressedWidth, job.compressedHeight]).toEqual([job.originalWidth, job.originalHeight]);
  });

  it('size mode with allowResize downscales until the target is met', async () => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client, { mode: 'size', targetSize: '2000', allowResize: 'true' }, fileFrom(corpusPath('photos', 'kodim23.png')));
    expect(job).toMatchObject({ targetMet: true, allowResize: true });
    expect(job.compressedSize).toBeLessThanOrEqual(2000);
    expect(job.compressedWidth).toBeLessThan(job.originalWidth!);
  });

  it('lossless mode gives the same pixels, with transparency', async () => {
    const client = new HttpClient(server.url);
    const file = alphaPng();
    const job = await uploadOne(client, { mode: 'lossless', format: 'webp' }, file);
    expect(job).toMatchObject({ mode: 'lossless', outputMimeType: 'image/webp', chosenQuality: null });
    const [a, b] = await Promise.all([
      sharp(file.data).ensureAlpha().raw().toBuffer(),
      sharp(await downloaded(client, job)).ensureAlpha().raw().toBuffer(),
    ]);
    expect(b.equals(a)).toBe(true);
  });

  it("metadata keep removes a phone photo's GPS location but keeps its camera data; keep-all keeps the location", async () => {
    const client = new HttpClient(server.url);
    const phone = () => fileFrom(corpusPath('photos', 'lepton-iphone.jpg'));
    expect(ifd0Tags((await sharp(phone().data).metadata()).exif!).has(GPS_IFD_TAG)).toBe(true);
    const kept = await uploadOne(client, { metadata: 'keep', maxWidth: '800' }, phone());
    const keptExif = (await sharp(await downloaded(client, kept)).metadata()).exif;
    expect(keptExif).toBeDefined();
    const keptTags = ifd0Tags(keptExif!);
    expect(keptTags.has(GPS_IFD_TAG)).toBe(false);
    expect(keptTags.has(0x010f)).toBe(true); // Make
    expect(keptTags.get(ORIENTATION_TAG) ?? 1).toBe(1); // upright pixels, so no rotation left to apply
    const all = await uploadOne(client, { metadata: 'keep-all', maxWidth: '800' }, phone());
    expect(ifd0Tags((await sharp(await downloaded(client, all)).metadata()).exif!).has(GPS_IFD_TAG)).toBe(true);
    const stripped = await uploadOne(client, { maxWidth: '800' }, phone());
    const strippedExif = (await sharp(await downloaded(client, stripped)).metadata()).exif;
    expect(strippedExif === undefined || !ifd0Tags(strippedExif).has(GPS_IFD_TAG)).toBe(true);
  });

  it('records the metadata policy on the job', async () => {
    const client = new HttpClient(server.url);
    expect((await uploadOne(client, { metadata: 'keep' })).metadata).toBe('keep');
    expect((await uploadOne(client, {})).metadata).toBe('strip');
  });
});

describe('re-tuning a finished job', () => {
  const clock = useClockOffset();
  const server = useServer({ env: clock.env });
  const setClockOffset = (ms: number) => clock.set(ms);

  it('runs the job again from its original with the changed settings: same id, next revision, same deadline', async () => {
    const client = new HttpClient(server.url);
    const first = await uploadOne(client, { quality: '90', format: 'webp' });
    const firstBytes = await downloaded(client, first);
    const res = await client.post(`/api/jobs/${first.id}/recompress`, { quality: 30, maxWidth: 120 });
    expect(res.status, await res.clone().text()).toBe(200);
    const queued = (await res.json()) as Job;
    expect(queued).toMatchObject({ id: first.id, revision: 2, compressionQuality: 30, maxWidth: 120, expiresAt: first.expiresAt, compressedPath: null });
    expect(['pending', 'processing']).toContain(queued.status);

    const second = await settledJob(client, first.id);
    // The settings not named kept their values (format webp); the result is the new one.
    expect(second).toMatchObject({ status: 'completed', revision: 2, outputFormat: 'webp', outputMimeType: 'image/webp', compressedWidth: 120, expiresAt: first.expiresAt, createdAt: first.createdAt });
    const secondBytes = await downloaded(client, second);
    expect(secondBytes.equals(firstBytes)).toBe(false);
    expect(secondBytes.length).toBe(second.compressedSize);
    expect((await sharp(secondBytes).metadata()).width).toBe(120);
    expect(await listJobs(client)).toHaveLength(1);

    // null removes a bound: the third revision is full size again.
    expect((await client.post(`/api/jobs/${first.id}/recompress`, { maxWidth: null })).status).toBe(200);
    const third = await settledJob(client, first.id);
    expect(third).toMatchObject({ revision: 3, maxWidth: null, compressedWidth: 227 });
  });

  it('refuses bad settings with 400 naming the field, and leaves the job as it was', async () => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client, {});
    for (const [body, field] of [
      [{ quality: 0 }, 'quality'],
      [{ mode: 'size' }, 'targetSize'],
      [{ maxWidth: 'wide' }, 'maxWidth'],
      [{ qualty: 50 }, 'qualty'],
    ] as const) {
      const res = await client.post(`/api/jobs/${job.id}/recompress`, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'INVALID_SETTINGS', field });
    }
    const res = await client.request('POST', `/api/jobs/${job.id}/recompress`, { body: '[1]', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect((await listJobs(client))[0]).toMatchObject({ status: 'completed', revision: 1, compressedSize: job.compressedSize });
  });

  it("answers 404 for another owner's job and for an unknown id", async () => {
    const owner = new HttpClient(server.url);
    const job = await uploadOne(owner, {});
    const stranger = new HttpClient(server.url);
    await uploadOne(stranger, {});
    for (const id of [job.id, 'no-such-job']) {
      const res = await stranger.post(`/api/jobs/${id}/recompress`, { quality: 50 });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await listJobs(owner))[0]).toMatchObject({ revision: 1, compressionQuality: job.compressionQuality });
  });

  it('answers 409 JOB_BUSY while the job is still waiting', async () => {
    const client = new HttpClient(server.url);
    expect((await client.post('/api/queue/pause')).status).toBe(200);
    expect((await client.upload([photo()])).status).toBe(201);
    const [waiting] = await listJobs(client);
    const res = await client.post(`/api/jobs/${waiting!.id}/recompress`, { quality: 50 });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'JOB_BUSY' });
    expect((await client.post('/api/queue/resume')).status).toBe(200);
  });

  it('answers 410 once the job has expired', async () => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client, {});
    setClockOffset(DAY + 60_000);
    try {
      const res = await client.post(`/api/jobs/${job.id}/recompress`, { quality: 50 });
      expect(res.status).toBe(410);
      expect(await res.json()).toMatchObject({ code: 'EXPIRED' });
    } finally {
      setClockOffset(0);
    }
  });
});

describe('re-tuning under the backlog ceiling', () => {
  const server = useServer({ env: { ADMISSION_PER_OWNER: '1' } });

  it('refuses a re-tune with 429 while the owner is at their ceiling, like an upload', async () => {
    const client = new HttpClient(server.url);
    const done = await uploadOne(client, {});
    expect((await client.post('/api/queue/pause')).status).toBe(200);
    expect((await client.upload([photo()])).status).toBe(201);
    const res = await client.post(`/api/jobs/${done.id}/recompress`, { quality: 50 });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ code: 'OWNER_BACKLOG_FULL' });
    expect((await listJobs(client)).find((j) => j.id === done.id)).toMatchObject({ status: 'completed', revision: 1 });
  });
});
