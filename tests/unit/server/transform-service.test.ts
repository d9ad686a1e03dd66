// The Tinify transformation use case over a real database and file store, with the codec lane held by the test:
// at most TRANSFORMS_PER_USER run at once per user, an image is charged only once a transformation goes ahead and
// is given back when it fails or its client leaves, and the client leaving reaches the codec as an abort.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TransformService, TRANSFORMS_PER_USER } from '#server/tinify/transform-service';
import { TinifyOutputs } from '#server/tinify/tinify-outputs';
import { TinifyError } from '#server/tinify/tinify-error';
import { FairUse } from '#server/fair-use/fair-use';
import { UsageRepository } from '#server/db/usage-repository';
import { JobWaiter } from '#server/jobs/job-waiter';
import type { JobService } from '#server/jobs/job-service';
import { CodecAbandonedError } from '#server/sandbox/codec-pool';
import type { CodecOutcome, CodecRequest } from '#server/sandbox/protocol';
import { CodecError } from '#server/codec/planning';
import type { ApiKeyRow } from '#server/db/schema';
import { useJobEnvironments } from './jobs/harness';

/** The codec lane, held: each transformation waits until the test settles it, or its signal aborts. */
class HeldLane {
  readonly calls: { request: CodecRequest; signal?: AbortSignal; settle: (outcome: CodecOutcome | Error) => void }[] = [];
  private waiting: { count: number; arrived: () => void }[] = [];
  compressFile(request: CodecRequest, signal?: AbortSignal): Promise<CodecOutcome> {
    return new Promise((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new CodecAbandonedError()), { once: true });
      this.calls.push({ request, signal, settle: (o) => (o instanceof Error ? reject(o) : (fs.writeFileSync(request.outputPath, 'x'), resolve(o))) });
      for (const w of this.waiting.filter((w) => this.calls.length >= w.count)) w.arrived();
      this.waiting = this.waiting.filter((w) => this.calls.length < w.count);
    });
  }
  /** Resolves once `count` transformations have reached the lane (told by the lane, not polled). */
  reached(count: number): Promise<void> {
    if (this.calls.length >= count) return Promise.resolve();
    return new Promise((arrived) => this.waiting.push({ count, arrived }));
  }
}

const done = { output: { format: 'webp', width: 1, height: 1, bytes: 1 } } as CodecOutcome;

describe('TransformService', () => {
  const { setup: setupEnv } = useJobEnvironments();

  async function setup() {
    const env = await setupEnv();
    const id = await env.addJob({ owner_id: 'user-1', status: 'completed', mime_type: 'image/png', completed_at: env.clock.now() });
    const jobService = { findOwned: (jobId: string, owner: string) => env.jobs.findOwned(jobId, owner) } as JobService;
    const fairUse = new FairUse(new UsageRepository(env.db), env.clock, { requestsPerMinutePerKey: 100, requestsPerMinutePerUser: 100, imagesPerMonthPerKey: 100, imagesPerMonthPerUser: 100 });
    const lane = new HeldLane();
    const service = new TransformService(new TinifyOutputs(jobService, new JobWaiter(), env.clock), env.blobs, lane, fairUse);
    const key = { id: 'key-1', user_id: 'user-1' } as ApiKeyRow;
    const next = (count: number) => lane.reached(count);
    return { ...env, id, fairUse, lane, service, key, next, images: () => fairUse.userImagesThisMonth('user-1') };
  }
  const webp = { convert: { type: 'image/webp' } };

  it(`runs at most ${TRANSFORMS_PER_USER} per user at once; one more is refused with 429 and not charged`, async () => {
    const { id, lane, service, key, next, images, tempFiles } = await setup();
    const gone = new AbortController().signal;
    const running = Array.from({ length: TRANSFORMS_PER_USER }, () => service.transform(key, id, webp, gone));
    await next(TRANSFORMS_PER_USER);
    const refused = await service.transform(key, id, webp, gone).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TinifyError);
    expect(refused).toMatchObject({ status: 429, type: 'TooManyRequests', headers: { 'Retry-After': '5' } });
    expect(await images()).toBe(TRANSFORMS_PER_USER);

    lane.calls[0]!.settle(done);
    expect(await running[0]).toMatchObject({ format: 'webp' });
    // A place is free again.
    const another = service.transform(key, id, webp, gone);
    await next(TRANSFORMS_PER_USER + 1);
    for (const call of lane.calls.slice(1)) call.settle(done);
    await Promise.all([...running.slice(1), another]);
    expect(await images()).toBe(TRANSFORMS_PER_USER + 1);
    // The outputs are the caller's to send and remove; nothing else is left behind.
    expect(tempFiles()).toHaveLength(TRANSFORMS_PER_USER + 1);
  });

  it('gives the image back when the codec fails, and when the client goes away (which reaches the codec as an abort)', async () => {
    const { id, lane, service, key, next, images, tempFiles } = await setup();
    const failing = service.transform(key, id, webp, new AbortController().signal).catch((e: unknown) => e);
    await next(1);
    expect(await images()).toBe(1);
    lane.calls[0]!.settle(new CodecError('corrupt', 'The image is damaged'));
    expect(await failing).toMatchObject({ status: 415, message: 'The image is damaged' });
    expect(await images()).toBe(0);

    const client = new AbortController();
    const leaving = service.transform(key, id, webp, client.signal).catch((e: unknown) => e);
    await next(2);
    expect(lane.calls[1]!.signal).toBe(client.signal);
    client.abort();
    expect(await leaving).toMatchObject({ status: 503 });
    expect(await images()).toBe(0);
    expect(tempFiles()).toEqual([]);
  });
});
