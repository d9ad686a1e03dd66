// "Every job completed exactly once", checked on what users get rather than on row ids: each job's download is
// hashed and compared with the codec's output for the job's own input, computed here (the codec is deterministic:
// same bytes and options, same result), and the result files on disk are counted and hashed too. A job that ran on
// another job's input, a result overwritten by a second run of another job, a lost or extra result all show up.
import { SCALEOUT, existingBacking } from './scaleout-backing';
import { getObject, listObjects } from './test-bucket';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Job } from '#contract/api';
import { compress } from '#server/codec/index';
import type { HttpClient, UploadFile } from './http-client';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** What the codec makes of one upload with a job's options (memoised: batches repeat inputs). */
const expected = new Map<string, Promise<string>>();
function expectedHash(input: Buffer, quality: number, type: Job['compressionType']): Promise<string> {
  const key = `${sha256(input)}:${quality}:${type}`;
  let hash = expected.get(key);
  if (!hash) {
    hash = compress(input, { quality }).then((r) => sha256(r.data));
    expected.set(key, hash);
  }
  return hash;
}

/**
 * `uploads` are one client's files as uploaded (their names are the jobs' filenames, each name used once). Checks
 * that there is one completed job per upload and that downloading each gives exactly the codec's output for that
 * upload. Returns each job's result hash, for `expectStoredResults`.
 */
export async function expectDownloadsMatchUploads(client: HttpClient, jobs: Job[], uploads: UploadFile[]): Promise<Map<string, string>> {
  const byName = new Map(uploads.map((u) => [u.name, u]));
  expect(byName.size, 'upload names must be unique').toBe(uploads.length);
  expect(jobs.map((j) => j.filename).sort()).toEqual([...byName.keys()].sort());
  expect(jobs.filter((j) => j.status !== 'completed').map((j) => `${j.filename}: ${j.status} ${j.error ?? ''}`)).toEqual([]);

  const downloaded = new Map<string, string>();
  for (const job of jobs) {
    const res = await client.get(job.compressedPath!);
    expect(res.status, job.filename).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length, job.filename).toBe(job.compressedSize);
    const hash = sha256(bytes);
    expect(hash, `${job.filename}: the download is not the codec's output for this upload`).toBe(
      await expectedHash(byName.get(job.filename)!.data, job.compressionQuality, job.compressionType),
    );
    downloaded.set(job.id, hash);
  }
  return downloaded;
}

/** The store holds one result per job (no leftovers of an interrupted run), each the downloaded bytes. */
export async function expectStoredResults(dataDir: string, downloaded: Map<string, string>): Promise<void> {
  const bucket = SCALEOUT ? (await existingBacking(dataDir))?.bucket : undefined;
  const read = bucket
    ? async (id: string) => getObject(bucket, `result/${id}`)
    : async (id: string) => fs.readFileSync(path.join(dataDir, 'files', 'result', id));
  const stored = bucket
    ? [...(await listObjects(bucket)).keys()].filter((k) => k.startsWith('result/')).map((k) => k.slice('result/'.length))
    : fs.readdirSync(path.join(dataDir, 'files', 'result'));
  expect(stored.sort()).toEqual([...downloaded.keys()].sort());
  for (const id of stored) expect(sha256(await read(id)), id).toBe(downloaded.get(id));
}
