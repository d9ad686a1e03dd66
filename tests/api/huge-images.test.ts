// Huge images: PNGs over the PNG pixel limit are refused at upload from their header, before anything is queued,
// with a message naming the limit; the rest of the batch and other users' jobs go on as usual.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { useServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { listJobs, storedFiles, waitForSettled } from '../support/jobs';

/** A real, fully decodable 100-megapixel PNG; one colour, so it is small to send. */
const hugePng = () =>
  sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#3a7' } }).png({ compressionLevel: 9 }).toBuffer();

describe('huge images', () => {
  const server = useServer();

  it('refuses a 100-megapixel PNG at upload with a 413 naming the limit, and queues nothing', async () => {
    const data = await hugePng();
    const guest = new HttpClient(server.url);
    const res = await guest.upload([{ name: 'huge.png', data }]);
    expect(res.status).toBe(413);
    const body = (await res.json()) as { message: string; rejected: { filename: string; message: string }[] };
    expect(body.message).toBe('The image is 10000×10000 pixels (100 megapixels); PNG images are limited to 16 megapixels');
    expect(body.rejected).toEqual([{ filename: 'huge.png', message: body.message, code: 'FILE_TOO_LARGE' }]);
    expect(body).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(await listJobs(guest)).toEqual([]);
    expect((await storedFiles(server.dataDir)).filter((f) => f.startsWith('original/') || f.startsWith('tmp/'))).toEqual([]);
  });

  it('takes the rest of a batch with a huge PNG in it, and other users complete meanwhile', async () => {
    const data = await hugePng();
    const guest = new HttpClient(server.url);
    const other = new HttpClient(server.url);
    const [mixed, small] = await Promise.all([
      guest.upload([{ name: 'huge.png', data }, fileFrom(corpusPath('photos', 'kodim05.png'))]),
      other.upload([fileFrom(corpusPath('photos', 'turbo-testorig.jpg'))]),
    ]);
    expect(mixed.status).toBe(201);
    const body = (await mixed.json()) as { jobs: { filename: string }[]; rejected: { filename: string; message: string }[] };
    expect(body.jobs.map((j) => j.filename)).toEqual(['kodim05.png']);
    expect(body.rejected).toEqual([{ filename: 'huge.png', message: expect.stringContaining('limited to 16 megapixels'), code: 'FILE_TOO_LARGE' }]);
    expect(small.status).toBe(201);
    for (const c of [guest, other]) expect((await waitForSettled(c)).map((j) => j.status)).toEqual(['completed']);
  });
});
