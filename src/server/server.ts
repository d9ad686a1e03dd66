// Builds every service from the config and runs the process's role until a signal stops it.
import fsp from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { systemClock, type Clock } from './clock';
import { openDatabase } from './db/database';
import { sql } from 'kysely';
import { DEFAULT_GUEST_SESSION_LIMIT, SessionService } from './auth/session-service';
import { BlobStore } from './storage/blob-store';
import { JobRepository } from './jobs/job-repository';
import { JobRunner } from './jobs/job-runner';
import { JobService } from './jobs/job-service';
import { AdmissionControl } from './jobs/admission';
import { AdmissionRepository } from './jobs/admission-repository';
import { createJobQueue } from './jobs/create-queue';
import { RetentionSweeper } from './retention/sweeper';
import { buildApp } from './http/app';
import { registerHealthRoutes } from './http/routes/health';
import { createLogger } from './logger';
import { AccountService } from './auth/account-service';
import { UserRepository } from './auth/user-repository';
import { LoginThrottle } from './auth/login-throttle';
import { CodecPool } from './sandbox/codec-pool';
import { MAX_CONCURRENT_JOBS } from '../contract/limits';
import { ApiKeyService } from './auth/api-key-service';
import { FairUse } from './api/fair-use';

/** Parts a caller may supply instead of the real ones: only tests do (a clock they can move). */
export interface ServerOverrides {
  clock?: Clock;
}

export async function startServer(config: Config, overrides: ServerOverrides = {}): Promise<void> {
  const clock = overrides.clock ?? systemClock;
  await assertWritable(config.dataDir);
  const db = await openDatabase(config);
  const blobs = new BlobStore(config.filesDir);
  await blobs.init();
  // Embedded mode owns its storage alone, so temp files can only be leftovers of a crash.
  if (!config.redisUrl && config.role === 'all') await blobs.clearTemps();
  const sessions = new SessionService(db, clock, { ...DEFAULT_GUEST_SESSION_LIMIT, perAddress: config.guestSessionsPerAddress });
  const jobs = new JobRepository(db);

  const log = createLogger(config.logLevel);
  // Codec processes start on the first job, so an API-only process never has any.
  const codec = new CodecPool({
    size: MAX_CONCURRENT_JOBS,
    memoryBudgetBytes: config.codecMemoryBudgetBytes,
    onCrash: ({ pid, detail }) => log.error({ pid, detail }, 'a codec process died while compressing'),
  });
  const runner = new JobRunner(jobs, blobs, codec, clock, log);
  const queue = await createJobQueue(config, { db, jobs, runner, clock, log });
  const jobService = new JobService(jobs, blobs, queue, clock);
  const throttle = new LoginThrottle(db, clock);

  let ready = false;
  let acceptingUploads = true;
  // A worker serves no API, only the health check (for its orchestrator's probes); the API roles serve it all.
  const app = config.role === 'worker' ? await buildHealthApp(config.logLevel, () => ready) : await buildApp({
    db,
    clock,
    sessions,
    blobs,
    jobService,
    admission: new AdmissionControl(new AdmissionRepository(db), config.admission),
    uploadMinRate: config.uploadMinRate,
    headersTimeoutMs: config.headersTimeoutMs,
    bodyTimeoutMs: config.bodyTimeoutMs,
    idleTimeoutMs: config.idleTimeoutMs,
    maxConnectionsPerAddress: config.maxConnectionsPerAddress,
    accounts: new AccountService(new UserRepository(db), sessions, jobs, jobService, throttle, clock),
    clientDir: config.clientDir,
    trustProxy: config.trustProxy,
    logLevel: config.logLevel,
    isReady: () => ready,
    uploadReadiness: async () => {
      if (!acceptingUploads) return 'shutting down';
      const storage = await blobs.probeWritable().then(() => null, (err: NodeJS.ErrnoException) => `storage not writable (${err.code ?? err.message})`);
      if (storage) return storage;
      return sql`select 1`.execute(db).then(() => null, () => 'database unavailable');
    },
    acceptingUploads: () => acceptingUploads,
    apiKeys: new ApiKeyService(db, clock),
    fairUse: new FairUse(db, clock, config.fairUse),
    transformer: codec,
    routeTableFile: config.routeTableFile,
    tinifySourceHosts: config.tinifySourceHosts,
  });

  const sweeper = new RetentionSweeper(jobs, blobs, sessions, throttle, clock, config.sweepIntervalMs, (err) =>
    log.error({ err }, 'retention sweep failed'),
  );
  sweeper.start();
  if (config.role !== 'api') await queue.startWorking();

  // A deep accept queue: bursts of new connections (many pollers at once) wait instead of being dropped and retried.
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  ready = true;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Tests and operators read this line to find the port when PORT=0.
  console.log(`listening on http://localhost:${port}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    acceptingUploads = false;
    app.log.warn(`${signal}: finishing running jobs (up to ${config.shutdownGraceMs} ms), then stopping`);
    sweeper.stop();
    await queue.stop(config.shutdownGraceMs);
    await codec.close();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

async function buildHealthApp(logLevel: string, isReady: () => boolean): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: logLevel }, return503OnClosing: true });
  registerHealthRoutes(app, isReady);
  return app;
}

/** A data directory we cannot write would fail later in confusing ways; say so plainly at start. */
async function assertWritable(dir: string): Promise<void> {
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    await fsp.mkdir(dir, { recursive: true });
    await fsp.writeFile(probe, '');
    await fsp.rm(probe);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new StartupError(`The data directory ${dir} is not writable (${code}). Check DATA_DIR, its permissions and free space.`);
  }
}

export class StartupError extends Error {}
