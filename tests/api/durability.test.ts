// Crash (kill -9), graceful stop (SIGTERM) and the 24-hour retention, against real processes sharing a DATA_DIR.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeDataDir, useServers } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { listJobs, storedFiles, waitFor, waitForSettled } from '../support/jobs';
import { expectDownloadsMatchUploads, expectStoredResults } from '../support/results';

const BATCH = ['kodim01.png', 'kodim02.png', 'kodim04.png', 'kodim05.png', 'kodim07.png', 'kodim08.png', 'kodim13.png', 'kodim18.png', 'kodim19.png', 'kodim20.png'];

describe('durability', () => {
  const startTracked = useServers();
  const start = (dataDir: string, env?: Record<string, string>) => startTracked({ dataDir, env });

  it('loses nothing when the server is killed mid-batch: every job completes exactly once after restart', async () => {
    const dataDir = makeDataDir();
    const first = await start(dataDir);
    const guest = new HttpClient(first.url);
    const uploads = BATCH.map((n) => fileFrom(corpusPath('photos', n)));
    expect((await guest.upload(uploads)).status).toBe(201);
    await waitFor(async () => (await listJobs(guest)).some((j) => j.status === 'processing'), 30_000, 'a job to start');
    await first.kill();

    const second = await start(dataDir);
    const resumed = new HttpClient(second.url);
    resumed.cookie = guest.cookie; // same browser, same guest session
    const jobs = await waitForSettled(resumed, 120_000);
    // Exactly once, on what the guest gets: one job per file, each download the codec's output for that file, and
    // one stored result per job with those bytes.
    await expectStoredResults(dataDir, await expectDownloadsMatchUploads(resumed, jobs, uploads));
    const files = await storedFiles(dataDir);
    expect(files.filter((f) => f.startsWith('tmp/'))).toEqual([]);
    expect(files.filter((f) => f.startsWith('original/')).length).toBe(BATCH.length);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM finishes running jobs within the bound and leaves the rest for the next start', async () => {
    const dataDir = makeDataDir();
    const first = await start(dataDir, { SHUTDOWN_GRACE_SECONDS: '10' });
    const guest = new HttpClient(first.url);
    await guest.upload(BATCH.map((n) => fileFrom(corpusPath('photos', n))));
    await waitFor(async () => (await listJobs(guest)).some((j) => j.status === 'processing'), 30_000, 'a job to start');
    await first.stop();
    expect(first.process.exitCode).toBe(0);

    const second = await start(dataDir);
    const resumed = new HttpClient(second.url);
    resumed.cookie = guest.cookie;
    const jobs = await waitForSettled(resumed, 120_000);
    expect(jobs.map((j) => j.status)).toEqual(BATCH.map(() => 'completed'));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('deletes jobs, files and orphans once 24 hours have passed', async () => {
    const dataDir = makeDataDir();
    const first = await start(dataDir);
    const guest = new HttpClient(first.url);
    await guest.upload([fileFrom(corpusPath('photos', 'kodim03.png'))]);
    const [job] = await waitForSettled(guest);
    await first.stop();

    // A stray file no row refers to (e.g. left by a crash between storing and recording).
    const orphan = path.join(dataDir, 'files', 'original', randomUUID());
    fs.writeFileSync(orphan, 'orphan');
    const old = new Date(Date.now() - 3600_000);
    fs.utimesSync(orphan, old, old);

    // 23 hours later everything of the job is still there; the orphan is gone.
    const later = await start(dataDir, { TEST_CLOCK_OFFSET_MS: String(23 * 3600_000) });
    const g2 = new HttpClient(later.url);
    g2.cookie = guest.cookie;
    await waitFor(async () => !fs.existsSync(orphan), 10_000, 'orphan sweep');
    expect((await listJobs(g2)).map((j) => j.id)).toEqual([job!.id]);
    expect((await g2.get(job!.compressedPath!)).status).toBe(200);
    await later.stop();

    // 25 hours later the sweep at start has deleted the row and both files.
    const expired = await start(dataDir, { TEST_CLOCK_OFFSET_MS: String(25 * 3600_000) });
    const g3 = new HttpClient(expired.url);
    g3.cookie = guest.cookie;
    await waitFor(async () => (await listJobs(g3)).length === 0, 10_000, 'expiry sweep');
    expect([404, 410]).toContain((await g3.get(job!.compressedPath!)).status);
    expect(await storedFiles(dataDir)).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
