// Scale-out on local disk against scale-out on an S3 bucket (the Ceph RADOS Gateway the scale-out services provide),
// on the same 50-file batch: jobs per second, p99 job latency (upload accepted to completed), and the peak memory of
// each node (the API process; the worker process with its codec processes). The machine may be shared and busy, so
// one local and one S3 deployment stay up side by side and their rounds are interleaved L,S,S,L,L,S,...: a drift in
// the machine's load falls on both alike. Each S3 round is compared with the mean of the local rounds next to it,
// and the report gives the median of those ratios with its quartiles, beside every round's own figures.
import fs from 'node:fs';
import os from 'node:os';
import type { Job } from '#contract/api';
import { completedAtMs, newUser, upload, type HttpClient } from '../lib/api';
import { fiftyFiles, totalBytes, type CorpusImage } from '../lib/corpus';
import { table } from '../lib/markdown';
import { sleep } from '../lib/pool';
import { progress, type BenchSection } from '../lib/section';
import { provideScaleoutServices } from '../../tests/support/scaleout-services';
import { readMemory } from '../lib/proc';
import { mib, ms, percentile, round } from '../lib/stats';
import { makeDataDir, startServer, type TestServer } from '../../tests/support/server';
import { backingFor, releaseAll } from '../../tests/support/scaleout-backing';
import type { BenchContext, SectionResult } from '../types';
import { smokeOr } from '../lib/smoke';

type Storage = 'local disk' | 'S3 (Ceph RGW)';
const LOCAL: Storage = 'local disk';
const S3: Storage = 'S3 (Ceph RGW)';

/** Rounds of each storage (BENCH_STORAGE_ROUNDS, at least 3). */
const ROUNDS = smokeOr(Math.max(3, Number(process.env.BENCH_STORAGE_ROUNDS ?? 3) || 3), 1);

/** L,S,S,L,L,S,S,L...: each storage runs first in every other pair, so neither always follows the other. */
export function interleavedOrder(rounds: number): Storage[] {
  const order: Storage[] = [];
  for (let i = 0; order.length < rounds * 2; i++) order.push(...(i % 2 === 0 ? [LOCAL, S3] : [S3, LOCAL]));
  return order;
}

interface Round {
  index: number;
  storage: Storage;
  jobs: number;
  failed: number;
  wallMs: number;
  jobsPerSec: number;
  p50LatencyMs: number;
  p99LatencyMs: number;
  /** Peak resident memory of each node's process tree during the batch. */
  peakApiBytes: number;
  peakWorkerBytes: number;
  /** The machine's 1-minute load average when the round started. */
  load: number;
}

/** The process's resident memory with its child processes' (the worker's codec processes); NaN once it has gone. */
function treeRss(pid: number): number {
  try {
    return readMemory(pid).rss;
  } catch {
    return NaN;
  }
}

/** Samples the process trees' RSS every 50 ms until stopped; returns each tree's peak. */
function sampleTrees(pids: number[]): () => number[] {
  const peaks = pids.map(() => 0);
  const timer = setInterval(() => {
    pids.forEach((pid, i) => {
      const rss = treeRss(pid);
      if (Number.isFinite(rss)) peaks[i] = Math.max(peaks[i]!, rss);
    });
  }, 50);
  return () => {
    clearInterval(timer);
    return peaks;
  };
}

async function waitForJobs(client: HttpClient, ids: ReadonlySet<string>): Promise<Job[]> {
  const deadline = Date.now() + 900_000;
  for (;;) {
    const mine = ((await (await client.get('/api/jobs')).json()) as Job[]).filter((j) => ids.has(j.id));
    if (mine.length === ids.size && mine.every((j) => j.status === 'completed' || j.status === 'error')) return mine;
    if (Date.now() > deadline) throw new Error('timed out waiting for jobs to finish');
    await sleep(250);
  }
}

interface Deployment {
  api: TestServer;
  worker: TestServer;
  stop(): Promise<void>;
}

/** One API process and one worker process: sharing a data directory (local disk) or each with its own (S3). */
async function deploy(storage: Storage): Promise<Deployment> {
  const dataDir = makeDataDir('imgc-bench-');
  const backing = await backingFor(dataDir);
  const local = storage === LOCAL;
  const env = { ...backing.env, SHUTDOWN_GRACE_SECONDS: '2', LOG_LEVEL: 'warn', QUEUE_LOCK_SECONDS: '30', ...(local ? { STORAGE_URL: 'file:' } : {}) };
  const workerDir = local ? dataDir : makeDataDir('imgc-bench-');
  const api = await startServer({ dataDir, env: { ...env, ROLE: 'api' }, startTimeoutMs: 60_000 });
  const worker = await startServer({ dataDir: workerDir, backingOf: dataDir, env: { ...env, ROLE: 'worker' }, startTimeoutMs: 60_000 });
  return {
    api,
    worker,
    async stop() {
      await worker.kill();
      await api.kill();
      for (const dir of new Set([dataDir, workerDir])) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One batch on a deployment, by a new user (so no round waits behind another's admission). */
async function runRound(index: number, storage: Storage, d: Deployment, images: readonly CorpusImage[]): Promise<Round> {
  const client = await newUser(d.api.url);
  const load = os.loadavg()[0]!;
  const stopSampling = sampleTrees([d.api.process.pid!, d.worker.process.pid!]);
  const start = Date.now();
  const created = await upload(client, images);
  const jobs = await waitForJobs(client, new Set(created.map((j) => j.id)));
  const [peakApiBytes, peakWorkerBytes] = stopSampling();
  const wallMs = Math.max(...jobs.map(completedAtMs)) - start;
  const latencies = jobs.map((j) => completedAtMs(j) - Date.parse(j.createdAt)).sort((a, b) => a - b);
  return {
    index,
    storage,
    jobs: jobs.length,
    failed: jobs.filter((j) => j.status !== 'completed').length,
    wallMs: round(wallMs, 0),
    jobsPerSec: round(jobs.length / (wallMs / 1000), 3),
    p50LatencyMs: round(percentile(latencies, 50), 0),
    p99LatencyMs: round(percentile(latencies, 99), 0),
    peakApiBytes: peakApiBytes!,
    peakWorkerBytes: peakWorkerBytes!,
    load: round(load, 2),
  };
}

/** Each S3 round over the mean of the local rounds just before and after it (the nearest one at the ends). */
export function pairedRatios(rounds: readonly Pick<Round, 'storage' | 'jobsPerSec'>[]): number[] {
  const ratios: number[] = [];
  rounds.forEach((r, i) => {
    if (r.storage !== S3) return;
    const before = rounds.slice(0, i).reverse().find((x) => x.storage === LOCAL);
    const after = rounds.slice(i + 1).find((x) => x.storage === LOCAL);
    const near = [before, after].filter((x) => x !== undefined);
    const local = near.reduce((a, x) => a + x.jobsPerSec, 0) / near.length;
    ratios.push(r.jobsPerSec / local);
  });
  return ratios;
}

/** Median and quartiles (nearest rank). */
const quartiles = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { q1: percentile(sorted, 25), median: percentile(sorted, 50), q3: percentile(sorted, 75) };
};

const worst = (rounds: readonly Round[], storage: Storage, pick: (r: Round) => number) =>
  Math.max(...rounds.filter((r) => r.storage === storage).map(pick));

/** Runs inside the scale-out section, with its PostgreSQL, Redis and gateway. */
export async function measureStorage(ctx: BenchContext): Promise<SectionResult> {
  const log = progress(ctx, 'scaleout');
  const images = fiftyFiles();
  const warm = images.slice(0, 3);
  const loadBefore = os.loadavg()[0]!;
  log('storage: starting a local-disk and an S3 deployment');
  const deployments = new Map<Storage, Deployment>();
  const rounds: Round[] = [];
  try {
    for (const storage of [LOCAL, S3]) {
      const d = await deploy(storage);
      deployments.set(storage, d);
      // The worker loads the codec on its first jobs; warm it before measuring.
      const client = await newUser(d.api.url);
      await waitForJobs(client, new Set((await upload(client, warm)).map((j) => j.id)));
    }
    const order = interleavedOrder(ROUNDS);
    for (const [i, storage] of order.entries()) {
      log(`storage: round ${i + 1}/${order.length}, ${storage}, ${images.length} files`);
      rounds.push(await runRound(i + 1, storage, deployments.get(storage)!, images));
    }
  } finally {
    for (const d of deployments.values()) await d.stop();
    await releaseAll();
  }
  const loadAfter = os.loadavg()[0]!;
  const ratios = pairedRatios(rounds);
  const q = quartiles(ratios);
  const perStorage = (storage: Storage) => {
    const mine = rounds.filter((r) => r.storage === storage);
    return { jobsPerSec: quartiles(mine.map((r) => r.jobsPerSec)), worstP99LatencyMs: worst(rounds, storage, (r) => r.p99LatencyMs), peakApiBytes: worst(rounds, storage, (r) => r.peakApiBytes), peakWorkerBytes: worst(rounds, storage, (r) => r.peakWorkerBytes) };
  };
  const local = perStorage(LOCAL);
  const s3 = perStorage(S3);
  const row = (r: Round) => [r.index, r.storage, r.load.toFixed(2), ms(r.wallMs), r.jobsPerSec.toFixed(3), ms(r.p50LatencyMs), ms(r.p99LatencyMs), mib(r.peakApiBytes), mib(r.peakWorkerBytes), r.failed];
  const markdown = [
    '## Scale-out: local disk against an S3 bucket',
    '',
    `One signed-in user's batch of ${images.length} files (${mib(totalBytes(images))}) in one request, on one API process and one worker ` +
      `process (PostgreSQL, BullMQ/Redis): local disk = both processes on one data directory (\`STORAGE_URL\` unset); S3 = each process on its own ` +
      `directory, files in a bucket on a one-node Ceph RADOS Gateway on this machine (${os.cpus().length} cores; 1-minute load average ` +
      `${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after). Both deployments stay up and their rounds alternate ` +
      `(${interleavedOrder(ROUNDS).map((s) => (s === LOCAL ? 'L' : 'S')).join(',')}), ${ROUNDS} each. Latency: upload accepted to job completed. ` +
      "Peak memory: resident set of each node's processes (the worker's includes its codec processes), sampled every 50 ms during the batch.",
    '',
    table(['round', 'storage', 'load', 'wall', 'jobs/s', 'p50 latency', 'p99 latency', 'peak API node', 'peak worker node', 'failed'], rounds.map(row)),
    '',
    `**S3 throughput ${q.median.toFixed(2)}x local disk's** (median of ${ratios.length} S3 rounds, each over the mean of the local rounds beside it; ` +
      `quartiles ${q.q1.toFixed(2)}-${q.q3.toFixed(2)}; goal: at least 0.85x). Median jobs/s: local ${local.jobsPerSec.median.toFixed(3)}, S3 ${s3.jobsPerSec.median.toFixed(3)}. ` +
      `Worst p99 latency: local ${ms(local.worstP99LatencyMs)}, S3 ${ms(s3.worstP99LatencyMs)}. Peak memory per node with S3: API ${mib(s3.peakApiBytes)}, ` +
      `worker ${mib(s3.peakWorkerBytes)} (local: ${mib(local.peakApiBytes)}, ${mib(local.peakWorkerBytes)}; goal: under 500 MB per node for a 50-file batch).`,
  ].join('\n');
  return {
    markdown,
    json: { images: images.map((i) => i.name), rounds, s3OverLocal: { ratios: ratios.map((r) => round(r, 3)), ...q }, local, s3, loadAverage: { before: loadBefore, after: loadAfter } },
  };
}

/** The storage comparison alone (npm run bench -- scaleout-storage); `scaleout` runs it after the worker comparison. */
export const scaleoutStorage: BenchSection = {
  name: 'scaleout-storage',
  async run(ctx) {
    const stopServices = await provideScaleoutServices(progress(ctx, 'scaleout'));
    try {
      return await measureStorage(ctx);
    } finally {
      await stopServices();
    }
  },
};
