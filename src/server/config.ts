// The environment, parsed once. This is the only module that reads process.env.
import path from 'node:path';
import { z } from 'zod';
import { parseTrustedProxies } from './http/trusted-proxies';
import type { StorageConfig } from './storage/create-store';
import { testimonialsSettingSchema, type TestimonialFact } from '#contract/site-facts';

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
  /** Reverse proxies whose X-Forwarded-For/-Proto are believed: addresses and CIDR ranges (http/trusted-proxies.ts). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustedProxies(v);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
  /**
   * Prometheus metrics (`GET /metrics`) on this port of HOST, never on PORT; unset: no metrics listener. 0 picks a
   * free port (tests).
   */
  METRICS_PORT: z
    .string()
    .optional()
    .transform((v) => (v ? Number(v) : undefined))
    .pipe(z.number().int().min(0).max(65535).optional()),
  /**
   * After SIGTERM, seconds the process keeps serving with readiness answering 503 before it stops taking uploads, so
   * load balancers take it out of rotation first. 0: stop taking uploads at once (the readiness flip is still first).
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(300).default(0),
  /** Seconds the process waits for running jobs on SIGTERM before leaving them for the next start. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().max(600).default(20),
  /**
   * Scale-out: how long a worker's BullMQ lock on a running job lasts without renewal (renewed every half of it).
   * A crashed worker's jobs are picked up again after 1 to 1.5 times this; tests shorten it.
   */
  QUEUE_LOCK_SECONDS: z.coerce.number().min(2).max(600).default(30),
  /** Tinify-compatible POST /shrink: hosts a `source.url` may name (comma-separated); unset refuses every URL. */
  TINIFY_SOURCE_URL_HOSTS: z.string().optional(),
  /**
   * Tinify's `store`: the S3 endpoint callers' objects are uploaded to instead of AWS's regional one (an S3-compatible
   * store on a private cloud; tests). Unset: https://s3.<region>.amazonaws.com, the region being the caller's.
   */
  TINIFY_STORE_S3_ENDPOINT: z
    .string()
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, '') : undefined))
    .refine((v) => v === undefined || /^https?:\/\/[^/\s?#@]+$/.test(v), 'must be an http:// or https:// URL with no path, e.g. https://s3.example.com'),
  /** Tinify's `store`: hosts that may be private or loopback addresses (comma-separated; a private S3 endpoint, tests). */
  TINIFY_STORE_ALLOWED_HOSTS: z.string().optional(),
  /** Webhooks: hosts that may be private or loopback addresses (comma-separated; tests and private networks). */
  WEBHOOK_ALLOWED_HOSTS: z.string().optional(),
  /** Webhooks: the time limit of one delivery attempt, connection to answer. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(10),
  /** Webhooks: the first retry's delay; each later one doubles, up to an hour, for 24 hours. */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().positive().max(3600).default(10),
  /** Webhooks: how often a worker looks for due deliveries recorded by other processes. */
  WEBHOOK_POLL_SECONDS: z.coerce.number().positive().max(300).default(2),
  /** 32 bytes in base64 that encrypt stored secrets (webhook signing secrets); unset: a key file in DATA_DIR. */
  SECRETS_KEY: z.string().optional(),
  /** Test hook: write the routes the app registers to this JSON file once ready (OpenAPI coverage test). */
  ROUTE_TABLE_FILE: z.string().optional(),
  /** How often the retention sweeper runs. */
  SWEEP_INTERVAL_SECONDS: z.coerce.number().positive().max(86_400).default(300),
  /** Backpressure: waiting + running jobs allowed per owner and in total before uploads get 429. */
  ADMISSION_PER_OWNER: z.coerce.number().int().positive().default(200),
  ADMISSION_TOTAL: z.coerce.number().int().positive().default(5000),
  /** Waiting + running jobs all guests uploading from one client address may have together. */
  ADMISSION_GUEST_PER_ADDRESS: z.coerce.number().int().positive().default(1000),
  /** New guest sessions (stored at a visitor's first upload or pause) per client address per 15 minutes. */
  GUEST_SESSIONS_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  /** Slow clients: headers must arrive within this time; upload bodies must keep this average rate after the grace. */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(20),
  /** Request bodies other than uploads (JSON) must arrive in full within this time. */
  BODY_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(20),
  /** A connection silent in both directions for this long is closed. */
  IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  /** Connections one client address may hold open at once (not applied when TRUST_PROXY is set). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).default(2048),
  UPLOAD_RATE_GRACE_SECONDS: z.coerce.number().positive().max(600).default(20),
  /** Fair use of API keys: requests per minute and images per calendar month (UTC), per key and per user. */
  API_REQUESTS_PER_MINUTE_PER_KEY: z.coerce.number().int().positive().default(120),
  API_REQUESTS_PER_MINUTE_PER_USER: z.coerce.number().int().positive().default(240),
  API_IMAGES_PER_MONTH_PER_KEY: z.coerce.number().int().positive().default(5000),
  API_IMAGES_PER_MONTH_PER_USER: z.coerce.number().int().positive().default(10000),
  /** The built client to serve (default: dist/client of this checkout). */
  CLIENT_DIR: z.string().min(1).optional(),
  /** Long polls (?wait, Tinify's /shrink) held open at once by this process, all routes together. */
  LONG_POLL_MAX_WAITERS: z.coerce.number().int().positive().default(500),
  /** Memory all codec processes together may hold (sandbox/codec-pool.ts); 0 turns the budget off. */
  CODEC_MEMORY_BUDGET_MB: z.coerce.number().int().min(0).max(1_048_576).default(256),
  /**
   * HEIC/HEIF uploads (iPhone photos), decoded with libheif's HEVC decoder in the codec processes: on by default; off
   * where the operator does not want to run an HEVC decoder (patents, docs/decisions/0400-heic-input.md).
   */
  HEIC_INPUT: z.enum(['on', 'off', 'true', 'false', '1', '0']).default('on'),
  /** Where job files live: unset or `file:` = DATA_DIR/files; `s3://BUCKET` or `s3://BUCKET/PREFIX` = an S3 bucket. */
  STORAGE_URL: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseStorageUrl(v);
      if (parsed) return parsed;
      ctx.addIssue({ code: 'custom', message: 'must be file: or s3://BUCKET[/PREFIX] (a valid bucket name)' });
      return z.NEVER;
    }),
  /** S3-compatible endpoint (Ceph RGW, MinIO, R2...); unset = AWS. */
  S3_ENDPOINT: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^https?:\/\/[^/\s]+/.test(v), 'must be an http:// or https:// URL'),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1').default('us-east-1'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  /**
   * What the About page may say about whoever runs this instance: only what the operator sets is shown, and nothing is
   * shown when unset (docs/decisions/0550-about-figures-from-this-instance.md). Free text, e.g. SITE_FOUNDED=2024,
   * SITE_TEAM="3 people", SITE_UPTIME="99.95% over the last 90 days", SITE_COMPLIANCE="GDPR,ISO 27001 (certificate 123)".
   */
  SITE_FOUNDED: z.string().max(40).optional(),
  SITE_TEAM: z.string().max(80).optional(),
  SITE_UPTIME: z.string().max(120).optional(),
  SITE_COMPLIANCE: z.string().max(400).optional(),
  /** Customer words the operator has permission to publish: a JSON list of { name, role, company, content, rating, stats }. */
  SITE_TESTIMONIALS: z
    .string()
    .optional()
    .transform((v, ctx): TestimonialFact[] => {
      if (!v?.trim()) return [];
      let json: unknown;
      try {
        json = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON list of testimonials' });
        return z.NEVER;
      }
      const parsed = testimonialsSettingSchema.safeParse(json);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0];
      ctx.addIssue({ code: 'custom', message: `must be a JSON list of testimonials (${issue?.path.join('.')}: ${issue?.message})` });
      return z.NEVER;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
});

export class ConfigError extends Error {}

/**
 * The settings the process runs with, in the units its parts use (milliseconds, bytes, absolute paths). The `Config`
 * type is what this schema outputs, so the two can never drift apart.
 */
const configSchema = envSchema
  .superRefine((e, ctx) => {
    // The in-process queue assumes it is the only process using its database (it requeues every "processing" row
    // at start), so split roles need the shared queue.
    // Two listeners on one port cannot both bind; saying so beats a start-up crash on EADDRINUSE.
    if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT: metrics are never served on the public port' });
    }
    if (e.ROLE !== 'all' && !e.REDIS_URL) {
      ctx.addIssue({ code: 'custom', path: ['ROLE'], message: `ROLE=${e.ROLE} needs REDIS_URL (and DATABASE_URL shared by every process); leave ROLE unset for the single-process mode` });
    }
    // Half a key pair would silently fall through to another credential source.
    if (!e.AWS_ACCESS_KEY_ID !== !e.AWS_SECRET_ACCESS_KEY) {
      const missing = e.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set together with its pair (or neither, for the SDK default chain)' });
    }
  })
  .transform((e) => {
    const dataDir = path.resolve(e.DATA_DIR);
    return {
      port: e.PORT,
      host: e.HOST,
      dataDir,
      databaseUrl: e.DATABASE_URL,
      sqlitePath: path.join(dataDir, 'app.db'),
      filesDir: path.join(dataDir, 'files'),
      redisUrl: e.REDIS_URL,
      storage: storageConfig(e),
      redisPrefix: e.REDIS_PREFIX,
      role: e.ROLE,
      trustProxy: e.TRUST_PROXY,
      metricsPort: e.METRICS_PORT,
      shutdownDelayMs: e.SHUTDOWN_DELAY_SECONDS * 1000,
      shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
      queueLockMs: e.QUEUE_LOCK_SECONDS * 1000,
      sweepIntervalMs: e.SWEEP_INTERVAL_SECONDS * 1000,
      admission: { perOwner: e.ADMISSION_PER_OWNER, perGuestAddress: e.ADMISSION_GUEST_PER_ADDRESS, total: e.ADMISSION_TOTAL },
      guestSessionsPerAddress: e.GUEST_SESSIONS_PER_ADDRESS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      bodyTimeoutMs: e.BODY_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: e.IDLE_TIMEOUT_SECONDS * 1000,
      maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
      uploadMinRate: { minBytesPerSecond: e.UPLOAD_MIN_BYTES_PER_SECOND, graceMs: e.UPLOAD_RATE_GRACE_SECONDS * 1000 },
      logLevel: e.LOG_LEVEL,
      maxLongPolls: e.LONG_POLL_MAX_WAITERS,
      codecMemoryBudgetBytes: e.CODEC_MEMORY_BUDGET_MB > 0 ? e.CODEC_MEMORY_BUDGET_MB * 1024 ** 2 : undefined,
      routeTableFile: e.ROUTE_TABLE_FILE || undefined,
      heicInput: ['on', 'true', '1'].includes(e.HEIC_INPUT),
      tinifySourceHosts: (e.TINIFY_SOURCE_URL_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
      tinifyStore: { endpoint: e.TINIFY_STORE_S3_ENDPOINT, allowedHosts: hostList(e.TINIFY_STORE_ALLOWED_HOSTS) },
      webhooks: {
        allowedHosts: hostList(e.WEBHOOK_ALLOWED_HOSTS),
        attemptTimeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
        retryBaseMs: e.WEBHOOK_RETRY_BASE_SECONDS * 1000,
        pollMs: e.WEBHOOK_POLL_SECONDS * 1000,
      },
      secretsKey: e.SECRETS_KEY || undefined,
      secretsKeyFile: path.join(dataDir, 'secrets.key'),
      fairUse: {
        requestsPerMinutePerKey: e.API_REQUESTS_PER_MINUTE_PER_KEY,
        requestsPerMinutePerUser: e.API_REQUESTS_PER_MINUTE_PER_USER,
        imagesPerMonthPerKey: e.API_IMAGES_PER_MONTH_PER_KEY,
        imagesPerMonthPerUser: e.API_IMAGES_PER_MONTH_PER_USER,
      },
      operatorFacts: {
        founded: e.SITE_FOUNDED?.trim() || null,
        team: e.SITE_TEAM?.trim() || null,
        uptime: e.SITE_UPTIME?.trim() || null,
        compliance: (e.SITE_COMPLIANCE ?? '').split(',').map((c) => c.trim()).filter(Boolean),
        testimonials: e.SITE_TESTIMONIALS,
      },
      clientDir: path.resolve(e.CLIENT_DIR ?? path.join(import.meta.dirname, '../../dist/client')),
    };
  });

export type Config = z.output<typeof configSchema>;

/** `file:` (or unset) or `s3://bucket[/prefix]`; null when it is neither. Bucket names follow S3's rules. */
function parseStorageUrl(value: string | undefined): { kind: 'file' } | { kind: 's3'; bucket: string; prefix: string } | null {
  if (!value || value === 'file:') return { kind: 'file' };
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/([A-Za-z0-9!_.*'()/-]*))?$/.exec(value);
  if (!m) return null;
  const prefix = (m[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { kind: 's3', bucket: m[1]!, prefix: prefix ? `${prefix}/` : '' };
}

type Env = z.output<typeof envSchema>;

/** A comma-separated host list, lower-case, IPv6 brackets removed. */
function hostList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((h) => h.trim().toLowerCase().replace(/^\[|\]$/g, '')).filter(Boolean);
}

function storageConfig(e: Env): StorageConfig {
  const url = e.STORAGE_URL;
  if (url.kind === 'file') return { kind: 'file' as const };
  const flag = e.S3_FORCE_PATH_STYLE;
  return {
    kind: 's3' as const,
    bucket: url.bucket,
    prefix: url.prefix,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    // Self-hosted stores rarely have wildcard DNS for virtual-host buckets.
    forcePathStyle: flag === undefined ? e.S3_ENDPOINT !== undefined : flag === 'true' || flag === '1',
    credentials: e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
      ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY, sessionToken: e.AWS_SESSION_TOKEN || undefined }
      : undefined,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
