// The object store promises, on a real Ceph RADOS Gateway (started by the scale-out global setup, or by a test of its
// own when the test stops it): credentials are checked at start, big objects go up in parts and come down as
// streams, a process killed mid-write leaves no visible object, the sweeper removes expired, orphan and abandoned
// objects, and an outage of the store gets 503s (never 500s) and loses no accepted job.
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { makeDataDir, useServers } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { REPO_ROOT, corpusPath } from '../support/paths';
import { listJobs, storedFiles, waitFor, waitForSettled } from '../support/jobs';
import { expectDownloadsMatchUploads } from '../support/results';
import { SCALEOUT, backingFor, trackChild } from '../support/scaleout-backing';
import { bucketEnv, createBucket, dropBucket, incompleteUploads, listObjects, putObject, testS3, testS3Client } from '../support/test-bucket';
import { startCephGateway } from '../support/ceph-gateway';
import { S3Driver } from '#server/storage/s3-driver';
import { BlobStore } from '#server/storage/blob-store';
import { ScratchSpace } from '#server/storage/scratch';

if (!SCALEOUT) throw new Error('scaleout-object-store.test.ts needs TEST_MODE=scaleout (run it with --project api-scaleout)');

const PHOTOS = ['kodim01.png', 'kodim02.png', 'kodim04.png', 'kodim05.png', 'kodim07.png', 'kodim08.png'];
const MiB = 1024 * 1024;

function driverOn(bucket: string, s3 = testS3(), partSizeBytes?: number): S3Driver {
  return new S3Driver({
    bucket,
    prefix: '',
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    partSizeBytes,
  });
}

async function* pattern(bytes: number): AsyncGenerator<Buffer> {
  for (let sent = 0; sent < bytes; sent += MiB) yield Buffer.alloc(Math.min(MiB, bytes - sent), sent / MiB);
}

describe('object storage on Ceph (api-scaleout project only)', () => {
  const startTracked = useServers();

  it('refuses to start with a wrong secret or a missing bucket, naming the setting', async () => {
    const dataDir = makeDataDir();
    const { bucket } = await backingFor(dataDir);
    await expect(startTracked({ dataDir, env: { AWS_SECRET_ACCESS_KEY: 'not-the-secret' } })).rejects.toThrow(
      /STORAGE_URL: s3:\/\/[\w-]+\/ refused our credentials \(HTTP 403/,
    );
    await expect(startTracked({ dataDir, env: { STORAGE_URL: `s3://${bucket}-missing` } })).rejects.toThrow(/STORAGE_URL: the bucket of s3:\/\/[\w-]+-missing\/ does not exist/);
    // The right settings start.
    expect((await fetch(`${(await startTracked({ dataDir })).url}/api/health`)).status).toBe(200);
  });

  it('stores a big object in parts and reads it back as a stream', async () => {
    const bucket = `imgc-t-${process.pid}-mp-${randomUUID().slice(0, 8)}`;
    await createBucket(bucket);
    try {
      const driver = driverOn(bucket, testS3(), 5 * MiB);
      const key = `result/${randomUUID()}`;
      const expected = createHash('sha256');
      for await (const chunk of pattern(12 * MiB)) expected.update(chunk);
      await driver.put(key, Readable.from(pattern(12 * MiB)));
      // An S3 multipart object's ETag is "<md5 of the part md5s>-<number of parts>".
      const head = await testS3Client().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      expect(head.ETag).toMatch(/-3"$/);
      expect(head.ContentLength).toBe(12 * MiB);

      const body = (await driver.get(key))!;
      const got = createHash('sha256');
      let chunks = 0;
      for await (const chunk of body as AsyncIterable<Buffer>) {
        got.update(chunk);
        chunks++;
      }
      expect(got.digest('hex')).toBe(expected.digest('hex'));
      // Delivered piece by piece as it arrives, not as one buffer.
      expect(chunks).toBeGreaterThan(12);
      expect(await driver.get(`result/${randomUUID()}`)).toBeNull();
      driver.close();
    } finally {
      await dropBucket(bucket);
    }
  });

  it('a process killed mid-write leaves no visible object; the sweeper aborts its unfinished upload', async () => {
    const bucket = `imgc-t-${process.pid}-kill-${randomUUID().slice(0, 8)}`;
    await createBucket(bucket);
    try {
      const key = `result/${randomUUID()}`;
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'tests/support/interrupted-put-main.ts')], {
        cwd: REPO_ROOT,
        env: { ...process.env, ...bucketEnv(bucket), BUCKET: bucket, KEY: key },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      trackChild(child);
      let out = '';
      child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
      await waitFor(async () => (child.exitCode !== null ? Promise.reject(new Error(out)) : (await incompleteUploads(bucket)) > 0), 60_000, 'the upload to start');
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));

      expect([...(await listObjects(bucket)).keys()]).toEqual([]);
      expect(await incompleteUploads(bucket)).toBe(1);
      // What the sweeper runs: stale scratch files and unfinished uploads (older than the limit; 0 here) go.
      const store = new BlobStore(driverOn(bucket), new ScratchSpace(makeDataDir(), true));
      await store.init();
      expect(await store.removeStaleTemps(0)).toBe(1);
      expect(await incompleteUploads(bucket)).toBe(0);
    } finally {
      await dropBucket(bucket);
    }
  });

  it('the sweeper deletes expired jobs\' objects and orphan objects', async () => {
    const dataDir = makeDataDir();
    const first = await startTracked({ dataDir });
    const guest = new HttpClient(first.url);
    await guest.upload([fileFrom(corpusPath('photos', 'kodim03.png'))]);
    const [job] = await waitForSettled(guest);
    expect(await storedFiles(dataDir)).toEqual([`original/${job!.id}`, `preview/${job!.id}`, `result/${job!.id}`].sort());
    await first.stop();
    const { bucket } = await backingFor(dataDir);
    const orphan = `original/${randomUUID()}`;
    await putObject(bucket, orphan, Buffer.from('orphan'));

    // 23 hours later the job's objects are still there; the orphan (no row) is gone.
    const later = await startTracked({ dataDir: makeDataDir(), backingOf: dataDir, env: { TEST_CLOCK_OFFSET_MS: String(23 * 3600_000) } });
    await waitFor(async () => !(await listObjects(bucket)).has(orphan), 30_000, 'orphan sweep');
    const g2 = new HttpClient(later.url);
    g2.cookie = guest.cookie;
    expect((await g2.get(job!.compressedPath!)).status).toBe(200);
    await later.stop();

    // 25 hours later the sweep at start has deleted the row and every object.
    const expired = await startTracked({ dataDir: makeDataDir(), backingOf: dataDir, env: { TEST_CLOCK_OFFSET_MS: String(25 * 3600_000) } });
    const g3 = new HttpClient(expired.url);
    g3.cookie = guest.cookie;
    await waitFor(async () => (await listJobs(g3)).length === 0, 30_000, 'expiry sweep');
    expect([...(await listObjects(bucket)).keys()]).toEqual([]);
  });

  it('while the store is down: uploads get 503 with Retry-After, health says unavailable; afterwards every job completes', async () => {
    // A gateway of this test's own, so stopping it disturbs no other test.
    const gateway = await startCephGateway();
    try {
      const s3 = { endpoint: gateway.endpoint, accessKeyId: gateway.accessKeyId, secretAccessKey: gateway.secretAccessKey };
      const bucket = `imgc-t-${process.pid}-outage`;
      await createBucket(bucket, testS3Client(s3));
      const dataDir = makeDataDir();
      const env = { ...bucketEnv(bucket, s3), LOG_LEVEL: 'info' };
      const api = await startTracked({ dataDir, env: { ...env, ROLE: 'api' } });
      const worker = await startTracked({ dataDir: makeDataDir(), backingOf: dataDir, env: { ...env, ROLE: 'worker' } });
      const guest = new HttpClient(api.url);
      const before = PHOTOS.slice(0, 4).map((n) => fileFrom(corpusPath('photos', n)));
      expect((await guest.upload(before)).status).toBe(201);
      await gateway.stopGateway();

      const refused = await guest.upload([fileFrom(corpusPath('photos', PHOTOS[4]!))]);
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ code: 'STORAGE_UNAVAILABLE', message: expect.stringMatching(/storage is unavailable/) });
      const health = await fetch(`${api.url}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'unavailable', reason: expect.stringMatching(/storage/) });
      // Jobs accepted before the outage wait for the store instead of failing.
      await waitFor(() => Promise.resolve(worker.output().includes('object store unavailable, will retry')), 60_000, 'a job to wait for the store');

      await gateway.startGateway();
      await waitFor(async () => (await fetch(`${api.url}/api/health`)).status === 200, 60_000, 'health to recover');
      const after = [fileFrom(corpusPath('photos', PHOTOS[4]!))];
      expect((await guest.upload(after)).status).toBe(201);
      const jobs = await waitForSettled(guest, 240_000);
      expect(jobs.map((j) => j.status)).toEqual([...before, ...after].map(() => 'completed'));
      const downloaded = await expectDownloadsMatchUploads(guest, jobs, [...before, ...after]);
      expect([...downloaded.keys()].sort()).toEqual(jobs.map((j) => j.id).sort());
      await dropBucket(bucket, testS3Client(s3));
    } finally {
      await gateway.stop();
    }
  });
});
