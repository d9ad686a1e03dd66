// Polling helpers for job tests: wait on observable API state, never on fixed sleeps.
import { SCALEOUT, existingBacking } from './scaleout-backing';
import { listObjects } from './test-bucket';
import fs from 'node:fs';
import path from 'node:path';
import type { Job } from '#contract/api';
import type { HttpClient } from './http-client';

export async function listJobs(client: HttpClient): Promise<Job[]> {
  const res = await client.get('/api/jobs');
  if (res.status !== 200) throw new Error(`GET /api/jobs -> ${res.status}`);
  return (await res.json()) as Job[];
}

export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until no job of this client is pending or processing; returns the final list. */
export function waitForSettled(client: HttpClient, timeoutMs = 90_000): Promise<Job[]> {
  return waitFor(
    async () => {
      const jobs = await listJobs(client);
      return jobs.every((j) => j.status === 'completed' || j.status === 'error') ? jobs : undefined;
    },
    timeoutMs,
    'jobs to settle',
  );
}

/**
 * Every stored file of a data directory's server: the objects in its bucket (scale-out) or the files under its blob
 * folders, plus its temp/scratch files as `tmp/<name>`.
 */
export async function storedFiles(dataDir: string): Promise<string[]> {
  const bucket = SCALEOUT ? (await existingBacking(dataDir))?.bucket : undefined;
  const root = path.join(dataDir, 'files');
  const out: string[] = [];
  if (bucket) {
    out.push(...(await listObjects(bucket)).keys());
    // Each process's scratch folder: scratch/<pid>/<file>.
    const scratch = path.join(dataDir, 'scratch');
    if (fs.existsSync(scratch)) for (const d of fs.readdirSync(scratch)) for (const f of fs.readdirSync(path.join(scratch, d))) out.push(`tmp/${f}`);
    return out.sort();
  }
  for (const kind of ['original', 'result', 'preview', 'tmp']) {
    const dir = path.join(root, kind);
    if (fs.existsSync(dir)) for (const f of fs.readdirSync(dir)) out.push(`${kind}/${f}`);
  }
  return out.sort();
}
