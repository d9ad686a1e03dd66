// Scale-out test mode: a fresh PostgreSQL database and Redis key prefix per data directory.
// Names carry the test process id, so leftovers of a crashed run can be told from a concurrent run's live data.
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { Redis } from 'ioredis';
import { bucketEnv, bucketNames, createBucket, dropBucket } from './test-bucket';

export const SCALEOUT = process.env.TEST_MODE === 'scaleout';
/**
 * The PostgreSQL to create test databases in (a database we may connect to, as a role that may create databases) and
 * the Redis to use. The global setup sets both, to the services given or to throwaway ones it started
 * (scaleout-services.ts); there is deliberately no default, so a test never reaches a service the machine happens to run.
 */
export function pgAdminUrl(): string {
  const url = process.env.TEST_PG_URL;
  if (!url) throw new Error('TEST_PG_URL is not set: start the scale-out tests through vitest (its global setup provides PostgreSQL)');
  return url;
}
export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set: start the scale-out tests through vitest (its global setup provides Redis)');
  return url;
}
const DB_PREFIX = 'imgc_t_';
const KEY_PREFIX = 'imgc-t-';

export interface Backing {
  database: string;
  /** The S3 bucket holding the files: processes sharing a backing share no directory. */
  bucket: string;
  databaseUrl: string;
  redisPrefix: string;
  /** What the server process needs to use it. */
  env: Record<string, string>;
}

const backings = new Map<string, Promise<Backing>>();
const releasing: Promise<void>[] = [];
const children = new Set<ChildProcess>();

export function databaseUrlFor(database: string): string {
  const url = new URL(pgAdminUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery(sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: pgAdminUrl() });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The database and prefix of a data directory, created on first use; restarts on the directory reuse them. */
export function backingFor(dataDir: string): Promise<Backing> {
  let backing = backings.get(dataDir);
  if (!backing) {
    backing = createBacking();
    backings.set(dataDir, backing);
  }
  return backing;
}

async function createBacking(): Promise<Backing> {
  const id = `${process.pid}_${randomBytes(5).toString('hex')}`;
  const database = `${DB_PREFIX}${id}`;
  await adminQuery(`create database ${database}`);
  const databaseUrl = databaseUrlFor(database);
  const redisPrefix = `${KEY_PREFIX}${id.replace('_', '-')}`;
  const bucket = redisPrefix;
  await createBucket(bucket);
  return {
    database,
    bucket,
    databaseUrl,
    redisPrefix,
    // A short queue lock so that crash tests see a killed worker's jobs recovered in seconds, not a minute.
    env: { DATABASE_URL: databaseUrl, REDIS_URL: testRedisUrl(), REDIS_PREFIX: redisPrefix, QUEUE_LOCK_SECONDS: '6', ...bucketEnv(bucket) },
  };
}

/** The backing a server on this data directory already uses, if any (never creates one). */
export function existingBacking(dataDir: string): Promise<Backing> | undefined {
  return backings.get(dataDir);
}

/** Drops the directory's database and Redis keys in the background; `releaseAll` waits for it. */
export function releaseBacking(dataDir: string): void {
  const backing = backings.get(dataDir);
  if (!backing) return;
  backings.delete(dataDir);
  releasing.push(backing.then(dropBacking).catch(() => undefined));
}

async function dropBacking(b: Pick<Backing, 'database' | 'redisPrefix' | 'bucket'>): Promise<void> {
  await adminQuery(`drop database if exists ${b.database} with (force)`);
  await deleteRedisKeys(b.redisPrefix);
  await dropBucket(b.bucket);
}

/** Deletes every key under a prefix (BullMQ keeps a queue's state in many keys). */
export async function deleteRedisKeys(prefix: string): Promise<number> {
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 2 });
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) deleted += await redis.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    redis.disconnect();
  }
}

export function trackChild(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/** End of a test file: stop servers a failed test left running, then drop every database and prefix it made. */
export async function releaseAll(): Promise<void> {
  await Promise.all(
    [...children].map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          c.once('exit', () => resolve());
          c.kill('SIGKILL');
        }),
    ),
  );
  for (const dataDir of [...backings.keys()]) releaseBacking(dataDir);
  await Promise.all(releasing.splice(0));
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Checks the services are there (with a clear message if not) and removes what dead test processes left. */
export async function prepareScaleoutServices(): Promise<void> {
  let rows: { datname: string }[];
  try {
    rows = (await adminQuery(`select datname from pg_database where datname like '${DB_PREFIX}%'`)).rows;
  } catch (err) {
    throw new Error(`The scale-out tests need PostgreSQL at ${redact(pgAdminUrl())} (set TEST_PG_URL): ${(err as Error).message}`);
  }
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1, retryStrategy: () => null, lazyConnect: true });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new Error(`The scale-out tests need Redis at ${testRedisUrl()} (set TEST_REDIS_URL): ${(err as Error).message}`);
  } finally {
    redis.disconnect();
  }
  const pidOf = (name: string) => Number(/^(\d+)[_-]/.exec(name)?.[1]);
  for (const { datname } of rows) {
    const pid = pidOf(datname.slice(DB_PREFIX.length));
    if (pid && !alive(pid)) await adminQuery(`drop database if exists ${datname} with (force)`).catch(() => undefined);
  }
  const scanner = new Redis(testRedisUrl(), { maxRetriesPerRequest: 2 });
  try {
    const stale = new Set<string>();
    let cursor = '0';
    do {
      const [next, keys] = await scanner.scan(cursor, 'MATCH', `${KEY_PREFIX}*`, 'COUNT', 1000);
      cursor = next;
      for (const k of keys) {
        const prefix = k.slice(0, k.indexOf(':'));
        const pid = pidOf(prefix.slice(KEY_PREFIX.length));
        if (pid && !alive(pid)) stale.add(prefix);
      }
    } while (cursor !== '0');
    for (const prefix of stale) await deleteRedisKeys(prefix);
  } finally {
    scanner.disconnect();
  }
  try {
    for (const bucket of await bucketNames()) {
      const pid = bucket.startsWith(KEY_PREFIX) ? pidOf(bucket.slice(KEY_PREFIX.length)) : 0;
      if (pid && !alive(pid)) await dropBucket(bucket);
    }
  } catch (err) {
    throw new Error(`The scale-out tests need an S3 store at ${process.env.TEST_S3_ENDPOINT} (set TEST_S3_ENDPOINT): ${(err as Error).message}`);
  }
}

/** A URL without its password, for messages. */
function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
