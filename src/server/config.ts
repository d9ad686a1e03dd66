// The environment, parsed once. This is the only module that reads process.env.
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL (leave unset for SQLite)'),
  REDIS_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^rediss?:\/\//.test(v), 'must be a redis:// URL (leave unset for the in-process queue)'),
  REDIS_PREFIX: z.string().min(1).default('imgc'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  TRUST_PROXY: booleanFlag,
  /** Seconds the process waits for running jobs on SIGTERM before leaving them for the next start. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().max(600).default(20),
  /**
   * Scale-out: how long a worker's BullMQ lock on a running job lasts without renewal (renewed every half of it).
   * A crashed worker's jobs are picked up again after 1 to 1.5 times this; tests shorten it.
   */
  QUEUE_LOCK_SECONDS: z.coerce.number().min(2).max(600).default(30),
  /** Test hook: a fixed offset added to the clock, in milliseconds (retention tests). */
  CLOCK_OFFSET_MS: z.coerce.number().int().default(0),
  /** Test hook: a file holding a clock offset in milliseconds, re-read while running (clock-jump fault tests). */
  CLOCK_OFFSET_FILE: z.string().optional(),
  /** How often the retention sweeper runs. */
  SWEEP_INTERVAL_SECONDS: z.coerce.number().positive().max(86_400).default(300),
  /** Backpressure: waiting + running jobs allowed per owner and in total before uploads get 429. */
  ADMISSION_PER_OWNER: z.coerce.number().int().positive().default(200),
  ADMISSION_TOTAL: z.coerce.number().int().positive().default(5000),
  /** Slow clients: headers must arrive within this time; upload bodies must keep this average rate after the grace. */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(20),
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).default(2048),
  UPLOAD_RATE_GRACE_SECONDS: z.coerce.number().positive().max(600).default(20),
  /** The built client to serve (default: dist/client of this checkout). */
  CLIENT_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sqlitePath: string;
  filesDir: string;
  redisUrl: string | undefined;
  redisPrefix: string;
  role: 'all' | 'api' | 'worker';
  trustProxy: boolean;
  shutdownGraceMs: number;
  queueLockMs: number;
  clockOffsetMs: number;
  clockOffsetFile: string | undefined;
  sweepIntervalMs: number;
  admission: { perOwner: number; total: number };
  headersTimeoutMs: number;
  uploadMinRate: { minBytesPerSecond: number; graceMs: number };
  logLevel: string;
  clientDir: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sqlitePath: path.join(dataDir, 'app.db'),
    filesDir: path.join(dataDir, 'files'),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    role: e.ROLE,
    trustProxy: e.TRUST_PROXY,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    queueLockMs: e.QUEUE_LOCK_SECONDS * 1000,
    clockOffsetMs: e.CLOCK_OFFSET_MS,
    clockOffsetFile: e.CLOCK_OFFSET_FILE || undefined,
    sweepIntervalMs: e.SWEEP_INTERVAL_SECONDS * 1000,
    admission: { perOwner: e.ADMISSION_PER_OWNER, total: e.ADMISSION_TOTAL },
    headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
    uploadMinRate: { minBytesPerSecond: e.UPLOAD_MIN_BYTES_PER_SECOND, graceMs: e.UPLOAD_RATE_GRACE_SECONDS * 1000 },
    logLevel: e.LOG_LEVEL,
    clientDir: path.resolve(e.CLIENT_DIR ?? path.join(import.meta.dirname, '../../dist/client')),
  };
}
