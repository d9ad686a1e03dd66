// Chooses the queue implementation: in-process without Redis, BullMQ with it. Which roles may run without Redis is
// the config's rule (config.ts), so a split role never reaches here without a Redis URL.
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/database';
import type { Logger } from '#server/logger';
import type { JobQueue } from './job-queue';
import type { JobRepository } from './job-repository';
import type { JobRunner } from './job-runner';
import { InProcessQueue } from './in-process-queue';
import { BullMqQueue } from './bullmq-queue';
import { BacklogRepository } from './backlog-repository';
import { MAX_CONCURRENT_JOBS } from '#contract/limits';

export interface QueueDeps {
  db: Db;
  jobs: JobRepository;
  runner: JobRunner;
  clock: Clock;
  log: Logger;
}

export interface QueueSettings {
  /** Unset: the in-process queue (one process owns the database). */
  redisUrl: string | undefined;
  prefix: string;
  lockMs: number;
}

export async function createJobQueue(settings: QueueSettings, deps: QueueDeps): Promise<JobQueue> {
  if (settings.redisUrl) {
    return new BullMqQueue(
      { redisUrl: settings.redisUrl, prefix: settings.prefix, concurrency: MAX_CONCURRENT_JOBS, lockMs: settings.lockMs },
      { jobs: deps.jobs, backlog: new BacklogRepository(deps.db), runner: deps.runner, clock: deps.clock, log: deps.log },
    );
  }
  return new InProcessQueue(deps.jobs, deps.runner, deps.clock, deps.log, MAX_CONCURRENT_JOBS);
}
