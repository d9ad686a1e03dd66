// Smart mode through real HTTP: per image, the lowest quality (at most the asked one) whose SSIMULACRA 2 score reaches
// what the asked quality stands for in the format (src/server/codec/smart-mode.ts), in every output format, recorded
// on the job with the score.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { HttpClient, fileFrom, type UploadFile } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { listJobs, waitFor, waitForSettled } from '../support/jobs';
import type { Job } from '#contract/api';
import { FORMAT_MIME_TYPES, OUTPUT_FORMATS } from '#contract/settings';
import { smartTarget } from '#codec-core/modes/smart';
import { djxl, isJxlBytes } from '../support/jxl';

const smallPhoto = () => fileFrom(corpusPath('photos', 'turbo-testorig.jpg'), 'photo.jpg'); // 227×149
/** Foliage, water and rocks: detail everywhere. */
const detailed = () => fileFrom(corpusPath('photos', 'kodim13.png'));

/** A soft-focus photo (a Kodak photo blurred, stored as a near-lossless JPEG): easy to compress without visible change. */
async function smooth(): Promise<UploadFile> {
  const data = await sharp(corpusPath('photos', 'kodim03.png')).blur(3).jpeg({ quality: 95 }).toBuffer();
  return { name: 'soft.jpg', type: 'image/jpeg', data };
}

async function uploadOne(client: HttpClient, fields: Record<string, string>, file: UploadFile): Promise<Job> {
  const res = await client.upload([file], fields);
  expect(res.status, await res.clone().text()).toBe(201);
  const jobs = await waitForSettled(client, 180_000);
  const job = jobs.find((j) => j.filename === file.name)!;
  expect(job.status, job.error ?? '').toBe('completed');
  return job;
}

describe('smart mode', () => {
  const server = useServer();

  it('goes below the asked quality for an easy image, reaching the score asked for, and keeps it for a detailed one', async () => {
    const client = new HttpClient(server.url);
    const easy = await uploadOne(client, { mode: 'smart', quality: '80', format: 'jpeg' }, await smooth());
    const hard = await uploadOne(client, { mode: 'smart', quality: '80', format: 'jpeg' }, detailed());
    for (const job of [easy, hard]) {
      expect(job).toMatchObject({ mode: 'smart', compressionQuality: 80, outputMimeType: 'image/jpeg', targetMet: null });
      expect(job.chosenQuality!).toBeLessThanOrEqual(80);
      expect(job.perceptualScore).toBeLessThanOrEqual(100);
    }
    expect(easy.perceptualScore).toBeGreaterThanOrEqual(smartTarget('jpeg', 80));
    expect(easy.chosenQuality!).toBeLessThan(hard.chosenQuality!);
    // The smooth image gets below the fixed 80 it would otherwise have been given, and is smaller for it.
    const fixed = await uploadOne(client, { quality: '80', format: 'jpeg' }, { ...(await smooth()), name: 'soft-fixed.jpg' });
    expect(easy.chosenQuality!).toBeLessThan(80);
    expect(easy.compressedSize!).toBeLessThan(fixed.compressedSize!);
  });

  it('never spends more than quality mode: a detailed photo keeps the asked quality when it scores below the target there', async () => {
    const client = new HttpClient(server.url);
    const smart = await uploadOne(client, { mode: 'smart', quality: '60', format: 'webp' }, { ...detailed(), name: 'smart.png' });
    const fixed = await uploadOne(client, { quality: '60', format: 'webp' }, { ...detailed(), name: 'fixed.png' });
    expect(smart.chosenQuality!).toBeLessThanOrEqual(60);
    expect(smart.compressedSize!).toBeLessThanOrEqual(fixed.compressedSize!);
    if (smart.chosenQuality! < 60) expect(smart.perceptualScore).toBeGreaterThanOrEqual(smartTarget('webp', 60));
  });

  it('asks for a higher score at a higher quality', async () => {
    const client = new HttpClient(server.url);
    const low = await uploadOne(client, { mode: 'smart', quality: '50', format: 'jpeg' }, { ...(await smooth()), name: 'low.jpg' });
    const high = await uploadOne(client, { mode: 'smart', quality: '95', format: 'jpeg' }, { ...(await smooth()), name: 'high.jpg' });
    expect(low.perceptualScore).toBeGreaterThanOrEqual(smartTarget('jpeg', 50));
    expect(high.perceptualScore).toBeGreaterThanOrEqual(smartTarget('jpeg', 95));
    expect(high.chosenQuality!).toBeGreaterThan(low.chosenQuality!);
    expect(high.compressedSize!).toBeGreaterThan(low.compressedSize!);
  });

  it.each(OUTPUT_FORMATS)('works with format %s: the format asked for, the quality chosen and its score', async (format) => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client, { mode: 'smart', format }, smallPhoto());
    expect(job.mode).toBe('smart');
    const bytes = Buffer.from(await (await client.get(job.compressedPath!)).arrayBuffer());
    expect(bytes.length).toBe(job.compressedSize);
    // libvips has no JPEG XL decoder: the reference decoder reads it (tests/support/jxl.ts).
    const decoded = await sharp(isJxlBytes(bytes) ? djxl(bytes, 'png') : bytes).metadata();
    expect([decoded.width, decoded.height]).toEqual([227, 149]);
    // A conversion larger than the upload gives the JPEG upload back, and says so (0585).
    const handedBack = /so the upload is returned as JPEG/.test(job.formatNote ?? '');
    if (format === 'original' || handedBack) expect(job.outputMimeType).toBe('image/jpeg');
    else if (format === 'auto') expect(job.formatDecision!.winner).toBe(Object.entries(FORMAT_MIME_TYPES).find(([, mime]) => mime === job.outputMimeType)![0]);
    else expect(job.outputMimeType).toBe(FORMAT_MIME_TYPES[format]);
    if (job.formatDecision?.keptOriginal || handedBack) {
      expect(job.chosenQuality).toBeNull();
    } else {
      expect(job.chosenQuality).toBeGreaterThanOrEqual(10);
      expect(job.chosenQuality).toBeLessThanOrEqual(80);
      expect(job.perceptualScore).toBeGreaterThan(0);
      expect(job.perceptualScore).toBeLessThan(100);
    }
  });

  it('scores what it delivers: a resized, upright result of a rotated phone photo', async () => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client, { mode: 'smart', maxWidth: '400' }, fileFrom(corpusPath('photos', 'exif-orient6-landscape.jpg')));
    expect(job).toMatchObject({ compressedWidth: 400, maxWidth: 400 });
    expect(job.compressedHeight).toBe(Math.round((1200 * 400) / 1800));
    expect(job.chosenQuality!).toBeLessThanOrEqual(80);
    expect(job.perceptualScore).toBeGreaterThan(0);
  });

  it.each(['lepton-grayscale.jpg', 'sharp-concert-grey-icc.jpg'])('handles a greyscale photo (%s): its pixels are widened to RGB for the metric', async (name) => {
    const client = new HttpClient(server.url);
    // AVIF: smaller than these JPEGs at the quality smart mode chooses, so the scored encoding is what comes back.
    const job = await uploadOne(client, { mode: 'smart', format: 'avif' }, fileFrom(corpusPath('photos', name)));
    expect(job.outputMimeType).toBe('image/avif');
    expect(job.chosenQuality!).toBeLessThanOrEqual(80);
    expect(job.perceptualScore).toBeGreaterThan(0);
  });

  it('handles a 12-megapixel photo through its sampled proxy', async () => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client, { mode: 'smart', format: 'jpeg' }, fileFrom(corpusPath('photos', 'squoosh-demo-large-photo.jpg')));
    expect([job.compressedWidth, job.compressedHeight]).toEqual([3872, 2592]);
    expect(job.chosenQuality!).toBeLessThanOrEqual(80);
    expect(job.perceptualScore).toBeGreaterThan(0);
    expect(job.compressedSize!).toBeLessThan(job.originalSize);
  });

  it('re-tunes a finished job into smart mode and back', async () => {
    const client = new HttpClient(server.url);
    const first = await uploadOne(client, { quality: '80', format: 'webp' }, detailed());
    expect(first).toMatchObject({ mode: 'quality', perceptualScore: null, chosenQuality: 80 });
    expect((await client.post(`/api/jobs/${first.id}/recompress`, { mode: 'smart' })).status).toBe(200);
    const smart = await waitFor(async () => (await listJobs(client)).find((j) => j.revision === 2 && j.status === 'completed'), 180_000, 'the smart revision');
    expect(smart).toMatchObject({ id: first.id, mode: 'smart' });
    expect(smart.chosenQuality!).toBeLessThanOrEqual(80);
    expect(smart.perceptualScore).toBeGreaterThan(0);
    expect((await client.post(`/api/jobs/${first.id}/recompress`, { mode: 'quality' })).status).toBe(200);
    const back = await waitFor(async () => (await listJobs(client)).find((j) => j.revision === 3 && j.status === 'completed'), 180_000, 'the third revision');
    expect(back).toMatchObject({ mode: 'quality', perceptualScore: null, chosenQuality: 80 });
  });

  it('takes the mode in any case and refuses unknown ones naming the field', async () => {
    const client = new HttpClient(server.url);
    const job = await uploadOne(client, { mode: ' Smart ' }, smallPhoto());
    expect(job.mode).toBe('smart');
    const res = await client.upload([smallPhoto()], { mode: 'smartest' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_SETTINGS', field: 'mode', message: 'Mode must be one of quality, smart, size, lossless' });
  });
});
