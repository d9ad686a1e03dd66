// Scale-out with real processes: one API process and separate worker processes sharing PostgreSQL, a Redis
// key prefix and an S3 bucket, each with a data directory of its own (nothing shared on disk). A worker killed mid-run loses nothing and duplicates nothing; a Redis
// that lost its data is rebuilt from the jobs table.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeDataDir, useServers, type TestServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { listJobs, waitFor, waitForSettled } from '../support/jobs';
import { queryRows } from '../support/db';
import { expectDownloadsMatchUploads, expectStoredResults } from '../support/results';
import { SCALEOUT, deleteRedisKeys } from '../support/scaleout-backing';
import { startRedis } from '../support/scaleout-services';

// The api project excludes this file; this guard only catches a run outside the api-scaleout project.
if (!SCALEOUT) throw new Error('scaleout-workers.test.ts needs TEST_MODE=scaleout (run it with --project api-scaleout)');
import type { Job } from '#contract/api';

// Mid-sized photos: long enough (about a second each) that a worker is surely mid-job when it is killed.
const PHOTOS = ['exif-orient6-landscape.jpg', 'jxl-flower-q85-420-progressive.jpg', 'lepton-grayscale.jpg', 'exif-orient8-landscape.jpg', 'sharp-cmyk-with-icc.jpg'];
const GUESTS = 5;
const PER_GUEST = 10; // the guest limit per upload; 5 guests x 10 = 50 jobs

interface LogLine {
  msg: string;
  jobId?: string;
  outcome?: string;
}

/** The worker's JSON log lines (LOG_LEVEL=info): which jobs it started, finished, took over. */
function logLines(server: TestServer): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);
}
const idsWith = (lines: LogLine[], msg: string, outcome?: string) =>
  lines.filter((l) => l.msg === msg && (!outcome || l.outcome === outcome)).map((l) => l.jobId!);

describe('scale-out workers (api-scaleout project only: needs PostgreSQL and Redis)', () => {
  const startTracked = useServers();
  const start = (dataDir: string, role: 'api' | 'worker') =>
    startTracked({ dataDir: makeDataDir(), backingOf: dataDir, env: { ROLE: role, LOG_LEVEL: role === 'worker' ? 'info' : 'warn' } });

  it('runs 50 jobs on two workers; one is killed mid-run and every job still completes exactly once', async () => {
    const dataDir = makeDataDir();
    const api = await start(dataDir, 'api');
    const [w1, w2] = [await start(dataDir, 'worker'), await start(dataDir, 'worker')];
    // A worker answers only health checks.
    expect((await fetch(`${w1.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${w1.url}/api/jobs`)).status).toBe(404);

    const guests = Array.from({ length: GUESTS }, () => new HttpClient(api.url));
    const uploads = guests.map((_, g) =>
      Array.from({ length: PER_GUEST }, (_, i) => fileFrom(corpusPath('photos', PHOTOS[(g + i) % PHOTOS.length]!), `p${g}-${i}.jpg`)),
    );
    for (const [g, guest] of guests.entries()) expect((await guest.upload(uploads[g]!)).status).toBe(201);

    // Kill the first worker while it holds jobs, once the run is well under way.
    await waitFor(
      async () => {
        const lines = logLines(w1);
        const finished = new Set(idsWith(lines, 'job finished'));
        return idsWith(lines, 'job started').length >= 3 && idsWith(lines, 'job started').some((id) => !finished.has(id));
      },
      120_000,
      'worker 1 to be mid-job',
    );
    await w1.kill();
    const w1Lines = logLines(w1);
    const w1Finished = new Set(idsWith(w1Lines, 'job finished'));
    const inFlight = idsWith(w1Lines, 'job started').filter((id) => !w1Finished.has(id));
    expect(inFlight.length).toBeGreaterThan(0);

    const jobs: Job[] = [];
    for (const guest of guests) jobs.push(...(await waitForSettled(guest, 180_000)));
    expect(jobs).toHaveLength(GUESTS * PER_GUEST);

    // Each guest downloads, through the API process, exactly the codec's output for each of their files, and the
    // bucket holds one result per job with those bytes (a worker killed mid-write left no partial object).
    const downloaded = new Map<string, string>();
    for (const [g, guest] of guests.entries()) {
      const own = jobs.filter((j) => j.filename.startsWith(`p${g}-`));
      for (const [id, hash] of await expectDownloadsMatchUploads(guest, own, uploads[g]!)) downloaded.set(id, hash);
    }
    await expectStoredResults(dataDir, downloaded);

    // Exactly once: no job was finished twice by the workers, and each row was claimed once net of crash
    // recoveries (a takeover gives the dead worker's attempt back before claiming).
    const w2Lines = logLines(w2);
    const completions = [...idsWith(w1Lines, 'job finished', 'completed'), ...idsWith(w2Lines, 'job finished', 'completed')];
    const perJob = new Map<string, number>();
    for (const id of completions) perJob.set(id, (perJob.get(id) ?? 0) + 1);
    expect([...perJob].filter(([, n]) => n > 1)).toEqual([]);
    expect(idsWith(w2Lines, 'job finished', 'lost')).toEqual([]);
    const rows = await queryRows<{ id: string; attempts: number; completed_at: number | null }>(api, 'select id, attempts, completed_at from jobs');
    expect(rows).toHaveLength(GUESTS * PER_GUEST);
    expect(rows.filter((r) => r.attempts !== 1 || r.completed_at == null)).toEqual([]);

    // The killed worker's jobs were taken over by the survivor (after BullMQ saw their locks lapse) and finished there.
    const takenOver = idsWith(w2Lines, 'taking over a job whose worker stopped');
    expect(takenOver.length).toBeGreaterThan(0);
    for (const id of takenOver) {
      expect(w1Finished.has(id)).toBe(false);
      expect(idsWith(w2Lines, 'job finished', 'completed')).toContain(id);
    }
    // The API process ran nothing.
    expect(api.output()).not.toContain('job started');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM a worker hands running jobs back after its grace period, for another worker to finish', async () => {
    const dataDir = makeDataDir();
    const api = await start(dataDir, 'api');
    const leaving = await startTracked({ dataDir: makeDataDir(), backingOf: dataDir, env: { ROLE: 'worker', LOG_LEVEL: 'info', SHUTDOWN_GRACE_SECONDS: '0.2' } });
    const guest = new HttpClient(api.url);
    // Big photos, so that the jobs are still running when the short grace period ends.
    const files = ['lepton-slrhills.jpg', 'lepton-iphone.jpg', 'squoosh-demo-large-photo.jpg', 'lepton-arithmetic.jpg'].map((n) => fileFrom(corpusPath('photos', n)));
    expect((await guest.upload(files)).status).toBe(201);
    await waitFor(async () => idsWith(logLines(leaving), 'job started').length > 0, 60_000, 'a job to start');
    await leaving.stop();
    expect(leaving.process.exitCode).toBe(0);
    // The big photos take far longer than the 0.2 s grace period, so the job that had started was handed back
    // (not finished, not silently dropped): every job the worker started either finished there or was handed back.
    const handedBack = idsWith(logLines(leaving), 'shutdown: handed a running job back to the queue');
    const finishedThere = idsWith(logLines(leaving), 'job finished');
    expect(handedBack.length).toBeGreaterThan(0);
    expect([...handedBack, ...finishedThere].sort()).toEqual(idsWith(logLines(leaving), 'job started').sort());

    // The rows were released, not left to a lease: the next worker claims them at once, with no takeover.
    const next = await start(dataDir, 'worker');
    const jobs = await waitForSettled(guest, 120_000);
    expect(jobs.map((j) => j.status)).toEqual(files.map(() => 'completed'));
    expect(idsWith(logLines(next), 'taking over a job whose worker stopped')).toEqual([]);
    for (const id of handedBack) expect(idsWith(logLines(next), 'job finished', 'completed')).toContain(id);
    const rows = await queryRows<{ attempts: number }>(api, 'select attempts from jobs');
    expect(rows.map((r) => r.attempts)).toEqual(files.map(() => 1));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('rebuilds the queue from the jobs table after Redis lost its data', async () => {
    const dataDir = makeDataDir();
    const api = await start(dataDir, 'api');
    const guest = new HttpClient(api.url);
    const photos = PHOTOS.map((name) => fileFrom(corpusPath('photos', name)));
    expect((await guest.upload(photos)).status).toBe(201);
    const ids = (await listJobs(guest)).map((j) => j.id);

    // A worker that died holding a job, long enough ago that its lease ran out: the row is stuck "processing".
    const stuck = ids[0]!;
    await queryRows(api, "update jobs set status = 'processing', lease_token = 'dead-worker', lease_until = ?, attempts = 1 where id = ?", [Date.now() - 60_000, stuck]);

    // Redis forgets everything (a restart without persistence, a failover to an empty replica).
    expect(await deleteRedisKeys(api.redisPrefix!)).toBeGreaterThan(0);

    const worker = await start(dataDir, 'worker');
    const jobs = await waitForSettled(guest, 120_000);
    expect(jobs.map((j) => j.status)).toEqual(photos.map(() => 'completed'));
    const reconciled = logLines(worker).find((l) => l.msg === 'reconciled the queue with the jobs table') as
      | (LogLine & { requeued: number; added: number })
      | undefined;
    expect(reconciled).toMatchObject({ requeued: 1, added: photos.length });
    const [row] = await queryRows<{ attempts: number }>(api, 'select attempts from jobs where id = ?', [stuck]);
    expect(row!.attempts).toBe(1);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('accepts uploads while Redis is unreachable, and runs them once it is back', async () => {
    // A Redis of this test's own, so stopping it disturbs no other test.
    let redis = await startRedis();
    const port = Number(new URL(redis.url).port);
    try {
      const dataDir = makeDataDir();
      const api = await startTracked({ dataDir: makeDataDir(), backingOf: dataDir, env: { ROLE: 'api', REDIS_URL: redis.url } });
      await redis.stop();

      const guest = new HttpClient(api.url);
      const uploads = PHOTOS.slice(0, 2).map((name) => fileFrom(corpusPath('photos', name)));
      expect((await guest.upload(uploads)).status).toBe(201);
      expect((await listJobs(guest)).map((j) => j.status)).toEqual(['pending', 'pending']);

      // Redis comes back empty at the same address; a worker's start-up reconciliation queues the stored rows.
      redis = await startRedis({ port });
      await startTracked({ dataDir: makeDataDir(), backingOf: dataDir, env: { ROLE: 'worker', LOG_LEVEL: 'info', REDIS_URL: redis.url } });
      const jobs = await waitForSettled(guest, 120_000);
      await expectStoredResults(dataDir, await expectDownloadsMatchUploads(guest, jobs, uploads));
      fs.rmSync(dataDir, { recursive: true, force: true });
    } finally {
      await redis.stop();
    }
  });

  it('fails a job whose workers die three times, with a message, instead of passing it on for ever', async () => {
    const dataDir = makeDataDir();
    const api = await start(dataDir, 'api');
    const guest = new HttpClient(api.url);
    expect((await guest.upload([fileFrom(corpusPath('photos', 'lepton-slrhills.jpg'))])).status).toBe(201);
    for (let death = 1; death <= 3; death++) {
      const worker = await start(dataDir, 'worker');
      await waitFor(async () => idsWith(logLines(worker), 'job started').length > 0, 120_000, `worker ${death} to start the job`);
      await worker.kill();
    }
    const last = await start(dataDir, 'worker');
    const [job] = await waitForSettled(guest, 120_000);
    expect(job!.status).toBe('error');
    expect(job!.error).toBe('Compression stopped unexpectedly several times; this image cannot be processed');
    expect(idsWith(logLines(last), 'job failed: its workers stopped while running it too many times')).toEqual([job!.id]);
    expect(idsWith(logLines(last), 'job started')).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
