// Scale-out on local disk against scale-out on an S3 bucket (the Ceph RADOS Gateway the scale-out services provide),
// on the same 50-file batch in one run: jobs per second, p99 job latency (upload accepted to completed), and the peak
// memory of each node (the API process; the worker process with its codec processes). Local disk runs before and
// after the S3 run; the S3 figures are compared with their mean, which cancels a steady drift in the machine's load.
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

type Storage = 'local disk' | 'S3 (Ceph RGW)';

interface StorageRun {
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
}

/** The process and its descendants (the worker's codec processes). */
function treePids(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      for (const task of fs.readdirSync(`/proc/${out[i]}/task`)) {
        const children = fs.readFileSync(`/proc/${out[i]}/task/${task}/children`, 'utf8').trim();
        if (children) out.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

function treeRss(pid: number): number {
  let total = 0;
  for (const p of treePids(pid)) {
    try {
      total += readMemory(p).rss;
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

/** Samples the process trees' RSS every 50 ms until stopped; returns each tree's peak. */
function sampleTrees(pids: number[]): () => number[] {
  const peaks = pids.map(() => 0);
  const timer = setInterval(() => pids.forEach((pid, i) => (peaks[i] = Math.max(peaks[i]!, treeRss(pid)))), 50);
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

/** One API process and one worker process: sharing a data directory (local disk) or each with its own (S3). */
async function deploy(storage: Storage): Promise<{ api: TestServer; worker: TestServer; stop(): Promise<void> }> {
  const dataDir = makeDataDir('imgc-bench-');
  const backing = await backingFor(dataDir);
  const local = storage === 'local disk';
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
      await releaseAll();
    },
  };
}

async function measure(storage: Storage, images: readonly CorpusImage[], warm: readonly CorpusImage[]): Promise<StorageRun> {
  const d = await deploy(storage);
  try {
    const client = await newUser(d.api.url);
    // The worker loads the codec on its first jobs; warm it before measuring.
    await waitForJobs(client, new Set((await upload(client, warm)).map((j) => j.id)));
    const stopSampling = sampleTrees([d.api.process.pid!, d.worker.process.pid!]);
    const start = Date.now();
    const created = await upload(client, images);
    const jobs = await waitForJobs(client, new Set(created.map((j) => j.id)));
    const [peakApiBytes, peakWorkerBytes] = stopSampling();
    const wallMs = Math.max(...jobs.map(completedAtMs)) - start;
    const latencies = jobs.map((j) => completedAtMs(j) - Date.parse(j.createdAt)).sort((a, b) => a - b);
    return {
      storage,
      jobs: jobs.length,
      failed: jobs.filter((j) => j.status !== 'completed').length,
      wallMs: round(wallMs, 0),
      jobsPerSec: round(jobs.length / (wallMs / 1000), 3),
      p50LatencyMs: round(percentile(latencies, 50), 0),
      p99LatencyMs: round(percentile(latencies, 99), 0),
      peakApiBytes: peakApiBytes!,
      peakWorkerBytes: peakWorkerBytes!,
    };
  } finally {
    await d.stop();
  }
}

/** Runs inside the scale-out section, with its PostgreSQL, Redis and gateway. */
export async function measureStorage(ctx: BenchContext): Promise<SectionResult> {
  const log = progress(ctx, 'scaleout');
  const images = fiftyFiles();
  const warm = images.slice(0, 3);
  const loadBefore = os.loadavg()[0]!;
  log(`storage: local disk, ${images.length} files`);
  const before = await measure('local disk', images, warm);
  log(`storage: S3, ${images.length} files`);
  const s3 = await measure('S3 (Ceph RGW)', images, warm);
  log(`storage: local disk again, ${images.length} files`);
  const after = await measure('local disk', images, warm);
  const loadAfter = os.loadavg()[0]!;
  const localPerSec = (before.jobsPerSec + after.jobsPerSec) / 2;
  const ratio = round(s3.jobsPerSec / localPerSec, 3);
  const row = (r: StorageRun) => [
    r.storage,
    r.jobs,
    ms(r.wallMs),
    r.jobsPerSec.toFixed(3),
    ms(r.p50LatencyMs),
    ms(r.p99LatencyMs),
    mib(r.peakApiBytes),
    mib(r.peakWorkerBytes),
    r.failed,
  ];
  const markdown = [
    '## Scale-out: local disk against an S3 bucket',
    '',
    `One signed-in user's batch of ${images.length} files (${mib(totalBytes(images))}) in one request, on one API process and one worker ` +
      `process (PostgreSQL, BullMQ/Redis): local disk = both processes on one data directory (\`STORAGE_URL\` unset); S3 = each process on its own ` +
      `directory, files in a bucket on a one-node Ceph RADOS Gateway on this machine (${os.cpus().length} cores; 1-minute load average ` +
      `${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after). Latency: upload accepted to job completed. Peak memory: resident set of ` +
      "each node's processes (the worker's includes its codec processes), sampled every 50 ms during the batch.",
    '',
    table(['storage', 'jobs', 'wall', 'jobs/s', 'p50 latency', 'p99 latency', 'peak API node', 'peak worker node', 'failed'], [row(before), row(s3), row(after)]),
    '',
    `**S3 throughput ${ratio.toFixed(2)}x local disk's** (goal: at least 0.85x); peak memory per node with S3: API ${mib(s3.peakApiBytes)}, ` +
      `worker ${mib(s3.peakWorkerBytes)} (goal: under 500 MB per node for a 50-file batch).`,
  ].join('\n');
  return { markdown, json: { images: images.map((i) => i.name), runs: { localBefore: before, s3, localAfter: after }, s3OverLocal: ratio, loadAverage: { before: loadBefore, after: loadAfter } } };
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
