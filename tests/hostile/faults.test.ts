// Faults: repeated kill -9, disk full, read-only storage, a locked database, and the clock jumping.
// Nothing lost, nothing duplicated, and the API says clearly what is wrong.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDataDir, startServer, type TestServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { REPO_ROOT, corpusPath } from '../support/paths';
import { listJobs, storedFiles, waitFor, waitForSettled } from '../support/jobs';
import { expectDownloadsMatchUploads, expectStoredResults } from '../support/results';
import { childPids, isAlive } from '../support/processes';

/** The server's codec processes only (it has other children, such as the bundler's service process). */
const codecPids = (serverPid: number) =>
  childPids(serverPid).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('codec-process');
    } catch {
      return false; // exited while we looked
    }
  });
import { mountSmallDisk, mountUnavailableReason, type SmallDisk } from './tmpfs';
import { seededRandom } from '../support/seed';
import { MAX_RETRIES } from '#contract/limits';
import { CRASH_MESSAGE } from '#server/sandbox/codec-pool';

const PHOTOS = ['kodim01.png', 'kodim02.png', 'kodim04.png', 'kodim05.png', 'kodim07.png', 'kodim08.png', 'kodim11.png', 'kodim12.png'];
const photo = (name: string) => fileFrom(corpusPath('photos', name));

// The disk tests mount small tmpfs file systems. Without that power they are skipped with the reason in their name
// (and with CI=true a skip fails the run).
const MOUNT_UNAVAILABLE = mountUnavailableReason();
if (MOUNT_UNAVAILABLE) console.warn(`faults: skipping the disk tests: ${MOUNT_UNAVAILABLE}`);
const itMounts = (name: string, fn: () => Promise<void>) =>
  MOUNT_UNAVAILABLE ? it.skip(`${name} (skipped: ${MOUNT_UNAVAILABLE})`, fn) : it(name, fn);

describe('faults', () => {
  const servers: TestServer[] = [];
  const disks: SmallDisk[] = [];
  const start = async (dataDir: string, env?: Record<string, string>) => {
    const s = await startServer({ dataDir, env });
    servers.push(s);
    return s;
  };
  /** Directories a test made beside its mounts (data directories, the clock file's): removed after it, pass or fail. */
  const tempDirs: string[] = [];
  const tempDir = (dir: string) => (tempDirs.push(dir), dir);
  afterEach(async () => {
    for (const s of servers.splice(0)) {
      await s.kill();
      if (process.env.DEBUG_FAULTS) console.log(s.output());
    }
    for (const d of disks.splice(0)) d.unmount();
    for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('survives kill -9 at five random moments in a batch: every job completes exactly once', async () => {
    // The moments are chosen by progress, not by time: kill i comes while a job runs, once at least completedBefore[i]
    // jobs are done (seeded: the seed is printed, TEST_SEED replays it).
    const random = seededRandom('kill -9 moments');
    const completedBefore = Array.from({ length: 5 }, () => Math.floor(random() * PHOTOS.length)).sort((a, b) => a - b);
    const dataDir = makeDataDir();
    let server = await start(dataDir);
    const guest = new HttpClient(server.url);
    const uploads = PHOTOS.map(photo);
    await guest.upload(uploads);
    for (const target of completedBefore) {
      await waitFor(
        async () => {
          const jobs = await listJobs(guest);
          const done = jobs.filter((j) => j.status === 'completed').length;
          // Past the target with nothing left to interrupt: kill now, it still lands between jobs.
          return (done >= target && jobs.some((j) => j.status === 'processing')) || done === PHOTOS.length;
        },
        120_000,
        `${target} jobs completed and one running`,
      );
      await server.kill();
      server = await start(dataDir);
      guest.baseUrl = server.url;
    }
    const jobs = await waitForSettled(guest, 120_000);
    await expectStoredResults(dataDir, await expectDownloadsMatchUploads(guest, jobs, uploads));
    expect((await storedFiles(dataDir)).filter((f) => f.startsWith('tmp/'))).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no codec process behind when the server is killed with -9', async () => {
    const server = await start(makeDataDir());
    const guest = new HttpClient(server.url);
    await guest.upload([photo('kodim01.png'), photo('kodim02.png'), photo('kodim04.png')]);
    const codecs = await waitFor(async () => {
      const pids = childPids(server.process.pid!);
      return pids.length > 0 && pids;
    }, 15_000, 'codec processes');
    await server.kill();
    await waitFor(async () => codecs.every((pid) => !isAlive(pid)), 5_000, 'codec processes to exit');
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('fails an image whose codec process keeps dying, after its retries, while the server serves on', async () => {
    const server = await start(makeDataDir());
    const guest = new HttpClient(server.url);
    await guest.upload([photo('squoosh-demo-large-photo.jpg')]);
    // Every attempt on this image ends with its codec process killed, as a native crash or the OOM killer would.
    for (let attempt = 1; attempt <= MAX_RETRIES + 1; attempt++) {
      const victims = await waitFor(async () => {
        const [job] = await listJobs(guest);
        const pids = codecPids(server.process.pid!);
        return job?.status === 'processing' && pids.length > 0 && pids;
      }, 30_000, `attempt ${attempt} to start`);
      for (const pid of victims) process.kill(pid, 'SIGKILL');
      await waitFor(async () => (await listJobs(guest))[0]?.status !== 'processing', 10_000, `attempt ${attempt} to end`);
      expect((await guest.get('/api/health')).status).toBe(200);
    }
    const [poisoned] = await waitForSettled(guest);
    expect(poisoned!.status).toBe('error');
    expect(poisoned!.error).toBe(`Compression failed after ${MAX_RETRIES + 1} attempts: ${CRASH_MESSAGE}`);

    // Same server process, still compressing other images.
    expect(server.process.exitCode).toBeNull();
    await guest.upload([photo('kodim03.png')]);
    const settled = await waitForSettled(guest);
    expect(settled.find((j) => j.filename === 'kodim03.png')!.status).toBe('completed');
    expect((await storedFiles(server.dataDir)).filter((f) => f.startsWith('tmp/'))).toEqual([]);
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  itMounts('refuses uploads clearly when the disk is full, keeps serving, and recovers without a restart', async () => {
    const disk = mountSmallDisk(48);
    disks.push(disk);
    const server = await start(disk.dir);
    const guest = new HttpClient(server.url);
    await guest.upload([photo('kodim03.png')]);
    const [done] = await waitForSettled(guest);

    // Full during upload.
    disk.fill();
    const refused = await guest.upload([photo('kodim05.png')]);
    expect(refused.status).toBe(507);
    expect(await refused.json()).toMatchObject({ message: expect.stringMatching(/out of storage space/), code: 'STORAGE_FULL' });
    expect((await guest.get('/api/queue/status')).status).toBe(200);
    expect((await guest.get(done!.compressedPath!)).status).toBe(200);
    expect(fs.readdirSync(path.join(disk.dir, 'files', 'tmp'))).toEqual([]);
    disk.free();
    expect((await guest.upload([photo('kodim05.png')])).status).toBe(201);
    await waitForSettled(guest);

  });

  itMounts('retries a result write that hits a full disk and finishes once space is back', async () => {
    // Files on their own small disk, the database elsewhere: only the result write fails.
    const dataDir = tempDir(makeDataDir());
    const disk = mountSmallDisk(48, path.join(dataDir, 'files'));
    disks.push(disk);
    const server = await start(dataDir);
    const guest = new HttpClient(server.url);
    await guest.post('/api/queue/pause');
    expect((await guest.upload([photo('kodim08.png')])).status).toBe(201);
    disk.fill();
    expect((await guest.post('/api/queue/resume')).status).toBe(200);
    await waitFor(async () => /will retry/.test(server.output()), 30_000, 'a failed result write');
    disk.free();
    const jobs = await waitForSettled(guest, 90_000);
    expect(jobs.map((j) => j.status)).toEqual(['completed']);
    const bytes = Buffer.from(await (await guest.get(jobs[0]!.compressedPath!)).arrayBuffer());
    expect(bytes.length).toBe(jobs[0]!.compressedSize);
  });

  itMounts('answers clearly while the file store is read-only and recovers when it is writable again', async () => {
    // The files live on their own mount: a file system with open database files cannot be remounted read-only.
    const dataDir = tempDir(makeDataDir());
    const disk = mountSmallDisk(48, path.join(dataDir, 'files'));
    disks.push(disk);
    const server = await start(dataDir);
    const guest = new HttpClient(server.url);
    await guest.upload([photo('kodim03.png')]);
    const [done] = await waitForSettled(guest);
    disk.readOnly();
    const refused = await guest.upload([photo('kodim05.png')]);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ message: expect.stringMatching(/cannot write its data/), code: 'STORAGE_READONLY' });
    expect((await guest.get('/api/jobs')).status).toBe(200);
    expect((await guest.get(done!.compressedPath!)).status).toBe(200);
    // The health check says so too, so a load balancer takes the node out while it cannot take uploads.
    const sick = await fetch(`${server.url}/api/health`);
    expect(sick.status).toBe(503);
    expect(await sick.json()).toEqual({ status: 'unavailable', reason: 'storage not writable (EROFS)' });
    disk.writable();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect((await guest.upload([photo('kodim05.png')])).status).toBe(201);
    expect((await waitForSettled(guest)).every((j) => j.status === 'completed')).toBe(true);
  });

  itMounts('refuses to start on a read-only data directory, naming it', async () => {
    const disk = mountSmallDisk(8);
    disks.push(disk);
    disk.readOnly();
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'src/server/main.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: '0', DATA_DIR: disk.dir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`The data directory ${disk.dir} is not writable (EROFS)`);
  });

  it('says the database is busy while another process holds its lock, then carries on', async () => {
    const dataDir = makeDataDir();
    const server = await start(dataDir);
    const guest = new HttpClient(server.url);
    await guest.get('/api/jobs');
    const db = new Database(path.join(dataDir, 'app.db'));
    db.pragma('busy_timeout = 0');
    db.exec('BEGIN EXCLUSIVE');
    try {
      const res = await guest.post('/api/queue/pause');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ message: expect.stringMatching(/database is busy/), code: 'DB_BUSY' });
      expect(res.headers.get('retry-after')).toBeTruthy();
    } finally {
      db.exec('COMMIT');
      db.close();
    }
    expect((await guest.post('/api/queue/pause')).status).toBe(200);
    expect((await guest.upload([photo('kodim03.png')])).status).toBe(201);
    await guest.post('/api/queue/resume');
    expect((await waitForSettled(guest)).map((j) => j.status)).toEqual(['completed']);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('handles the clock jumping forward 25 hours and back 1 hour', async () => {
    const dataDir = tempDir(makeDataDir());
    const offsetFile = path.join(tempDir(fs.mkdtempSync(path.join(os.tmpdir(), 'clock-'))), 'offset');
    fs.writeFileSync(offsetFile, '0');
    const server = await start(dataDir, { TEST_CLOCK_OFFSET_FILE: offsetFile, SWEEP_INTERVAL_SECONDS: '1' });
    const guest = new HttpClient(server.url);
    await guest.upload([photo('kodim03.png'), photo('kodim05.png')]);
    const before = await waitForSettled(guest);
    expect(before).toHaveLength(2);

    // +25 h: everything uploaded "yesterday" is past its 24 hours and goes, files included.
    fs.writeFileSync(offsetFile, String(25 * 3600_000));
    await waitFor(async () => (await listJobs(guest)).length === 0, 15_000, 'expiry after the jump');
    expect(await storedFiles(dataDir)).toEqual([]);

    // New work after the jump behaves normally...
    await guest.upload([photo('kodim07.png')]);
    const [fresh] = await waitForSettled(guest);
    expect(fresh!.status).toBe('completed');

    // ...and survives the clock stepping back an hour: not expired early, not run twice. A whole sweep runs on the
    // stepped-back clock before we look: an orphan file placed after the step is gone only once a sweep saw it.
    fs.writeFileSync(offsetFile, String(24 * 3600_000));
    for (let i = 0; i < 2; i++) {
      // Two rounds: the first sweep may have started before the step; the second started after the first ended.
      const orphan = path.join(dataDir, 'files', 'original', randomUUID());
      fs.writeFileSync(orphan, 'no row refers to this');
      const past = new Date(Date.now() - 3600_000); // past the sweeper's grace for files still being written
      fs.utimesSync(orphan, past, past);
      await waitFor(async () => !fs.existsSync(orphan), 30_000, 'a retention sweep on the stepped-back clock');
    }
    const after = await listJobs(guest);
    expect(after.map((j) => [j.id, j.status, j.completedAt])).toEqual([[fresh!.id, 'completed', fresh!.completedAt]]);
    expect((await guest.get(fresh!.compressedPath!)).status).toBe(200);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
