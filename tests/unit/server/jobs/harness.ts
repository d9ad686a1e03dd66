// The job layer over a real SQLite database and a real file store, in a temp directory each test removes again.
// The codec is the outside edge: a FileCompressor the test scripts (answer, fail, crash, or hold until released).
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { useTempDatabases, type MovableClock } from '../../../support/temp-database';
import { JobRepository, type CompletionFacts } from '#server/jobs/job-repository';
import { JobRunner } from '#server/jobs/job-runner';
import type { BlobStore } from '#server/storage/blob-store';
import { createBlobStore } from '#server/storage/create-store';
import type { NewJob } from '#server/db/schema';
import type { CodecOutcome, CodecRequest, FileCompressor } from '#server/sandbox/protocol';
import type { ImageFormat } from '#contract/settings';

export const silentLog = pino({ level: 'silent' });

/** A pino logger whose lines the test reads back, for code whose only output is what it logs. */
export function capturingLog() {
  const lines: { level: number; msg: string; [field: string]: unknown }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines, messages: () => lines.map((l) => l.msg) };
}

export type { MovableClock } from '../../../support/temp-database';

/** Registers cleanup of every environment made in a test file; call once at the top of a describe. */
export function useJobEnvironments() {
  const databases = useTempDatabases('jobs-');
  return {
    cleanups: databases.cleanups,
    async setup() {
      const { dir, clock, db } = await databases.setup();
      const blobs = await createBlobStore({ kind: 'file' }, dir, path.join(dir, 'files'));
      const jobs = new JobRepository(db);
      const env = { dir, clock, db, blobs, jobs };
      return {
        ...env,
        addJob: (fields: Partial<NewJob> = {}) => addJob(env, fields),
        runnerWith: (codec: FileCompressor) => new JobRunner(jobs, blobs, codec, clock, silentLog),
        tempFiles: () => fs.readdirSync(path.join(dir, 'files', 'tmp')),
      };
    },
  };
}

/** Stores an original and a pending row for it (created now, due now), like an accepted upload. */
async function addJob(env: { clock: MovableClock; blobs: BlobStore; jobs: JobRepository }, fields: Partial<NewJob>): Promise<string> {
  const id = fields.id ?? randomUUID();
  const now = env.clock.now();
  const temp = env.blobs.tempPath();
  fs.writeFileSync(temp, `original of ${id}`);
  await env.blobs.commit(temp, 'original', id);
  await env.jobs.insertMany([
    {
      id,
      owner_id: 'owner',
      filename: 'photo.png',
      mime_type: 'image/png',
      status: 'pending',
      original_size: 1000,
      compressed_size: null,
      original_width: null,
      original_height: null,
      compressed_width: null,
      compressed_height: null,
      quality: 80,
      compression_type: 'web',
      error: null,
      available_at: now,
      lease_until: null,
      lease_token: null,
      created_at: now,
      started_at: null,
      completed_at: null,
      expires_at: now + 24 * 3600_000,
      ...fields,
    },
  ]);
  return id;
}

/** The job a codec request is for: the runner hands the codec the stored original, whose file name is the job id. */
export const jobIdOf = (request: CodecRequest) => path.basename(request.inputPath);

export interface ResultSpec {
  bytes?: Buffer;
  format?: ImageFormat;
  width?: number;
  height?: number;
  preview?: Buffer;
  flattenedOnto?: string | null;
  decision?: CodecOutcome['decision'];
  chosenQuality?: number | null;
  targetMet?: boolean | null;
  perceptualScore?: number | null;
}

/** What a real codec process does on success: writes the result (and maybe the preview) and reports its facts. */
export function writeResult(request: CodecRequest, spec: ResultSpec = {}): CodecOutcome {
  const bytes = spec.bytes ?? Buffer.from(`result of ${jobIdOf(request)}`);
  fs.writeFileSync(request.outputPath, bytes);
  if (spec.preview && request.previewPath) fs.writeFileSync(request.previewPath, spec.preview);
  const format = spec.format ?? 'webp';
  return {
    input: { format: 'png', bytes: 1000, width: 640, height: 480 },
    output: { format, bytes: bytes.length, width: spec.width ?? 320, height: spec.height ?? 240 },
    keptOriginal: false,
    flattenedOnto: spec.flattenedOnto ?? null,
    decision: spec.decision ?? null,
    previewWritten: !!spec.preview,
    chosenQuality: spec.chosenQuality === undefined ? 80 : spec.chosenQuality,
    targetMet: spec.targetMet ?? null,
    perceptualScore: spec.perceptualScore ?? null,
  };
}

/** What a finished run records, for tests that put a row into the completed state directly. */
export const someCompletion: CompletionFacts = {
  compressedSize: 1,
  compressedWidth: 1,
  compressedHeight: 1,
  originalWidth: 1,
  originalHeight: 1,
  outputMimeType: 'image/png',
  flattenedOnto: null,
  formatDecision: null,
  chosenQuality: null,
  targetMet: null,
  perceptualScore: null,
};

/** A codec that answers each request with whatever the test's function does. */
export function scriptedCodec(answer: (request: CodecRequest) => CodecOutcome | Promise<CodecOutcome>) {
  const requests: CodecRequest[] = [];
  const codec: FileCompressor & { requests: CodecRequest[] } = {
    requests,
    async compressFile(request) {
      requests.push(request);
      return answer(request);
    },
  };
  return codec;
}

interface HeldCall {
  request: CodecRequest;
  settle: (how: { result: ResultSpec } | { error: unknown }) => void;
}

/**
 * A codec whose every compression waits until the test releases it, so a test sees exactly which jobs are running
 * at each moment. Waiting is on events (a compression starting), never on time.
 */
export class HeldCodec implements FileCompressor {
  /** Jobs whose compression has started and not been released, by job id. */
  readonly active = new Map<string, HeldCall>();
  /** Every job id in the order its compression started (a retried job appears once per attempt). */
  readonly started: string[] = [];
  peakActive = 0;
  private readonly listeners = new Set<() => void>();

  compressFile(request: CodecRequest): Promise<CodecOutcome> {
    const jobId = jobIdOf(request);
    return new Promise<CodecOutcome>((resolve, reject) => {
      this.active.set(jobId, {
        request,
        settle: (how) => {
          this.active.delete(jobId);
          if ('error' in how) reject(how.error);
          else resolve(writeResult(request, how.result));
        },
      });
      this.started.push(jobId);
      this.peakActive = Math.max(this.peakActive, this.active.size);
      for (const listener of [...this.listeners]) listener();
    });
  }

  /** Resolves once `check` holds, re-checked whenever a compression starts. */
  until(check: () => boolean): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve) => {
      const listener = () => {
        if (!check()) return;
        this.listeners.delete(listener);
        resolve();
      };
      this.listeners.add(listener);
    });
  }

  /** Resolves once this job's compression has started (again, if it ran before: `attempt` counts from 1). */
  startedJob(jobId: string, attempt = 1): Promise<void> {
    return this.until(() => this.started.filter((id) => id === jobId).length >= attempt && this.active.has(jobId));
  }

  finish(jobId: string, result: ResultSpec = {}): void {
    this.callOf(jobId).settle({ result });
  }

  fail(jobId: string, error: unknown): void {
    this.callOf(jobId).settle({ error });
  }

  private callOf(jobId: string): HeldCall {
    const call = this.active.get(jobId);
    if (!call) throw new Error(`no compression of ${jobId} is running`);
    return call;
  }
}

/** Waits for a state the code reaches through several promise turns (a row being written), yielding between checks. */
export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setImmediate(resolve));
}
