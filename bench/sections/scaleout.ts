// Scale-out mode against the embedded mode on the same images: jobs per second with one and two worker processes
// (API process + workers on PostgreSQL and BullMQ/Redis) and the queue's per-job overhead on 1x1 PNGs, as ratios
// against embedded measured in the same run; plus the shared services' cost per job, which bounds how far adding
// worker machines can go.
import fs from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { Redis } from 'ioredis';
import type { Job } from '#contract/api';
import { MAX_CONCURRENT_JOBS } from '#contract/limits';
import { completedAtMs, newUser, upload, type HttpClient } from '../lib/api';
import { throughputSet, totalBytes, type CorpusImage } from '../lib/corpus';
import { table } from '../lib/markdown';
import { sleep } from '../lib/pool';
import { progress, type BenchSection } from '../lib/section';
import { cpuTimeMs } from '../lib/proc';
import { mib, ms, round } from '../lib/stats';
import { makeDataDir, startServer, type TestServer } from '../../tests/support/server';
import { testRedisUrl, adminQuery, backingFor, releaseAll } from '../../tests/support/scaleout-backing';
import { provideScaleoutServices } from '../../tests/support/scaleout-services';
import type { BenchContext, SectionResult } from '../types';
import { measureStorage } from './scaleout-storage';
import { smokeOr } from '../lib/smoke';

const QUALITY = 80;
const TYPE = 'web';
/** Three full batches: enough jobs that the per-job figures rise above timer and scheduling noise. */
const TINY_JOBS = smokeOr(150, 10);
/** A signed-in user's files per upload. */
const BATCH = smokeOr(50, 5);

type Mode = 'embedded' | 'scale-out, 1 worker' | 'scale-out, 2 workers';

interface Run {
  mode: Mode;
  jobs: number;
  failed: number;
  wallMs: number;
  jobsPerSec: number;
  /** User + system CPU of every app process (API and workers), per job. */
  cpuMsPerJob: number;
  /** Scale-out only: the same split into the API process and the worker processes. */
  apiCpuMsPerJob?: number;
  workerCpuMsPerJob?: number;
  /** Scale-out only: CPU of the PostgreSQL backends serving the run's database, per job. */
  pgCpuMsPerJob?: number;
  /** Scale-out only: PostgreSQL transactions committed in the run's database, per job (the bench's polls included). */
  pgXactsPerJob?: number;
  /** Scale-out only: CPU of the Redis server and commands it processed, per job (the whole server: other clients count too). */
  redisCpuMsPerJob?: number;
  redisCommandsPerJob?: number;
  /** GET /api/jobs requests the bench made while waiting. */
  polls: number;
  /** Original plus result, per job: what the shared volume stores (and serves at least once) for a job. */
  mibPerJob: number;
}

interface Deployment {
  mode: Mode;
  api: TestServer;
  processes: TestServer[];
  database?: string;
  stop(): Promise<void>;
}

const env = { SHUTDOWN_GRACE_SECONDS: '2', LOG_LEVEL: 'warn' };

async function embedded(): Promise<Deployment> {
  const dataDir = makeDataDir('imgc-bench-');
  const server = await startServer({ dataDir, env, startTimeoutMs: 60_000 });
  return {
    mode: 'embedded',
    api: server,
    processes: [server],
    async stop() {
      await server.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function scaleOut(workers: 1 | 2): Promise<Deployment> {
  const dataDir = makeDataDir('imgc-bench-');
  const backing = await backingFor(dataDir);
  // Production lock settings, not the tests' short ones.
  // On one shared data directory, as before object storage: the storage comparison (scaleout-storage.ts) measures S3.
  const base = { ...backing.env, ...env, QUEUE_LOCK_SECONDS: '30', STORAGE_URL: 'file:' };
  const api = await startServer({ dataDir, env: { ...base, ROLE: 'api' }, startTimeoutMs: 60_000 });
  const procs = [api];
  for (let i = 0; i < workers; i++) procs.push(await startServer({ dataDir, env: { ...base, ROLE: 'worker' }, startTimeoutMs: 60_000 }));
  return {
    mode: workers === 1 ? 'scale-out, 1 worker' : 'scale-out, 2 workers',
    api,
    processes: procs,
    database: backing.database,
    async stop() {
      for (const p of procs) await p.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await releaseAll();
    },
  };
}

async function waitForJobs(client: HttpClient, ids: ReadonlySet<string>, timeoutMs = 600_000): Promise<{ jobs: Job[]; polls: number }> {
  const deadline = Date.now() + timeoutMs;
  for (let polls = 1; ; polls++) {
    const all = (await (await client.get('/api/jobs')).json()) as Job[];
    const mine = all.filter((j) => ids.has(j.id));
    if (mine.length === ids.size && mine.every((j) => j.status === 'completed' || j.status === 'error')) return { jobs: mine, polls };
    if (Date.now() > deadline) throw new Error('timed out waiting for jobs to finish');
    await sleep(250);
  }
}

async function pgXacts(database: string): Promise<number> {
  const r = await adminQuery(`select xact_commit from pg_stat_database where datname = '${database}'`);
  return Number(r.rows[0]?.xact_commit ?? NaN);
}

/** PostgreSQL publishes per-database counters from idle backends up to about 10 s late: wait until they settle. */
async function settledPgXacts(database: string): Promise<number> {
  let last = await pgXacts(database);
  for (let i = 0; i < 8; i++) {
    await sleep(2000);
    const now = await pgXacts(database);
    if (now === last && i >= 5) return now;
    last = now;
  }
  return last;
}

/** CPU so far of each PostgreSQL backend connected to the database (the app's pooled connections). */
async function pgBackendCpu(database: string): Promise<Map<number, number>> {
  const r = await adminQuery(`select pid from pg_stat_activity where datname = '${database}'`);
  const cpu = new Map<number, number>();
  for (const { pid } of r.rows as { pid: number }[]) {
    try {
      cpu.set(pid, cpuTimeMs(pid));
    } catch {
      // The backend ended between the query and the read.
    }
  }
  return cpu;
}

const cpuDelta = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((a, [pid, ms]) => a + ms - (before.get(pid) ?? 0), 0);

async function redisStats(redis: Redis): Promise<{ commands: number; cpuMs: number }> {
  const info = await redis.info();
  const num = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? NaN);
  return { commands: num('total_commands_processed'), cpuMs: (num('used_cpu_sys') + num('used_cpu_user')) * 1000 };
}

/** All images uploaded by one signed-in user (50 per request); wall time from the first request to the last `completedAt`. */
async function measure(d: Deployment, client: HttpClient, images: readonly CorpusImage[], redis: Redis): Promise<Run> {
  const cpuOf = (servers: TestServer[]) => servers.reduce((a, p) => a + cpuTimeMs(p.process.pid!), 0);
  const workers = d.processes.filter((p) => p !== d.api);
  const api0 = cpuOf([d.api]);
  const workers0 = cpuOf(workers);
  const db = d.database;
  const [x0, pg0, r0] = db ? [await pgXacts(db), await pgBackendCpu(db), await redisStats(redis)] : [NaN, new Map<number, number>(), null];
  const start = Date.now();
  const created: Job[] = [];
  for (let i = 0; i < images.length; i += BATCH) created.push(...(await upload(client, images.slice(i, i + BATCH), QUALITY, TYPE)));
  const { jobs, polls } = await waitForJobs(client, new Set(created.map((j) => j.id)));
  const wallMs = Math.max(...jobs.map(completedAtMs)) - start;
  const apiCpu = cpuOf([d.api]) - api0;
  const workerCpu = cpuOf(workers) - workers0;
  const n = jobs.length;
  const run: Run = {
    mode: d.mode,
    jobs: n,
    failed: jobs.filter((j) => j.status !== 'completed').length,
    wallMs: round(wallMs, 0),
    jobsPerSec: round(n / (wallMs / 1000), 3),
    cpuMsPerJob: round((apiCpu + workerCpu) / n, 1),
    polls,
    mibPerJob: round(jobs.reduce((a, j) => a + j.originalSize + (j.compressedSize ?? 0), 0) / n / 1048576, 3),
  };
  if (db && r0) {
    const pgCpu = cpuDelta(pg0, await pgBackendCpu(db));
    const r1 = await redisStats(redis);
    Object.assign(run, {
      apiCpuMsPerJob: round(apiCpu / n, 1),
      workerCpuMsPerJob: round(workerCpu / n, 1),
      pgCpuMsPerJob: round(pgCpu / n, 2),
      redisCpuMsPerJob: round((r1.cpuMs - r0.cpuMs) / n, 2),
      redisCommandsPerJob: round((r1.commands - r0.commands) / n, 1),
      pgXactsPerJob: round(((await settledPgXacts(db)) - x0) / n, 1),
    });
  }
  return run;
}

async function tinyPngs(count: number): Promise<CorpusImage[]> {
  // 1x1 pixels: the codec's cost is next to nothing, so what is left is HTTP, storage, database and queue.
  const images: CorpusImage[] = [];
  for (let i = 0; i < count; i++) {
    const data = await sharp({ create: { width: 1, height: 1, channels: 3, background: { r: i % 256, g: 80, b: 160 } } }).png().toBuffer();
    images.push({ name: `tiny-${i}.png`, path: '', data });
  }
  return images;
}

async function servicesReachable(): Promise<string | null> {
  try {
    await adminQuery('select 1');
  } catch (err) {
    return `PostgreSQL is not reachable (${(err as Error).message})`;
  }
  const redis = new Redis(testRedisUrl(), { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (err) {
    return `Redis is not reachable (${(err as Error).message})`;
  } finally {
    redis.disconnect();
  }
}

export const scaleout: BenchSection = {
  name: 'scaleout',
  async run(ctx) {
    // The services given in TEST_PG_URL / TEST_REDIS_URL, else throwaway ones for this section only.
    let stopServices: () => Promise<void>;
    try {
      stopServices = await provideScaleoutServices(progress(ctx, 'scaleout'));
    } catch (err) {
      const why = (err as Error).message;
      return { markdown: `## Scale-out: workers against embedded\n\nNot measured: ${why}.`, json: { skipped: why } };
    }
    try {
      const workers = await measureScaleout(ctx);
      const storage = await measureStorage(ctx);
      return { markdown: `${workers.markdown}\n\n${storage.markdown}`, json: { ...(workers.json as object), storage: storage.json } };
    } finally {
      await stopServices();
    }
  },
};

async function measureScaleout(ctx: BenchContext): Promise<SectionResult> {
  const log = progress(ctx, 'scaleout');
  const unavailable = await servicesReachable();
  if (unavailable) {
    return { markdown: `## Scale-out: workers against embedded\n\nNot measured: ${unavailable}.`, json: { skipped: unavailable } };
  }
  const photos = throughputSet();
  const tiny = await tinyPngs(TINY_JOBS);
  const warm = await tinyPngs(12);
  const loadBefore = os.loadavg()[0]!;
  const redis = new Redis(testRedisUrl());

  const runBoth = async (make: () => Promise<Deployment>) => {
    const d = await make();
    try {
      const client = await newUser(d.api.url);
      // Every process loads the codec on its first job; warm them all before measuring.
      await waitForJobs(client, new Set((await upload(client, warm)).map((j) => j.id)));
      // Let the warm-up's database counters settle so they are not counted in the first run.
      if (d.database) await settledPgXacts(d.database);
      log(`${d.mode}: ${photos.length} photos`);
      const photoRun = await measure(d, client, photos, redis);
      log(`${d.mode}: ${tiny.length} 1x1 PNGs`);
      const tinyRun = await measure(d, client, tiny, redis);
      return { photoRun, tinyRun };
    } finally {
      await d.stop();
    }
  };

  try {
    // Embedded before and after the scale-out runs; the scale-out figures are compared with their mean,
    // which cancels a steady drift in what else the shared machine is doing.
    const before = await runBoth(embedded);
    const one = await runBoth(() => scaleOut(1));
    const two = await runBoth(() => scaleOut(2));
    const after = await runBoth(embedded);
    const loadAfter = os.loadavg()[0]!;

    const mean = (a: number, b: number) => (a + b) / 2;
    const base = {
      photosPerSec: mean(before.photoRun.jobsPerSec, after.photoRun.jobsPerSec),
      photoCpu: mean(before.photoRun.cpuMsPerJob, after.photoRun.cpuMsPerJob),
      tinyPerSec: mean(before.tinyRun.jobsPerSec, after.tinyRun.jobsPerSec),
      tinyCpu: mean(before.tinyRun.cpuMsPerJob, after.tinyRun.cpuMsPerJob),
    };
    const ratios = {
      oneWorkerPhotos: round(one.photoRun.jobsPerSec / base.photosPerSec, 3),
      twoWorkersPhotos: round(two.photoRun.jobsPerSec / base.photosPerSec, 3),
      twoOverOnePhotos: round(two.photoRun.jobsPerSec / one.photoRun.jobsPerSec, 3),
      oneWorkerTiny: round(one.tinyRun.jobsPerSec / base.tinyPerSec, 3),
      twoWorkersTiny: round(two.tinyRun.jobsPerSec / base.tinyPerSec, 3),
      oneWorkerPhotoCpu: round(one.photoRun.cpuMsPerJob / base.photoCpu, 3),
      oneWorkerTinyCpu: round(one.tinyRun.cpuMsPerJob / base.tinyCpu, 3),
    };
    const overheadWallMs = round(1000 / one.tinyRun.jobsPerSec - 1000 / base.tinyPerSec, 1);
    const overheadCpuMs = round(one.tinyRun.cpuMsPerJob - base.tinyCpu, 1);
    const cores = os.cpus().length;
    // How busy the machine's cores were with our worker during the one-worker photo run: below 1, the machine
    // was shared with other work (or the worker could not fill it), which is what wall-time ratios suffer from.
    const oneWorkerCoreUse = round(((one.photoRun.workerCpuMsPerJob ?? NaN) * one.photoRun.jobsPerSec) / 1000 / cores, 2);

    // What the measured per-job costs predict for N worker machines (CPU only; each figure is a ceiling).
    const p = one.photoRun;
    const t = one.tinyRun;
    const perWorkerCore = 1000 / (p.workerCpuMsPerJob ?? NaN);
    const apiPerCore = 1000 / (p.apiCpuMsPerJob ?? NaN);
    const pgPerCore = 1000 / (p.pgCpuMsPerJob ?? NaN);
    const redisCeiling = 1000 / (p.redisCpuMsPerJob ?? NaN);
    const prediction = {
      photoJobsPerSecPerWorkerCore: round(perWorkerCore, 2),
      photoJobsPerSecPerApiCore: round(apiPerCore, 1),
      photoJobsPerSecPerPostgresCore: round(pgPerCore, 0),
      photoJobsPerSecRedisCeiling: round(redisCeiling, 0),
      volumeMiBPerJob: p.mibPerJob,
    };

    const row = (r: Run, vs: number | null) => [
      r.mode,
      r.jobs,
      ms(r.wallMs),
      r.jobsPerSec.toFixed(2),
      vs === null ? '' : `${(r.jobsPerSec / vs).toFixed(2)}x`,
      ms(r.cpuMsPerJob),
      r.failed,
    ];
    const headers = ['mode', 'jobs', 'wall', 'jobs/s', 'vs embedded', 'CPU per job (app processes)', 'failed'];
    const cost = (what: string, r: Run) => [
      what,
      ms(r.apiCpuMsPerJob ?? NaN),
      ms(r.workerCpuMsPerJob ?? NaN),
      ms(r.pgCpuMsPerJob ?? NaN),
      r.pgXactsPerJob ?? '',
      ms(r.redisCpuMsPerJob ?? NaN),
      r.redisCommandsPerJob ?? '',
    ];
    const markdown = [
      '## Scale-out: workers against embedded',
      '',
      `Same ${photos.length} corpus photos as the service-throughput section (${mib(totalBytes(photos))}), uploaded in one request by a signed-in user, ` +
        `quality ${QUALITY}, type ${TYPE}; ${MAX_CONCURRENT_JOBS} jobs at a time per worker process. Embedded: one process on SQLite with the ` +
        'in-process queue. Scale-out: one API process plus one or two worker processes on PostgreSQL and BullMQ/Redis, all on this machine ' +
        `(${cores} cores; 1-minute load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after). Wall time runs from the upload ` +
        "request to the last job's `completedAt`; ratios are against the mean of an embedded run before and one after the scale-out runs.",
      '',
      table(headers, [row(before.photoRun, null), row(one.photoRun, base.photosPerSec), row(two.photoRun, base.photosPerSec), row(after.photoRun, null)]),
      '',
      `Queue overhead with ${tiny.length} 1x1 PNGs (codec cost near zero):`,
      '',
      table(headers, [row(before.tinyRun, null), row(one.tinyRun, base.tinyPerSec), row(two.tinyRun, base.tinyPerSec), row(after.tinyRun, null)]),
      '',
      `**Photos: 1 worker ${ratios.oneWorkerPhotos.toFixed(2)}x, 2 workers ${ratios.twoWorkersPhotos.toFixed(2)}x embedded's jobs/s** ` +
        `(2 workers / 1 worker: ${ratios.twoOverOnePhotos.toFixed(2)}x); app CPU per photo job, scale-out / embedded: ${ratios.oneWorkerPhotoCpu.toFixed(2)}. ` +
        `The one worker used ${Math.round(oneWorkerCoreUse * 100)}% of this machine's ${cores} cores, and a second worker on the same machine ` +
        'shares the same cores, so the 2-worker figure measures contention here; added throughput comes from added machines.',
      '',
      `**Per-job queue overhead: ${ms(overheadWallMs)} wall and ${ms(overheadCpuMs)} app CPU more than embedded** ` +
        `(tiny jobs: 1 worker ${ratios.oneWorkerTiny.toFixed(2)}x, 2 workers ${ratios.twoWorkersTiny.toFixed(2)}x embedded's rate).`,
      '',
      'Where a scale-out job spends its CPU (1 worker; PostgreSQL: the backends of the run\'s database; Redis: the whole server, other clients included; ' +
        'PostgreSQL transactions include the bench\'s polls of `/api/jobs`, 4 a second):',
      '',
      table(
        ['run', 'API process', 'worker process', 'PostgreSQL', 'PG transactions', 'Redis', 'Redis commands'],
        [cost(`${photos.length} photos, per job`, p), cost(`${tiny.length} 1x1 PNGs, per job`, t)],
      ),
      '',
      `**For N worker machines** these per-job costs predict about ${prediction.photoJobsPerSecPerWorkerCore.toFixed(2)} photo jobs/s per worker core ` +
        `(a worker process runs ${MAX_CONCURRENT_JOBS} jobs at once with libvips threads, so run about one worker process per 2 to 3 cores), growing linearly ` +
        `with N until a shared part saturates: API processes at about ${prediction.photoJobsPerSecPerApiCore.toFixed(0)} jobs/s per core ` +
        `(uploads and polls), PostgreSQL at about ${prediction.photoJobsPerSecPerPostgresCore} jobs/s per core, Redis (one thread) at about ` +
        `${prediction.photoJobsPerSecRedisCeiling} jobs/s, and the shared volume with ${p.mibPerJob.toFixed(2)} MiB written and as much read ` +
        'per job of this size (original and result, each written once and read at least once).',
    ].join('\n');

    return {
      markdown,
      json: {
        images: photos.map((p) => p.name),
        tinyJobs: tiny.length,
        concurrencyPerWorker: MAX_CONCURRENT_JOBS,
        loadAverage: { before: loadBefore, after: loadAfter, cores },
        runs: { embeddedBefore: before, oneWorker: one, twoWorkers: two, embeddedAfter: after },
        ratios,
        perJobOverhead: { wallMs: overheadWallMs, cpuMs: overheadCpuMs },
        oneWorkerCoreUse,
        prediction,
      },
    };
  } finally {
    redis.disconnect();
  }
}
