// The whole guest flow through real HTTP: upload, poll, download, preview, ZIP, delete, clear.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { listJobs, storedFiles, waitForSettled } from '../support/jobs';
import type { CompressResponse, Job, Preset, QueueStats, QueueStatus } from '#contract/api';

describe('guest compression flow', () => {
  let server: TestServer;
  let guest: HttpClient;
  let jobs: Job[];

  beforeAll(async () => {
    server = await startServer();
    guest = new HttpClient(server.url);
  });
  afterAll(async () => {
    await server.stop();
    server.cleanup();
  });

  it('gives a new browser guest limits, and an HttpOnly guest session once it acts', async () => {
    const res = await guest.get('/api/upload-config');
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull(); // reading stores nothing (tests/api/guest-sessions.test.ts)
    expect(await res.json()).toEqual({ maxFiles: 10, maxFileSize: 10485760, maxFileSizeFormatted: '10 MB' });
    expect((await guest.get('/api/user')).status).toBe(401);
    const acted = await new HttpClient(server.url).post('/api/queue/pause');
    const cookie = acted.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // plain HTTP here; Secure is set when served over HTTPS
  });

  it('lists the codec presets', async () => {
    const presets = (await (await guest.get('/api/compression-presets')).json()) as Preset[];
    expect(presets.map((p) => [p.id, p.name, p.quality, p.type])).toEqual([
      ['high', 'High Quality', 90, 'high'],
      ['web', 'Web Optimized', 80, 'web'],
      ['maximum', 'Maximum Compression', 70, 'maximum'],
    ]);
  });

  it('accepts a batch and reports rejected files by name', async () => {
    const res = await guest.upload(
      [
        fileFrom(corpusPath('photos', 'kodim03.png')),
        fileFrom(corpusPath('photos', 'exif-orient6-landscape.jpg')),
        fileFrom(corpusPath('photos', 'kodim03.png')), // same name twice: the ZIP must keep both
        fileFrom(corpusPath('bad', 'gen-text-renamed.jpg')),
      ],
      { quality: '75', type: 'standard' },
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as CompressResponse;
    expect(body.jobs).toHaveLength(3);
    expect(body.rejected).toEqual([
      { filename: 'gen-text-renamed.jpg', message: 'File type must be one of image/jpeg, image/png, image/webp, image/avif, image/jxl, image/gif, image/svg+xml, image/heic', code: 'UNSUPPORTED_TYPE' },
    ]);
    for (const job of body.jobs) {
      // The response shows each job as it is now: a worker (another process in scale-out) may already have it.
      expect(['pending', 'processing']).toContain(job.status);
      expect(job.compressedPath).toBeNull();
      expect(job.compressedSize).toBeNull();
      expect(job.compressionQuality).toBe(75);
      expect(job.compressionType).toBe('standard');
      expect(Date.parse(job.expiresAt) - Date.parse(job.createdAt)).toBe(24 * 3600 * 1000);
    }
  });

  it('runs every job to completion with sizes and dimensions', async () => {
    jobs = await waitForSettled(guest);
    expect(jobs).toHaveLength(3);
    for (const job of jobs) {
      expect(job.status).toBe('completed');
      expect(job.compressedPath).toBe(`/api/download/${job.id}`);
      expect(job.compressedSize).toBeGreaterThan(0);
      expect(job.compressedSize!).toBeLessThanOrEqual(job.originalSize);
      expect(job.completedAt).not.toBeNull();
    }
    const rotated = jobs.find((j) => j.filename === 'exif-orient6-landscape.jpg')!;
    expect([rotated.compressedWidth, rotated.compressedHeight]).toEqual([1800, 1200]);
    const status = (await (await guest.get('/api/queue/status')).json()) as QueueStatus;
    expect(status).toEqual({ total: 3, completed: 3, processing: 0, pending: 0, failed: 0, paused: false });
    const stats = (await (await guest.get('/api/queue/stats')).json()) as QueueStats;
    expect(stats.queueLength).toBe(0);
    expect(stats.processing).toBe(false);
    expect(stats.processingRate).toBeGreaterThan(0);
    expect(stats.estimatedTimeRemaining).toBe(0);
  });

  it('downloads the compressed bytes with safe headers', async () => {
    const job = jobs.find((j) => j.mimeType === 'image/jpeg')!;
    const res = await guest.get(job.compressedPath!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="exif-orient6-landscape.jpg"; filename*=UTF-8''exif-orient6-landscape.jpg`,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(job.compressedSize);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([1800, 1200]);
    expect(meta.exif).toBeUndefined();
  });

  it('serves the original for the comparison view', async () => {
    const job = jobs.find((j) => j.mimeType === 'image/png')!;
    const res = await guest.get(`/api/jobs/${job.id}/original-preview`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(fs.readFileSync(corpusPath('photos', 'kodim03.png')))).toBe(true);
  });

  it('streams a ZIP with one stored entry per completed job and unique names', async () => {
    const res = await guest.get('/api/download-all');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/filename="compressed-images\.zip"/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-'));
    const zipFile = path.join(dir, 'all.zip');
    fs.writeFileSync(zipFile, Buffer.from(await res.arrayBuffer()));
    const listing = execFileSync('unzip', ['-Z', '-v', zipFile]).toString();
    expect(listing).toMatch(/compression method:\s+none \(stored\)/);
    expect(listing).not.toMatch(/compression method:\s+deflated/);
    const names = execFileSync('unzip', ['-Z1', zipFile]).toString().trim().split('\n').sort();
    expect(names).toEqual(['exif-orient6-landscape.jpg', 'kodim03 (2).png', 'kodim03.png']);
    execFileSync('unzip', ['-q', zipFile, '-d', path.join(dir, 'out')]);
    const pngJob = jobs.find((j) => j.mimeType === 'image/png')!;
    expect(fs.statSync(path.join(dir, 'out', 'kodim03.png')).size).toBe(pngJob.compressedSize);
    fs.rmSync(dir, { recursive: true });
  });

  it('deletes one job with its files, then all', async () => {
    const [first, ...rest] = jobs;
    expect((await guest.delete(`/api/jobs/${first!.id}`)).status).toBe(204);
    expect((await guest.get(`/api/download/${first!.id}`)).status).toBe(404);
    expect((await guest.delete(`/api/jobs/${first!.id}`)).status).toBe(404);
    expect((await listJobs(guest)).map((j) => j.id).sort()).toEqual(rest.map((j) => j.id).sort());
    expect((await storedFiles(server.dataDir)).filter((f) => f.includes(first!.id))).toEqual([]);

    const res = await guest.delete('/api/jobs');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: 2 });
    expect(await listJobs(guest)).toEqual([]);
    expect(await storedFiles(server.dataDir)).toEqual([]);
    expect((await guest.get('/api/download-all')).status).toBe(404);
  });

  it('answers 409 for a download that is not ready and 400 for bad settings', async () => {
    await guest.post('/api/queue/pause');
    const up = await guest.upload([fileFrom(corpusPath('photos', 'kodim02.png'))]);
    const [job] = ((await up.json()) as CompressResponse).jobs;
    const res = await guest.get(`/api/download/${job!.id}`);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/not finished/);
    await guest.post('/api/queue/resume');
    await waitForSettled(guest);

    for (const quality of ['0', '101', '50.5', 'abc']) {
      const bad = await guest.upload([fileFrom(corpusPath('photos', 'kodim02.png'))], { quality });
      expect(bad.status, quality).toBe(400);
      expect((await bad.json()).message).toMatch(/Quality/);
    }
    const badType = await guest.upload([fileFrom(corpusPath('photos', 'kodim02.png'))], { type: 'ultra' });
    expect(badType.status).toBe(400);
    expect((await listJobs(guest)).length).toBe(1);
  });
});
