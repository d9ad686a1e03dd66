// JobService over a real database, file store and embedded queue: uploads become stored originals and pending rows
// that start compressing, and every read or removal is scoped to the caller (another owner's job is "not found").
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobService, RETENTION_MS } from '#server/jobs/job-service';
import { InProcessQueue } from '#server/jobs/in-process-queue';
import { AdmissionRepository } from '#server/jobs/admission-repository';
import { AdmissionControl, type AdmissionLimits } from '#server/jobs/admission';
import { FairUse } from '#server/fair-use/fair-use';
import { UsageRepository } from '#server/db/usage-repository';
import { toJobJson } from '#server/jobs/job-json';
import { DomainError } from '#server/errors';
import { STATUS_OF } from '#server/http/error-status';
import { settingsInputOf } from '#server/jobs/job-settings';
import type { JobRow } from '#server/db/schema';
import { compressSettingsSchema } from '#contract/settings-schema';
import { RETENTION_HOURS } from '#contract/limits';
import { HeldCodec, silentLog, someCompletion, useJobEnvironments } from './harness';
import { corpusPath } from '../../../support/paths';

const MIN = 60_000;
const ROOMY: AdmissionLimits = { perOwner: 10, perGuestAddress: 10, total: 10 };
const FAIR_USE = { requestsPerMinutePerKey: 100, requestsPerMinutePerUser: 100, imagesPerMonthPerKey: 100, imagesPerMonthPerUser: 100 };

describe('JobService', () => {
  const { setup: setupEnv, cleanups } = useJobEnvironments();
  // The queue's tick is faked, so a job starts only because the service woke the queue.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function setup() {
    const env = await setupEnv();
    const codec = new HeldCodec();
    const queue = new InProcessQueue(env.jobs, env.runnerWith(codec), env.clock, silentLog, 3);
    cleanups.push(() => queue.stop(0));
    const fairUse = new FairUse(new UsageRepository(env.db), env.clock, FAIR_USE);
    /** The service over the real admission control, with these ceilings (or one that runs `meanwhile` first). */
    const serviceWith = (admission: AdmissionControl) => new JobService(env.jobs, env.blobs, queue, env.clock, admission, fairUse);
    const admissionWith = (limits: AdmissionLimits) => new AdmissionControl(new AdmissionRepository(env.db), limits);
    const service = serviceWith(admissionWith(ROOMY));
    /** A file as the upload route leaves it: received into a temp file, checked, not yet stored. */
    const received = (content: string, filename = 'photo.png') => {
      const tempFile = env.blobs.tempPath();
      fs.writeFileSync(tempFile, content);
      return { tempFile, filename, size: content.length, mimeType: 'image/png' };
    };
    const settings = (input: Record<string, string> = {}) => compressSettingsSchema.parse(input);
    const uploadAs = async (ownerId: string, count = 1) => {
      const rows = await service.createJobs(
        { ownerId, guestAddress: null },
        Array.from({ length: count }, (_, i) => received(`${ownerId} file ${i}`)),
        settings(),
      );
      return rows.map((r) => r.id);
    };
    const files = (id: string) => Promise.all((['original', 'result', 'preview'] as const).map((kind) => env.blobs.size(kind, id)));
    return { ...env, codec, queue, service, serviceWith, admissionWith, received, settings, uploadAs, files };
  }

  describe('createJobs', () => {
    it('stores each upload as the original of a new pending job, in upload order, and queues them', async () => {
      const { clock, blobs, codec, queue, service, received, settings, tempFiles } = await setup();
      await queue.startWorking();
      const uploads = [received('first', 'a.png'), received('second', 'b.png')];

      const rows = await service.createJobs(
        { ownerId: 'guest-1', guestAddress: '10.0.0.7' },
        uploads,
        settings({ quality: '55', format: 'auto', formats: 'png,webp', background: '#000' }),
      );

      expect(rows.map((r) => r.filename)).toEqual(['a.png', 'b.png']);
      expect(rows[0]).toMatchObject({
        owner_id: 'guest-1',
        guest_address: '10.0.0.7',
        mime_type: 'image/png',
        original_size: 5,
        quality: 55,
        output_format: 'auto',
        candidate_formats: 'png,webp',
        background: '#000000',
        compressed_size: null,
        error: null,
        available_at: clock.t,
        created_at: clock.t,
        expires_at: clock.t + RETENTION_MS,
      });
      // One millisecond apart, so "newest first" is stable within a batch.
      expect(rows[1]).toMatchObject({ created_at: clock.t + 1, expires_at: clock.t + 1 + RETENTION_MS });
      expect(fs.readFileSync(blobs.pathOf('original', rows[1]!.id), 'utf8')).toBe('second');
      expect(tempFiles()).toEqual([]);
      expect(new Set(rows.map((r) => r.id)).size).toBe(2);

      await codec.startedJob(rows[0]!.id);
      await codec.startedJob(rows[1]!.id);
    });

    it('keeps 24 hours of retention', () => {
      expect(RETENTION_MS).toBe(RETENTION_HOURS * 3600_000);
      expect(RETENTION_HOURS).toBe(24);
    });

    it('stores candidate formats only for Auto', async () => {
      const { service, received, settings } = await setup();
      const owner = { ownerId: 'u', guestAddress: null };
      const [fixed] = await service.createJobs(owner, [received('x')], settings({ format: 'webp', formats: 'png' }));
      const [autoAll] = await service.createJobs(owner, [received('y')], settings({ format: 'auto' }));
      expect(fixed).toMatchObject({ output_format: 'webp', candidate_formats: null, guest_address: null });
      expect(autoAll).toMatchObject({ output_format: 'auto', candidate_formats: null });
    });

    it("records each upload's header as read at intake, for every codec task on the job to plan from (0606)", async () => {
      const { service, settings, blobs } = await setup();
      const tempFile = blobs.tempPath();
      fs.copyFileSync(corpusPath('photos', 'kodim03.png'), tempFile);
      const [row] = await service.createJobs({ ownerId: 'me', guestAddress: null }, [{ tempFile, filename: 'k.png', size: fs.statSync(tempFile).size, mimeType: 'image/png' }], settings());
      expect(JSON.parse(row!.input_header!)).toEqual({ format: 'png', pixels: 768 * 512, width: 768, height: 512 });
    });

    it('removes the stored files again when the insert is refused', async () => {
      const { blobs, serviceWith, admissionWith, received, settings, tempFiles } = await setup();
      const service = serviceWith(admissionWith({ perOwner: 0, perGuestAddress: 10, total: 10 }));

      const refused = service.createJobs({ ownerId: 'full', guestAddress: null }, [received('a'), received('b')], settings());

      await expect(refused).rejects.toMatchObject({ code: 'OWNER_BACKLOG_FULL' });
      await expect(refused).rejects.toBeInstanceOf(DomainError);
      expect(await service.list('full')).toEqual([]);
      expect(await blobs.listIds('original')).toEqual([]);
      expect(tempFiles()).toEqual([]);
    });
  });

  describe('scoped to the owner', () => {
    it("lists only the caller's jobs, newest first, and finds no other owner's job", async () => {
      const { clock, service, uploadAs } = await setup();
      const mine = await uploadAs('me', 2);
      clock.t += MIN;
      const later = await uploadAs('me', 1);
      const theirs = await uploadAs('them', 1);

      expect((await service.list('me')).map((r) => r.id)).toEqual([later[0], mine[1], mine[0]]);
      expect((await service.list('them')).map((r) => r.id)).toEqual(theirs);
      expect(await service.findOwned(theirs[0]!, 'me')).toBeUndefined();
      expect((await service.findOwned(mine[0]!, 'me'))!.id).toBe(mine[0]);
    });

    it("removes the caller's job and its files, and refuses (not found) another owner's", async () => {
      const { service, uploadAs, files } = await setup();
      const [mine] = await uploadAs('me');
      const [theirs] = await uploadAs('them');

      expect(await service.remove(theirs!, 'me')).toBe(false);
      expect(await service.findOwned(theirs!, 'them')).toBeDefined();
      expect((await files(theirs!))[0]).not.toBeNull();

      expect(await service.remove(mine!, 'me')).toBe(true);
      expect(await service.findOwned(mine!, 'me')).toBeUndefined();
      expect(await files(mine!)).toEqual([null, null, null]);
      expect(await service.remove(mine!, 'me')).toBe(false);
    });

    it("clears all of the caller's jobs and files and lifts the caller's pause, leaving others alone", async () => {
      const { db, service, uploadAs, files } = await setup();
      const mine = await uploadAs('me', 3);
      const [theirs] = await uploadAs('them');
      await service.pause('me');
      await service.pause('them');

      expect(await service.removeAll('me')).toBe(3);

      expect(await service.list('me')).toEqual([]);
      for (const id of mine) expect(await files(id)).toEqual([null, null, null]);
      expect(await service.isPaused('me')).toBe(false);
      expect(await service.isPaused('them')).toBe(true);
      expect((await service.list('them')).map((r) => r.id)).toEqual([theirs]);

      // An owner that was not paused gets no queue state written.
      await uploadAs('plain');
      expect(await service.removeAll('plain')).toBe(1);
      expect(await db.selectFrom('owner_queue').selectAll().where('owner_id', '=', 'plain').executeTakeFirst()).toBeUndefined();
      expect(await service.removeAll('nobody')).toBe(0);
    });

    it("clears only the caller's waiting jobs: finished and running ones stay", async () => {
      const { jobs, service, uploadAs, files } = await setup();
      const [waiting, running, finished] = await uploadAs('me', 3);
      const [theirs] = await uploadAs('them');
      await jobs.claim(running!, 'lease', Number.MAX_SAFE_INTEGER, 0);
      await jobs.claim(finished!, 'lease2', Number.MAX_SAFE_INTEGER, 0);
      await jobs.fail(finished!, 'lease2', 'damaged', 0);

      expect(await service.clearPending('me')).toBe(1);

      expect((await service.list('me')).map((r) => r.id).sort()).toEqual([running, finished].sort());
      expect((await files(waiting!))[0]).toBeNull();
      expect((await files(running!))[0]).not.toBeNull();
      expect(await service.findOwned(theirs!, 'them')).toBeDefined();
    });
  });

  describe('queue state', () => {
    it("counts the caller's jobs by status and reports the pause", async () => {
      const { jobs, service, uploadAs } = await setup();
      const [, b, c, d] = await uploadAs('me', 5);
      await uploadAs('them', 2);
      await jobs.claim(b!, 'l1', Number.MAX_SAFE_INTEGER, 0);
      await jobs.claim(c!, 'l2', Number.MAX_SAFE_INTEGER, 0);
      await jobs.claim(d!, 'l3', Number.MAX_SAFE_INTEGER, 0);
      await jobs.complete(c!, 'l2', someCompletion, 0);
      await jobs.fail(d!, 'l3', 'damaged', 0);

      expect(await service.status('me')).toEqual({ total: 5, completed: 1, processing: 1, pending: 2, failed: 1, paused: false });
      await service.pause('me');
      expect(await service.status('me')).toMatchObject({ paused: true });
      expect(await service.status('nobody')).toEqual({ total: 0, completed: 0, processing: 0, pending: 0, failed: 0, paused: false });
    });

    it("holds a paused owner's uploads and starts them on resume", async () => {
      const { codec, queue, service, uploadAs, statusOf } = await setupWithStatus();
      await service.pause('me');
      await queue.startWorking();
      const [held] = await uploadAs('me');
      const [other] = await uploadAs('them');
      await codec.startedJob(other!);
      expect(codec.started).toEqual([other]);
      expect(await statusOf(held!)).toBe('pending');

      await service.resume('me');
      expect(await service.isPaused('me')).toBe(false);
      await codec.startedJob(held!);
    });

    it("reports rate, elapsed time and ETA over the caller's jobs, at the service's clock", async () => {
      const { clock, jobs, service, uploadAs } = await setup();
      const [a, b] = await uploadAs('me', 3);
      await uploadAs('them', 5);
      clock.t += 2 * MIN;
      for (const [id, lease] of [[a!, 'l1'], [b!, 'l2']] as const) {
        await jobs.claim(id, lease, Number.MAX_SAFE_INTEGER, 0);
        await jobs.complete(id, lease, someCompletion, clock.t - MIN);
      }
      // 2 finished in the 2 minutes since the batch started (1 a minute); 1 waiting: 1 minute left.
      expect(await service.stats('me')).toEqual({ processingRate: 1, elapsedTime: 120, queueLength: 1, estimatedTimeRemaining: 1, processing: true });
    });
  });

  describe('downloads', () => {
    // The EXPIRED (410) and NOT_READY (409) answers are decided by the download route from these row fields.
    it('keeps an expired job findable by its owner until the sweeper deletes it, with the expiry of its upload', async () => {
      const { clock, service, uploadAs } = await setup();
      const uploadedAt = clock.t;
      const [id] = await uploadAs('me');
      clock.t += RETENTION_MS + MIN;
      expect((await service.findOwned(id!, 'me'))!.expires_at).toBe(uploadedAt + RETENTION_MS);
      expect(await service.findOwned(id!, 'them')).toBeUndefined();
    });

    it('offers no download for a job that has not finished', async () => {
      const { service, uploadAs } = await setup();
      const [id] = await uploadAs('me');
      const job = (await service.findOwned(id!, 'me'))!;
      expect(job.status).toBe('pending');
      expect(toJobJson(job).compressedPath).toBeNull();
    });
  });

  describe('recompress (re-tune)', () => {
    async function setupRetune() {
      const env = await setup();
      const [id] = await env.uploadAs('me');
      await env.jobs.claim(id!, 'lease', Number.MAX_SAFE_INTEGER, env.clock.t);
      await env.jobs.complete(id!, 'lease', { ...someCompletion, compressedSize: 7, chosenQuality: 80, targetMet: true, formatDecision: '{}' }, env.clock.t);
      const retuned = (changes: Record<string, unknown>) => (row: JobRow) => compressSettingsSchema.parse({ ...settingsInputOf(row), ...changes });
      const caller = (ownerId: string) => ({ ownerId, guestAddress: null });
      /** Admission that lets another request run between the service's read and its write. */
      const meanwhile = (first: () => Promise<unknown>) =>
        env.serviceWith(
          new (class extends AdmissionControl {
            override async admit(...args: Parameters<AdmissionControl['admit']>) {
              await first();
              return super.admit(...args);
            }
          })(new AdmissionRepository(env.db), ROOMY),
        );
      /** The HTTP status and code a refusal becomes. */
      const refusalOf = (p: Promise<unknown>) =>
        p.then(
          () => null,
          (e: unknown) => (e instanceof DomainError ? { status: STATUS_OF[e.code], code: e.code, message: e.message } : e),
        );
      return { ...env, id: id!, retuned, caller, meanwhile, refusalOf };
    }

    it('runs a finished job again from its original with the new settings, as its next revision', async () => {
      const { clock, blobs, codec, queue, service, id, retuned, caller } = await setupRetune();
      const before = (await service.findOwned(id, 'me'))!;
      await queue.startWorking();
      clock.t += MIN;

      const row = await service.recompress(caller('me'), id, retuned({ mode: 'size', targetSize: 20_000, allowResize: true, maxWidth: 800 }));

      expect(row).toMatchObject({
        id,
        status: 'pending',
        revision: 2,
        attempts: 0,
        available_at: clock.t,
        mode: 'size',
        target_size: 20_000,
        allow_resize: 1,
        max_width: 800,
        // The settings not named stay as they were.
        quality: before.quality,
        output_format: before.output_format,
        // The last run's results go; the deletion deadline stays.
        compressed_size: null,
        completed_at: null,
        started_at: null,
        chosen_quality: null,
        target_met: null,
        format_decision: null,
        expires_at: before.expires_at,
      });
      expect(await blobs.size('original', id)).not.toBeNull();

      await codec.startedJob(id);
      expect(codec.active.get(id)!.request.settings).toMatchObject({
        mode: 'size',
        targetSize: 20_000,
        allowResize: true,
        maxWidth: 800,
        maxHeight: undefined,
        metadata: 'strip',
      });
    });

    it('re-runs a failed job too', async () => {
      const { jobs, service, uploadAs, retuned, caller } = await setupRetune();
      const [failed] = await uploadAs('me');
      await jobs.claim(failed!, 'l', Number.MAX_SAFE_INTEGER, 0);
      await jobs.fail(failed!, 'l', 'Compression took too long', 0);
      expect(await service.recompress(caller('me'), failed!, retuned({ quality: 50 }))).toMatchObject({ status: 'pending', quality: 50, error: null });
    });

    it("answers another owner's job, or none, as not found (404)", async () => {
      const { service, id, retuned, caller, refusalOf } = await setupRetune();
      const notFound = { status: 404, code: 'NOT_FOUND', message: 'Job not found' };
      expect(await refusalOf(service.recompress(caller('them'), id, retuned({})))).toEqual(notFound);
      expect(await refusalOf(service.recompress(caller('me'), '00000000-0000-4000-8000-000000000000', retuned({})))).toEqual(notFound);
    });

    it('refuses a job past its retention as expired (410), from the moment it expires', async () => {
      const { clock, service, id, retuned, caller, refusalOf } = await setupRetune();
      clock.t = (await service.findOwned(id, 'me'))!.expires_at;
      expect(await refusalOf(service.recompress(caller('me'), id, retuned({})))).toEqual({
        status: 410,
        code: 'EXPIRED',
        message: 'This file has expired and was deleted',
      });
      expect((await service.findOwned(id, 'me'))!.status).toBe('completed');
    });

    it('refuses a job still waiting or running as busy (409), before looking at its new settings or the backlog', async () => {
      const { jobs, service, serviceWith, admissionWith, uploadAs, caller, refusalOf } = await setupRetune();
      const [waiting, running] = await uploadAs('me', 2);
      await jobs.claim(running!, 'l', Number.MAX_SAFE_INTEGER, 0);
      const full = serviceWith(admissionWith({ perOwner: 0, perGuestAddress: 0, total: 0 }));
      for (const id of [waiting!, running!]) {
        const settingsAsked: string[] = [];
        const refused = full.recompress(caller('me'), id, (row) => {
          settingsAsked.push(row.id);
          return compressSettingsSchema.parse({ ...settingsInputOf(row), quality: 10 });
        });
        expect(await refusalOf(refused)).toEqual({
          status: 409,
          code: 'JOB_BUSY',
          message: 'This image is still being compressed; adjust it once it has finished.',
        });
        expect(settingsAsked).toEqual([]);
        expect((await service.findOwned(id, 'me'))!.quality).not.toBe(10);
      }
    });

    it('leaves the job as it was when admission control refuses the re-run', async () => {
      const { service, serviceWith, admissionWith, id, retuned, caller, refusalOf } = await setupRetune();
      const full = serviceWith(admissionWith({ perOwner: 0, perGuestAddress: 10, total: 10 }));
      const refused = full.recompress(caller('me'), id, retuned({ quality: 10 }));
      expect(await refusalOf(refused)).toMatchObject({ status: 429, code: 'OWNER_BACKLOG_FULL' });
      expect(await service.findOwned(id, 'me')).toMatchObject({ status: 'completed', revision: 1, compressed_size: 7 });
    });

    it('reports a job deleted, or re-tuned, by another request in the meantime', async () => {
      const { service, id, retuned, caller, meanwhile, refusalOf, uploadAs, jobs } = await setupRetune();
      // Another request deletes the job after our read, before our write.
      const deletedMeanwhile = meanwhile(() => service.remove(id, 'me')).recompress(caller('me'), id, retuned({}));
      expect(await refusalOf(deletedMeanwhile)).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Job not found' });

      const [other] = await uploadAs('me');
      await jobs.claim(other!, 'l', Number.MAX_SAFE_INTEGER, 0);
      await jobs.fail(other!, 'l', 'x', 0);
      const retunedMeanwhile = meanwhile(() => service.recompress(caller('me'), other!, retuned({ quality: 30 }))).recompress(caller('me'), other!, retuned({ quality: 20 }));
      expect(await refusalOf(retunedMeanwhile)).toMatchObject({ status: 409, code: 'JOB_BUSY' });
      expect(await service.findOwned(other!, 'me')).toMatchObject({ quality: 30, revision: 2 });
    });
  });

  async function setupWithStatus() {
    const env = await setup();
    return { ...env, statusOf: async (id: string) => (await env.jobs.findById(id))?.status };
  }
});
