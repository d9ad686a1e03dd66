// Chooses the queue implementation from the config: in-process without Redis, BullMQ with it.
import { ConfigError, type Config } from '../config';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import type { JobQueue } from './job-queue';
import type { JobRepository } from './job-repository';
import type { JobRunner } from './job-runner';
import { InProcessQueue } from './in-process-queue';
import { BullMqQueue } from './bullmq-queue';
import { BacklogRepository } from './backlog-repository';
import { MAX_CONCURRENT_JOBS } from '../../contract/limits';

export interface QueueDeps {
  db: Db;
  jobs: JobRepository;
  runner: JobRunner;
  clock: Clock;
  log: Logger;
}

export async function createJobQueue(config: Config, deps: QueueDeps): Promise<JobQueue> {
  if (config.redisUrl) {
    return new BullMqQueue(
      { redisUrl: config.redisUrl, prefix: config.redisPrefix, concurrency: MAX_CONCURRENT_JOBS, lockMs: config.queueLockMs },
      { jobs: deps.jobs, backlog: new BacklogRepository(deps.db), runner: deps.runner, clock: deps.clock, log: deps.log },
    );
  }
  if (config.role !== 'all') {
    // The in-process queue assumes it is the only process using its database (it requeues every
    // "processing" row at start), so split roles need the shared queue.
    throw new ConfigError(`ROLE=${config.role} needs REDIS_URL (and DATABASE_URL shared by every process); leave ROLE unset for the single-process mode`);
  }
  return new InProcessQueue(deps.jobs, deps.runner, deps.clock, deps.log, MAX_CONCURRENT_JOBS);
}
