// Builds every driver and service once, from the config, and hands them back as one typed record. Nothing here
// listens, starts workers or reads the environment: roles.ts runs what this builds, config.ts reads the environment.
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';
import type { Logger } from './logger';
import { systemClock, type Clock } from './clock';
import { openDatabase, type Db } from './db/database';
import { DEFAULT_GUEST_SESSION_LIMIT, SessionService } from './auth/session-service';
import type { BlobStore } from './storage/blob-store';
import { createBlobStore, StorageStartError } from './storage/create-store';
import { JobRepository } from './jobs/job-repository';
import { JobRunner } from './jobs/job-runner';
import { JobService } from './jobs/job-service';
import { AdmissionControl } from './jobs/admission';
import { AdmissionRepository } from './jobs/admission-repository';
import { createJobQueue } from './jobs/create-queue';
import { readQueueDepth } from './jobs/queue-depth-repository';
import type { JobQueue } from './jobs/job-queue';
import { RetentionSweeper } from './retention/sweeper';
import { AccountService } from './auth/account-service';
import { UserRepository } from './auth/user-repository';
import { LoginThrottle } from './auth/login-throttle';
import { ApiKeyService } from './auth/api-key-service';
import { CodecPool } from './sandbox/codec-pool';
import { FairUse } from './fair-use/fair-use';
import { UsageRepository } from './db/usage-repository';
import { JobWaiter, MAX_WAITERS_PER_OWNER } from './jobs/job-waiter';
import { UploadGate } from './jobs/upload-gate';
import { UploadService } from './jobs/upload-service';
import { RetuneService } from './jobs/retune-service';
import { EstimateService } from './jobs/estimate-service';
import { TinifyOutputs } from './tinify/tinify-outputs';
import { ShrinkService } from './tinify/shrink-service';
import { TransformService } from './tinify/transform-service';
import { TinifyStoreService } from './tinify/store-service';
import { MAX_CONCURRENT_JOBS } from '#contract/limits';
import { SecretBox } from './webhooks/secret-box';
import { WebhookRepository } from './webhooks/webhook-repository';
import { WebhookService } from './webhooks/webhook-service';
import { WebhookDispatcher } from './webhooks/dispatcher';
import { Metrics, type CodecPoolLoad } from './metrics/metrics';
import { InstanceTotalsRepository } from './db/instance-totals-repository';
import { InstanceStats } from './stats/instance-stats';
import { DownloadService } from './jobs/download-service';
import { OriginalViewService } from './jobs/original-view-service';

export interface Deps {
  log: Logger;
  clock: Clock;
  db: Db;
  blobs: BlobStore;
  sessions: SessionService;
  jobs: JobRepository;
  /** Codec processes start on the first job, so an API-only process never has any. */
  codec: CodecPool;
  /**
   * One codec process of its own for Tinify transformations: they never take the job pool's processes or memory,
   * so queued jobs do not wait behind them (docs/decisions/0322-transforms-share-the-codec-fairly.md).
   */
  transformLane: CodecPool;
  /** Closed on shutdown: new uploads and re-tunes are refused while running jobs finish. */
  uploadGate: UploadGate;
  waiter: JobWaiter;
  uploads: UploadService;
  retunes: RetuneService;
  estimates: EstimateService;
  tinifyOutputs: TinifyOutputs;
  shrinks: ShrinkService;
  transforms: TransformService;
  /** Tinify's `store`: outputs uploaded to the caller's own bucket. */
  tinifyStores: TinifyStoreService;
  queue: JobQueue;
  jobService: JobService;
  throttle: LoginThrottle;
  accounts: AccountService;
  admission: AdmissionControl;
  apiKeys: ApiKeyService;
  fairUse: FairUse;
  sweeper: RetentionSweeper;
  webhooks: WebhookService;
  /** Sends webhook deliveries; started only in processes that run jobs (roles.ts). */
  webhookDispatcher: WebhookDispatcher;
  /** Counted always; served only when METRICS_PORT is set (roles.ts). */
  metrics: Metrics;
  /** This instance's totals for the About page, added to as jobs complete. */
  instanceStats: InstanceStats;
  /** The original as Compare and Adjust show it (HEIC and JPEG XL rendered in the transform lane). */
  originalViews: OriginalViewService;
  /** Results, card previews and the ZIP of all, each checked against its owner and deadline. */
  downloads: DownloadService;
}

/** Parts a caller may supply instead of the real ones: only tests do (a clock they can move; decision 0141). */
export interface DepsOverrides {
  clock?: Clock;
}

export async function createDeps(config: Config, log: Logger, overrides: DepsOverrides = {}): Promise<Deps> {
  const clock = overrides.clock ?? systemClock;
  await assertWritable(config.dataDir);
  const db = await openDatabase(config, log.child({ component: 'database' }));
  const metrics = new Metrics();
  const blobs = await createBlobStore(config.storage, config.dataDir, config.filesDir, (driver, operation, error) => metrics.storageOperation(driver, operation, error)).catch((err: unknown) => {
    throw err instanceof StorageStartError ? new StartupError(err.message) : err;
  });
  // Embedded mode owns its storage alone, so temp files can only be leftovers of a crash.
  if (!config.redisUrl && config.role === 'all') await blobs.clearTemps();

  const sessions = new SessionService(db, clock, { ...DEFAULT_GUEST_SESSION_LIMIT, perAddress: config.guestSessionsPerAddress });
  const jobs = new JobRepository(db);
  const codecLog = log.child({ component: 'codec' });
  const codec = new CodecPool({
    size: MAX_CONCURRENT_JOBS,
    memoryBudgetBytes: config.codecMemoryBudgetBytes,
    logLevel: config.logLevel,
    onCrash: ({ pid, detail }) => codecLog.error({ pid, detail }, 'a codec process died while compressing'),
  });
  const queueLog = log.child({ component: 'queue' });
  const webhookRepo = new WebhookRepository(db);
  const secretBox = await SecretBox.open(config.secretsKey, config.secretsKeyFile);
  const webhooks = new WebhookService(webhookRepo, jobs, secretBox, { allowedHosts: config.webhooks.allowedHosts }, clock);
  const webhookDispatcher = new WebhookDispatcher(webhookRepo, webhooks, secretBox, clock, log.child({ component: 'webhooks' }), {
    ...config.webhooks,
    policy: { allowedHosts: config.webhooks.allowedHosts },
  }, metrics);
  // Events leave from the worker that finished the job (decision 0360).
  const instanceStats = new InstanceStats(new InstanceTotalsRepository(db), config.operatorFacts);
  const runner = new JobRunner(jobs, blobs, codec, clock, queueLog, (jobId) => webhooks.jobFinished(jobId), metrics, (job) => instanceStats.recordCompletion(job));
  const queue = await createJobQueue(
    { redisUrl: config.redisUrl, prefix: config.redisPrefix, lockMs: config.queueLockMs },
    { db, jobs, runner, clock, log: queueLog },
  );
  const throttle = new LoginThrottle(db, clock);
  const sweepLog = log.child({ component: 'retention' });
  const sweeper = new RetentionSweeper(jobs, blobs, sessions, throttle, clock, config.sweepIntervalMs, (err) =>
    sweepLog.error({ err }, 'retention sweep failed'),
  );
  const transformLane = new CodecPool({
    size: 1,
    memoryBudgetBytes: config.codecMemoryBudgetBytes,
    logLevel: config.logLevel,
    onCrash: ({ pid, detail }) => codecLog.error({ pid, detail }, 'a codec process died while transforming'),
  });
  const admission = new AdmissionControl(new AdmissionRepository(db), config.admission);
  const fairUse = new FairUse(new UsageRepository(db), clock, config.fairUse);
  const jobService = new JobService(jobs, blobs, queue, clock, admission, fairUse);
  const uploadGate = new UploadGate();
  const waiter = new JobWaiter({ total: config.maxLongPolls, perOwner: MAX_WAITERS_PER_OWNER });
  const uploads = new UploadService(jobService, admission, uploadGate, webhooks, metrics);
  metrics.observeQueue(() => readQueueDepth(db), () => clock.now(), (err) => queueLog.warn({ err }, 'reading the queue depth for metrics failed'));
  metrics.observeCodecPools({ jobs: () => poolLoad(codec, config.codecMemoryBudgetBytes), transforms: () => poolLoad(transformLane, config.codecMemoryBudgetBytes) });
  const tinifyOutputs = new TinifyOutputs(jobService, waiter, clock);
  const transforms = new TransformService(tinifyOutputs, blobs, transformLane, fairUse);
  return {
    log,
    clock,
    db,
    blobs,
    sessions,
    jobs,
    codec,
    transformLane,
    queue,
    jobService,
    throttle,
    accounts: new AccountService(new UserRepository(db), sessions, jobs, jobService, throttle, clock),
    admission,
    apiKeys: new ApiKeyService(db, clock),
    fairUse,
    sweeper,
    uploadGate,
    waiter,
    uploads,
    retunes: new RetuneService(jobService, uploadGate),
    estimates: new EstimateService(jobService, blobs, codec),
    tinifyOutputs,
    shrinks: new ShrinkService(uploads, tinifyOutputs, jobService, fairUse, waiter),
    transforms,
    tinifyStores: new TinifyStoreService(tinifyOutputs, blobs, transforms, fairUse, config.tinifyStore),
    webhooks,
    webhookDispatcher,
    metrics,
    instanceStats,
    // Renderings run in the transform lane's own codec process, never taking the job pool's.
    originalViews: new OriginalViewService(jobService, blobs, transformLane),
    downloads: new DownloadService(jobService, blobs, clock),
  };
}

/** A codec pool's processes by state and its memory, as the metrics report them. */
function poolLoad(pool: CodecPool, budgetBytes: number | undefined): CodecPoolLoad {
  const processes = { starting: 0, idle: 0, busy: 0, retiring: 0 };
  for (const { state } of pool.states()) if (state !== 'gone') processes[state]++;
  return { processes, waitingRequests: pool.load().waiting, committedBytes: pool.committedMemoryBytes(), budgetBytes };
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
