// Guest limits enforced while streaming: exact edges, too many files, mixed batches, hostile corpus files.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { HttpClient, fileFrom, type UploadFile } from '../support/http-client';
import { CORPUS_DIR, corpusPath } from '../support/paths';
import { listJobs, storedFiles, waitForSettled } from '../support/jobs';
import type { CompressResponse } from '#contract/api';

const MiB = 1024 * 1024;
/** A real PNG padded after IEND to an exact size (decoders ignore trailing bytes). */
function pngOfSize(bytes: number, name: string): UploadFile {
  const png = fs.readFileSync(corpusPath('png', 'pngsuite', 'basn2c08.png'));
  return { name, data: Buffer.concat([png, Buffer.alloc(bytes - png.length)]) };
}

describe('upload limits for guests', () => {
  const server = useServer();

  it('accepts a file of exactly 10 MiB and refuses one byte more with the spec message', async () => {
    const guest = new HttpClient(server.url);
    const ok = await guest.upload([pngOfSize(10 * MiB, 'exact.png')]);
    expect(ok.status).toBe(201);
    const tooBig = await guest.upload([pngOfSize(10 * MiB + 1, 'over.png')]);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({
      message: 'Please sign in to upload files larger than 10MB',
      code: 'GUEST_FILE_TOO_LARGE',
      rejected: [{ filename: 'over.png', message: 'Please sign in to upload files larger than 10MB', code: 'GUEST_FILE_TOO_LARGE' }],
      requestId: expect.any(String),
    });
    expect((await listJobs(guest)).map((j) => j.filename)).toEqual(['exact.png']);
    await waitForSettled(guest);
  });

  it('refuses more than 10 files and creates nothing', async () => {
    const guest = new HttpClient(server.url);
    const files = Array.from({ length: 11 }, (_, i) => fileFrom(corpusPath('png', 'pngsuite', 'basn0g08.png'), `f${i}.png`));
    const res = await guest.upload(files);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Too many files', code: 'TOO_MANY_FILES', requestId: expect.any(String) });
    expect(await listJobs(guest)).toEqual([]);
    expect((await storedFiles(server.dataDir)).filter((f) => f.startsWith('tmp/'))).toEqual([]);
  });

  it('keeps the good files of a mixed batch and names each rejection', async () => {
    const guest = new HttpClient(server.url);
    const res = await guest.upload([
      fileFrom(corpusPath('png', 'pngsuite', 'basn0g08.png'), 'good.png'),
      pngOfSize(10 * MiB + 100, 'huge.png'),
      { name: 'notes.jpg', data: Buffer.from('hello, not an image') },
      fileFrom(corpusPath('photos', 'kodim23.png'), 'renamed.jpg'), // a PNG named .jpg is judged by its bytes
    ]);
    expect(res.status).toBe(201);
    const body = (await res.json()) as CompressResponse;
    expect(body.jobs.map((j) => [j.filename, j.mimeType])).toEqual([
      ['good.png', 'image/png'],
      ['renamed.jpg', 'image/png'],
    ]);
    expect(body.rejected).toEqual([
      { filename: 'huge.png', message: 'Please sign in to upload files larger than 10MB', code: 'GUEST_FILE_TOO_LARGE' },
      { filename: 'notes.jpg', message: 'File type must be one of image/jpeg, image/png, image/webp, image/avif, image/jxl, image/gif, image/svg+xml, image/heic', code: 'UNSUPPORTED_TYPE' },
    ]);
    await waitForSettled(guest);
  });

  it('answers 415 when only wrong types arrive and 400 when no file arrives', async () => {
    const guest = new HttpClient(server.url);
    const res = await guest.upload([{ name: 'a.png', data: Buffer.from('BM6 a Windows bitmap header') }]);
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      message: 'File type must be one of image/jpeg, image/png, image/webp, image/avif, image/jxl, image/gif, image/svg+xml, image/heic',
      code: 'UNSUPPORTED_TYPE',
      rejected: [{ filename: 'a.png', message: 'File type must be one of image/jpeg, image/png, image/webp, image/avif, image/jxl, image/gif, image/svg+xml, image/heic', code: 'UNSUPPORTED_TYPE' }],
      requestId: expect.any(String),
    });
    const none = await guest.upload([], { quality: '80' });
    expect(none.status).toBe(400);
    const notMultipart = await guest.post('/api/compress', { images: [] });
    expect(notMultipart.status).toBe(415);
    expect((await notMultipart.json()).message).toBeTruthy();
  });

  it('refuses a declared 10 GB body before reading it', async () => {
    const res = await fetch(`${server.url}/api/compress`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(10 * 1024 ** 3) },
      body: '--x--',
      duplex: 'half',
    } as RequestInit).catch((err: Error) => err);
    // Either the server answers 413 at once, or it closes the connection on the lying length; never a 2xx/5xx.
    if (res instanceof Response) {
      expect(res.status).toBe(413);
    }
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('handles every hostile corpus file with a 4xx or an error job, and stays up', async () => {
    const guest = new HttpClient(server.url);
    const bad = fs.readdirSync(path.join(CORPUS_DIR, 'bad')).sort();
    const outcomes: Record<string, string> = {};
    for (let i = 0; i < bad.length; i += 10) {
      const batch = bad.slice(i, i + 10).map((name) => fileFrom(path.join(CORPUS_DIR, 'bad', name)));
      const res = await guest.upload(batch);
      expect([201, 400, 413, 415]).toContain(res.status);
      const body = (await res.json()) as CompressResponse & { message?: string };
      for (const r of body.rejected ?? []) outcomes[r.filename] = `rejected: ${r.message}`;
      if (res.status !== 201) for (const f of batch) outcomes[f.name] ??= `refused ${res.status}: ${body.message}`;
    }
    const jobs = await waitForSettled(guest, 120_000);
    for (const job of jobs) {
      outcomes[job.filename] = job.status === 'error' ? `error: ${job.error}` : job.status;
      if (job.status === 'error') expect(job.error).toMatch(/^[A-Z][^\n]{10,}$/);
    }
    expect(Object.keys(outcomes).sort()).toEqual(bad);
    // Anything that "completed" must be a real image the user can open.
    for (const job of jobs.filter((j) => j.status === 'completed')) {
      const res = await guest.get(job.compressedPath!);
      expect(res.status).toBe(200);
    }
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
