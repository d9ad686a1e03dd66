// The deployment's queue: the embedded one, running MAX_CONCURRENT_JOBS jobs at once, when no Redis URL is set, and
// the BullMQ one when it is. (What the BullMQ queue does needs Redis: the scale-out API level runs it.)
import { describe, expect, it } from 'vitest';
import { createJobQueue } from '#server/jobs/create-queue';
import { InProcessQueue } from '#server/jobs/in-process-queue';
import { BullMqQueue } from '#server/jobs/bullmq-queue';
import { MAX_CONCURRENT_JOBS } from '#contract/limits';
import { HeldCodec, silentLog, useJobEnvironments } from './harness';
import { closedPort } from '../../../support/closed-port';

describe('createJobQueue', () => {
  const { setup, cleanups } = useJobEnvironments();

  async function build(redisUrl: string | undefined) {
    const env = await setup();
    const codec = new HeldCodec();
    const queue = await createJobQueue(
      { redisUrl, prefix: 'test', lockMs: 30_000 },
      { db: env.db, jobs: env.jobs, runner: env.runnerWith(codec), clock: env.clock, log: silentLog },
    );
    cleanups.push(() => queue.stop(0));
    return { ...env, codec, queue };
  }

  it('builds the in-process queue when no Redis URL is set', async () => {
    const { codec, queue, addJob } = await build(undefined);
    expect(queue).toBeInstanceOf(InProcessQueue);

    const ids = [];
    for (let i = 0; i <= MAX_CONCURRENT_JOBS; i++) ids.push(await addJob({ owner_id: `owner-${i}` }));
    await queue.startWorking();
    await codec.until(() => codec.active.size === MAX_CONCURRENT_JOBS);
    codec.finish(codec.started[0]!);
    await codec.until(() => codec.started.length === ids.length);
    expect(codec.peakActive).toBe(MAX_CONCURRENT_JOBS);
  });

  it('builds the BullMQ queue when a Redis URL is set', async () => {
    const { queue } = await build(`redis://127.0.0.1:${await closedPort()}`);
    expect(queue).toBeInstanceOf(BullMqQueue);
  });
});
