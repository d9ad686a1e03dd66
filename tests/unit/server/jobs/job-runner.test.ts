// JobRunner over a real SQLite database and file store: claiming, recording a result, the retry rules (transient
// faults back off and retry up to MAX_RETRIES, the input's own faults fail at once) and what happens when the
// runner's lease was taken away while the codec worked.
import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobRunner } from '#server/jobs/job-runner';
import { LEASE_MS, retryDelayMs } from '#server/jobs/job-runner';
import { CodecError } from '#server/codec/types';
import { memoryLimitError, timeoutError } from '#server/codec/planning';
import { CodecCrashError, CRASH_MESSAGE } from '#server/sandbox/codec-pool';
import { DEFAULT_BACKGROUND } from '#contract/settings';
import { MAX_RETRIES } from '#contract/limits';
import { capturingLog, HeldCodec, scriptedCodec, until, useJobEnvironments, writeResult } from './harness';

const diskFull = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

describe('JobRunner', () => {
  const { setup } = useJobEnvironments();
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('claim', () => {
    it('takes a pending job once: the row holds the lease, and a second claim gets null', async () => {
      const { clock, jobs, addJob, runnerWith } = await setup();
      const runner = runnerWith(scriptedCodec(writeResult));
      const id = await addJob();

      const token = await runner.claim(id);
      expect(token).toEqual(expect.any(String));
      expect(await runner.claim(id)).toBeNull();

      expect(await jobs.findById(id)).toMatchObject({
        status: 'processing',
        lease_token: token,
        lease_until: clock.t + LEASE_MS,
        started_at: clock.t,
        attempts: 1,
      });
    });

    it('does not take a finished or a missing job', async () => {
      const { addJob, runnerWith } = await setup();
      const runner = runnerWith(scriptedCodec(writeResult));
      const done = await addJob({ status: 'completed' });
      expect(await runner.claim(done)).toBeNull();
      expect(await runner.claim('00000000-0000-4000-8000-000000000000')).toBeNull();
    });

    it('keeps the first start time when a retried job is claimed again', async () => {
      const { clock, jobs, addJob, runnerWith } = await setup();
      const runner = runnerWith(scriptedCodec(() => Promise.reject(diskFull())));
      const id = await addJob();
      const firstStart = clock.t;
      expect(await runner.run(id, (await runner.claim(id))!)).toBe('retry');
      clock.t += 60_000;
      await runner.claim(id);
      expect((await jobs.findById(id))!.started_at).toBe(firstStart);
    });
  });

  describe('a successful compression', () => {
    it('stores the result and the preview under the job, and records the facts on the row', async () => {
      const { clock, jobs, blobs, addJob, runnerWith, tempFiles } = await setup();
      const decision = { winner: 'webp' as const, keptOriginal: false, candidates: [{ format: 'webp' as const, bytes: 5 }], skipped: [] };
      const codec = scriptedCodec((request) =>
        writeResult(request, {
          bytes: Buffer.from('small'),
          format: 'webp',
          width: 32,
          height: 24,
          preview: Buffer.from('preview'),
          flattenedOnto: '#ffffff',
          decision,
          chosenQuality: 63,
          targetMet: false,
        }),
      );
      const runner = runnerWith(codec);
      const id = await addJob();
      const token = (await runner.claim(id))!;
      clock.t += 5000;

      expect(await runner.run(id, token)).toBe('completed');

      expect(fs.readFileSync(blobs.pathOf('result', id), 'utf8')).toBe('small');
      expect(fs.readFileSync(blobs.pathOf('preview', id), 'utf8')).toBe('preview');
      expect(fs.readFileSync(blobs.pathOf('original', id), 'utf8')).toBe(`original of ${id}`);
      expect(tempFiles()).toEqual([]);
      expect(await jobs.findById(id)).toMatchObject({
        status: 'completed',
        compressed_size: 5,
        compressed_width: 32,
        compressed_height: 24,
        original_width: 640,
        original_height: 480,
        output_mime_type: 'image/webp',
        flattened_onto: '#ffffff',
        format_decision: JSON.stringify(decision),
        chosen_quality: 63,
        target_met: 0,
        completed_at: clock.t,
        error: null,
        lease_token: null,
        lease_until: null,
      });
    });

    it('drops an unwritten preview and records no format decision when the codec made none', async () => {
      const { jobs, blobs, addJob, runnerWith, tempFiles } = await setup();
      const runner = runnerWith(scriptedCodec((request) => writeResult(request, { format: 'jpeg', chosenQuality: null, targetMet: true })));
      const id = await addJob();
      expect(await runner.run(id, (await runner.claim(id))!)).toBe('completed');
      expect(await blobs.size('preview', id)).toBeNull();
      expect(tempFiles()).toEqual([]);
      expect(await jobs.findById(id)).toMatchObject({ output_mime_type: 'image/jpeg', format_decision: null, flattened_onto: null, chosen_quality: null, target_met: 1 });
    });

    it('gives the codec the stored original and the settings the row holds', async () => {
      const { blobs, addJob, runnerWith } = await setup();
      const codec = scriptedCodec(writeResult);
      const runner = runnerWith(codec);
      const sizeControl = { mode: 'size', targetSize: 30_000, allowResize: true, maxWidth: 1200, maxHeight: 900, metadata: 'keep-all' } as const;
      const auto = await addJob({
        quality: 55,
        output_format: 'auto',
        candidate_formats: 'webp,bmp,png',
        background: '#102030',
        mode: 'size',
        target_size: 30_000,
        allow_resize: 1,
        max_width: 1200,
        max_height: 900,
        metadata: 'keep-all',
        input_header: JSON.stringify({ format: 'png', pixels: 12, width: 4, height: 3 }),
      });
      await runner.run(auto, (await runner.claim(auto))!);

      // The one settings value, whole; the pool sets the limits from it (codec-pool.test.ts).
      expect(codec.requests[0]).toEqual({
        inputPath: blobs.pathOf('original', auto),
        outputPath: expect.stringMatching(/\.part$/),
        previewPath: expect.stringMatching(/\.part$/),
        inputFormat: 'png',
        // The header read at intake: the pool plans from it without reading the file again.
        inputHeader: { format: 'png', pixels: 12, width: 4, height: 3 },
        // Which job the codec process's log line is about.
        trace: { jobId: auto },
        settings: {
          quality: 55,
          format: 'auto',
          // Unknown names in the stored list are ignored rather than passed on.
          formats: ['webp', 'png'],
          background: '#102030',
          ...sizeControl,
        },
      });
      expect(codec.requests[0]!.outputPath).not.toBe(codec.requests[0]!.previewPath);
    });

    it('falls back to the input format for an unknown output format, and to every candidate for an empty list; plans a GIF as its WebP', async () => {
      const { jobs, addJob, runnerWith } = await setup();
      const codec = scriptedCodec(writeResult);
      const runner = runnerWith(codec);
      const odd = await addJob({ output_format: 'bmp', mime_type: 'image/avif', background: null });
      const empty = await addJob({ output_format: 'auto', candidate_formats: 'gif', mime_type: 'image/gif' });
      await runner.run(odd, (await runner.claim(odd))!);
      await runner.run(empty, (await runner.claim(empty))!);

      expect(codec.requests[0]).toMatchObject({ inputFormat: 'avif' });
      // No header recorded (a job older than the record): the pool reads the file itself.
      expect(codec.requests[0]!.inputHeader).toBeUndefined();
      // A row's unset settings reach the codec as the contract's defaults or absent, never as nulls.
      expect(codec.requests[0]!.settings).toEqual({
        quality: 80,
        format: 'original',
        formats: undefined,
        background: DEFAULT_BACKGROUND,
        mode: 'quality',
        targetSize: undefined,
        allowResize: false,
        maxWidth: undefined,
        maxHeight: undefined,
        metadata: 'strip',
      });
      // A GIF's `original` is the animated WebP it becomes: its time and memory are planned for that (not a JPEG's).
      expect(codec.requests[1]).toMatchObject({ inputFormat: 'webp', settings: { format: 'auto', formats: undefined } });
      // No size target was asked for, so none was met or missed.
      expect(await jobs.findById(odd)).toMatchObject({ status: 'completed', chosen_quality: 80, target_met: null });
    });
  });

  describe('failures', () => {
    it('retries a transient fault with growing backoff, then fails the job after MAX_RETRIES retries', async () => {
      const { clock, jobs, blobs, addJob } = await setup();
      const codec = scriptedCodec(() => Promise.reject(diskFull()));
      const { log, lines } = capturingLog();
      const runner = new JobRunner(jobs, blobs, codec, clock, log);
      const id = await addJob();

      for (let attempt = 1; attempt <= MAX_RETRIES; attempt++) {
        expect(await runner.run(id, (await runner.claim(id))!)).toBe('retry');
        expect(await jobs.findById(id)).toMatchObject({
          status: 'pending',
          attempts: attempt,
          available_at: clock.t + retryDelayMs(attempt),
          error: 'The server is out of storage space right now; please try again later.',
          lease_token: null,
        });
        clock.t += retryDelayMs(attempt);
      }
      expect([1, 2, 3].map(retryDelayMs)).toEqual([1000, 4000, 16_000]);

      expect(await runner.run(id, (await runner.claim(id))!)).toBe('failed');
      expect(codec.requests).toHaveLength(MAX_RETRIES + 1);
      // Operators see each retry as a warning and the final failure as an error, with the job and its cause.
      expect(lines.map((l) => [l.level, l.msg, l.jobId, l.attempts, (l.err as { code?: string } | undefined)?.code])).toEqual([
        [40, 'job failed, will retry', id, 1, 'ENOSPC'],
        [40, 'job failed, will retry', id, 2, 'ENOSPC'],
        [40, 'job failed, will retry', id, 3, 'ENOSPC'],
        [50, 'job failed after retries', id, 4, 'ENOSPC'],
      ]);
      expect(await jobs.findById(id)).toMatchObject({
        status: 'error',
        attempts: MAX_RETRIES + 1,
        completed_at: clock.t,
        error: `Compression failed after ${MAX_RETRIES + 1} attempts: The server is out of storage space right now; please try again later.`,
        lease_token: null,
      });
    });

    it('ends a poison job (the codec process dies on it every time) as failed, with the crash in its message', async () => {
      const { jobs, addJob, runnerWith, tempFiles } = await setup();
      const runner = runnerWith(
        scriptedCodec((request) => {
          // A dying process may leave a partial output behind; the runner must not keep it.
          fs.writeFileSync(request.outputPath, 'partial');
          throw new CodecCrashError('SIGKILL');
        }),
      );
      const id = await addJob();
      const outcomes = [];
      for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) outcomes.push(await runner.run(id, (await runner.claim(id))!));

      expect(outcomes).toEqual([...Array<string>(MAX_RETRIES).fill('retry'), 'failed']);
      expect(await jobs.findById(id)).toMatchObject({ status: 'error', error: `Compression failed after ${MAX_RETRIES + 1} attempts: ${CRASH_MESSAGE}` });
      expect(tempFiles()).toEqual([]);
    });

    it('fails at once, without retrying, when the input itself is at fault', async () => {
      const { jobs, addJob, runnerWith } = await setup();
      const codec = scriptedCodec(() => Promise.reject(new CodecError('corrupt', 'This image file is damaged')));
      const runner = runnerWith(codec);
      const id = await addJob();

      expect(await runner.run(id, (await runner.claim(id))!)).toBe('failed');
      expect(codec.requests).toHaveLength(1);
      expect(await jobs.findById(id)).toMatchObject({ status: 'error', attempts: 1, error: 'This image file is damaged' });
    });

    it.each([
      ['a time-out', () => timeoutError(30)],
      ['a memory refusal', () => memoryLimitError(1024 ** 3)],
    ])('fails at once on %s: a second run would take as long and end the same way', async (_, error) => {
      const { jobs, addJob, runnerWith } = await setup();
      const codec = scriptedCodec(() => Promise.reject(error()));
      const runner = runnerWith(codec);
      const id = await addJob();
      expect(await runner.run(id, (await runner.claim(id))!)).toBe('failed');
      expect(codec.requests).toHaveLength(1);
      expect(await jobs.findById(id)).toMatchObject({ status: 'error', attempts: 1, error: error().message });
    });

    it('does not show an unexpected error to the user', async () => {
      const { jobs, addJob, runnerWith } = await setup();
      const runner = runnerWith(scriptedCodec(() => Promise.reject(new TypeError('x is not a function'))));
      const id = await addJob();
      expect(await runner.run(id, (await runner.claim(id))!)).toBe('retry');
      expect((await jobs.findById(id))!.error).toBe('An unexpected error occurred while compressing');
    });

    it('retries a missing-file error while the job still exists', async () => {
      const { jobs, addJob, runnerWith } = await setup();
      const enoent = Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' });
      const runner = runnerWith(scriptedCodec(() => Promise.reject(enoent)));
      const id = await addJob();
      expect(await runner.run(id, (await runner.claim(id))!)).toBe('retry');
      expect((await jobs.findById(id))!.status).toBe('pending');
    });
  });

  describe('lease loss', () => {
    it('does not run a job whose lease it does not hold', async () => {
      const { jobs, addJob, runnerWith } = await setup();
      const codec = scriptedCodec(writeResult);
      const runner = runnerWith(codec);
      const id = await addJob();
      const token = (await runner.claim(id))!;

      expect(await runner.run(id, 'someone-else')).toBe('lost');
      expect(await runner.run('00000000-0000-4000-8000-000000000000', token)).toBe('lost');
      expect(codec.requests).toEqual([]);
      expect((await jobs.findById(id))!.lease_token).toBe(token);
    });

    it('leaves the row and the files to the worker that took it over while the codec ran', async () => {
      const { clock, jobs, blobs, addJob, runnerWith, tempFiles } = await setup();
      const codec = new HeldCodec();
      const runner = runnerWith(codec);
      const id = await addJob();
      const token = (await runner.claim(id))!;
      const run = runner.run(id, token);
      await codec.startedJob(id);

      // The lease lapsed (a stalled heartbeat) and another worker took the row.
      await jobs.requeueInterrupted(clock.t + LEASE_MS + 1, true);
      expect(await jobs.claim(id, 'other-lease', clock.t + 2 * LEASE_MS, clock.t)).toBe(true);
      codec.finish(id, { preview: Buffer.from('stale preview') });

      expect(await run).toBe('lost');
      expect(await jobs.findById(id)).toMatchObject({ status: 'processing', lease_token: 'other-lease', compressed_size: null, completed_at: null });
      // The worker that holds the row now still needs the original, and the files are its to write: the late
      // runner's result would not match a re-tuned row's settings.
      expect(await blobs.size('original', id)).not.toBeNull();
      expect(await blobs.size('result', id)).toBeNull();
      expect(await blobs.size('preview', id)).toBeNull();
      expect(tempFiles()).toEqual([]);
    });

    it('leaves no file behind for a job deleted while the codec ran', async () => {
      const { jobs, blobs, addJob, runnerWith, tempFiles } = await setup();
      const codec = new HeldCodec();
      const runner = runnerWith(codec);
      const id = await addJob();
      const run = runner.run(id, (await runner.claim(id))!);
      await codec.startedJob(id);

      // What JobService.remove does: the row, then the files.
      expect(await jobs.deleteOwned(id, 'owner')).toBe(true);
      await blobs.remove(id);
      codec.finish(id, { preview: Buffer.from('preview') });

      expect(await run).toBe('lost');
      for (const kind of ['original', 'result', 'preview'] as const) expect(await blobs.size(kind, id)).toBeNull();
      expect(tempFiles()).toEqual([]);
    });

    it('reports a failure it could not record as lost instead of failing a row it no longer holds', async () => {
      const { jobs, addJob, runnerWith } = await setup();
      const codec = new HeldCodec();
      const runner = runnerWith(codec);
      const permanent = await addJob();
      const transient = await addJob();
      const lastAttempt = await addJob({ attempts: MAX_RETRIES });
      const all = [permanent, transient, lastAttempt];
      const runs = all.map(async (id) => runner.run(id, (await runner.claim(id))!));
      await codec.until(() => codec.active.size === all.length);

      await jobs.requeueInterrupted(Number.MAX_SAFE_INTEGER, false);
      for (const id of all) await jobs.claim(id, 'other-lease', Number.MAX_SAFE_INTEGER, 0);
      codec.fail(permanent, new CodecError('corrupt', 'damaged'));
      codec.fail(transient, diskFull());
      codec.fail(lastAttempt, diskFull());

      expect(await Promise.all(runs)).toEqual(['lost', 'lost', 'lost']);
      for (const id of all) {
        expect(await jobs.findById(id)).toMatchObject({ status: 'processing', lease_token: 'other-lease', error: null });
      }
    });

    it('reports a missing original of a deleted job as lost, not as a fault to retry', async () => {
      const { clock, jobs, blobs, addJob } = await setup();
      const codec = new HeldCodec();
      const { log, lines } = capturingLog();
      const runner = new JobRunner(jobs, blobs, codec, clock, log);
      const id = await addJob();
      const run = runner.run(id, (await runner.claim(id))!);
      await codec.startedJob(id);
      await jobs.deleteOwned(id, 'owner');
      await blobs.remove(id);
      codec.fail(id, Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' }));
      expect(await run).toBe('lost');
      // A deletion is not a failure: nothing is logged as one.
      expect(lines).toEqual([]);
    });
  });

  describe('heartbeat', () => {
    it('renews the lease while the codec works, and stops renewing when the run ends', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const { clock, jobs, addJob, runnerWith } = await setup();
      const codec = new HeldCodec();
      const runner = runnerWith(codec);
      const id = await addJob();
      const run = runner.run(id, (await runner.claim(id))!);
      await codec.startedJob(id);

      clock.t += 50_000;
      vi.advanceTimersByTime(20_000);
      await until(async () => (await jobs.findById(id))!.lease_until === clock.t + LEASE_MS);

      codec.finish(id);
      expect(await run).toBe('completed');
      expect(vi.getTimerCount()).toBe(0);
    });
  });
});
