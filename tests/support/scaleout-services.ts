// Throwaway PostgreSQL, Redis and Ceph RADOS Gateway (ceph-gateway.ts) servers for the scale-out tests and the bench, so they run on any machine with the
// server binaries installed (Debian: postgresql, redis-server) and never touch a service the machine happens to run.
// Each server lives in its own temporary directory (data, unix socket, logs) and listens on 127.0.0.1 on a free port;
// PostgreSQL uses password authentication with a random password. The directory name carries our process id so a
// later run can remove what a killed run left behind (see sweepStaleServices).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { CEPH_PID_FILES, startCephGateway } from './ceph-gateway';

const DIR_PREFIX = 'imgc-services-';
const START_TIMEOUT_MS = 60_000;

export interface RunningService {
  url: string;
  dir: string;
  stop(): Promise<void>;
}

/** Servers and directories of this process, for the exit hook. */
const children = new Set<ChildProcess>();
const dirs = new Set<string>();
let exitHookInstalled = false;

/** Last resort when the test process ends without teardown (an error, Ctrl-C): kill the servers, remove their files. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    // SIGQUIT: immediate shutdown for PostgreSQL (its backends follow), a plain exit for Redis.
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      // Our 'exit' hook runs on the way out; then the default action of the signal.
      process.exit(128 + (os.constants.signals[signal] ?? 1));
    });
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes service directories (and stops their servers) left by test processes that no longer run. */
export function sweepStaleServices(): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(DIR_PREFIX)) continue;
    const owner = Number(/^\d+/.exec(name.slice(DIR_PREFIX.length))?.[0]);
    if (!owner || pidAlive(owner)) continue;
    const dir = path.join(os.tmpdir(), name);
    for (const pidFile of ['pg/postmaster.pid', 'redis.pid', ...CEPH_PID_FILES]) {
      try {
        const pid = Number(fs.readFileSync(path.join(dir, pidFile), 'utf8').split('\n')[0]);
        if (pid > 1) process.kill(pid, 'SIGQUIT');
      } catch {
        // no such server or already gone
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function makeServiceDir(kind: string): string {
  installExitHook();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${DIR_PREFIX}${process.pid}-${kind}-`));
  dirs.add(dir);
  return dir;
}

export function removeServiceDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  dirs.delete(dir);
}

/** Where Debian (or PATH) keeps a PostgreSQL server binary; the newest installed major version wins. */
export function postgresBinary(name: 'initdb' | 'postgres'): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) {
    const candidate = path.join(root, v, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  return whichSync(name);
}

export function whichSync(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * PostgreSQL refuses to run as root. As root we run it as the `postgres` account (or `nobody`) and hand it the
 * service directory; otherwise as ourselves.
 */
function unprivilegedIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const passwd = fs.readFileSync('/etc/passwd', 'utf8').split('\n').map((l) => l.split(':'));
  const entry = passwd.find((f) => f[0] === 'postgres') ?? passwd.find((f) => f[0] === 'nobody');
  if (!entry) throw new Error('running as root, and no "postgres" or "nobody" account to run PostgreSQL as');
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

function chownTree(dir: string, ids: { uid: number; gid: number }): void {
  fs.chownSync(dir, ids.uid, ids.gid);
  for (const entry of fs.readdirSync(dir, { recursive: true }) as string[]) fs.chownSync(path.join(dir, entry), ids.uid, ids.gid);
}

/** Keeps the last few KiB of a server's output for error messages (and drains the pipe so it never blocks). */
export function tail(child: ChildProcess): () => string {
  let out = '';
  const add = (d: Buffer) => {
    out = (out + d.toString()).slice(-8192);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  return () => out;
}

export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Retries `probe` until it succeeds, the server exits, or the start timeout passes. */
export async function waitUntilReady(child: ChildProcess, output: () => string, what: string, probe: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let delay = 20;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited while starting:\n${output()}`);
    try {
      await probe();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`${what} did not accept connections (${(err as Error).message}):\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 500);
  }
}

/** Kills the server if the test process ends without stopping it (see the exit hook). */
export function killOnExit(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/** Stopping a server also removes its directory. */
export function track(child: ChildProcess, dir: string, stopSignal: NodeJS.Signals): () => Promise<void> {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(stopSignal);
    await exited(child);
    removeServiceDir(dir);
  };
}

/** A fresh PostgreSQL cluster; the URL names the `postgres` superuser and database. */
export async function startPostgres(): Promise<RunningService> {
  const initdb = postgresBinary('initdb');
  const postgres = postgresBinary('postgres');
  if (!initdb || !postgres) {
    throw new Error('The scale-out tests start their own PostgreSQL but its server binaries are missing (Debian: apt-get install postgresql), or set TEST_PG_URL');
  }
  const dir = makeServiceDir('pg');
  const ids = unprivilegedIds();
  const password = randomBytes(18).toString('hex');
  const dataDir = path.join(dir, 'pg');
  fs.writeFileSync(path.join(dir, 'pw'), `${password}\n`, { mode: 0o600 });
  if (ids) chownTree(dir, ids);
  const asServer = { cwd: dir, ...ids, env: { ...process.env, LC_ALL: 'C' } };
  const init = spawnSync(
    initdb,
    ['-D', dataDir, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${path.join(dir, 'pw')}`, '--no-sync', '-E', 'UTF8', '--locale=C'],
    { ...asServer, encoding: 'utf8' },
  );
  if (init.status !== 0) {
    removeServiceDir(dir);
    throw new Error(`initdb failed (${init.error?.message ?? init.status}):\n${init.stdout}${init.stderr}`);
  }
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(
      postgres,
      [
        '-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
        // A throwaway cluster: durability buys nothing here, and fsync would slow every test.
        '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
        '-c', 'max_connections=200', '-c', 'logging_collector=off',
      ],
      { ...asServer, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const output = tail(child);
    const stop = track(child, dir, 'SIGINT');
    const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
    try {
      await waitUntilReady(child, output, 'PostgreSQL', async () => {
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
        try {
          await client.connect();
        } finally {
          await client.end().catch(() => undefined);
        }
      });
      return { url, dir, stop };
    } catch (err) {
      // Another process may have taken the port between our probe and the server's bind: try another one.
      const portTaken = /could not bind|Address already in use/.test(output());
      await stopKeepingDir(child);
      if (!portTaken || attempt >= 3) {
        await stop();
        throw err;
      }
    }
  }
}

async function stopKeepingDir(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
  await exited(child);
}

/** A fresh Redis without persistence; on `port` if given (a test bringing "the same" Redis back), else a free one. */
export async function startRedis(options: { port?: number } = {}): Promise<RunningService> {
  const redisServer = whichSync('redis-server') ?? (fs.existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : undefined);
  if (!redisServer) {
    throw new Error('The scale-out tests start their own Redis but redis-server is missing (Debian: apt-get install redis-server), or set TEST_REDIS_URL');
  }
  const dir = makeServiceDir('redis');
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    const child = spawn(
      redisServer,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir,
        '--pidfile', path.join(dir, 'redis.pid'), '--daemonize', 'no', '--loglevel', 'warning'],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const output = tail(child);
    const stop = track(child, dir, 'SIGTERM');
    const url = `redis://127.0.0.1:${port}`;
    try {
      await waitUntilReady(child, output, 'Redis', async () => {
        const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
        redis.on('error', () => undefined); // a refused connection while starting is expected; connect() reports it
        try {
          await redis.connect();
          await redis.ping();
        } finally {
          redis.disconnect();
        }
      });
      return { url, dir, stop };
    } catch (err) {
      const portTaken = /Address already in use/.test(output());
      await stopKeepingDir(child);
      if (!portTaken || attempt >= 3 || options.port) {
        await stop();
        throw err;
      }
    }
  }
}

/**
 * Makes TEST_PG_URL and TEST_REDIS_URL point at usable services: the ones given (TEST_PG_URL or DATABASE_URL,
 * TEST_REDIS_URL or REDIS_URL), else our own throwaway servers. Child processes started afterwards (vitest's
 * workers, the servers under test) inherit the variables. Returns what stops the servers it started.
 */
export async function provideScaleoutServices(log: (line: string) => void = () => undefined): Promise<() => Promise<void>> {
  sweepStaleServices();
  const stops: (() => Promise<void>)[] = [];
  // The variables as they were: a later caller in the same process (the bench's next section) must start its own
  // services, not be handed the addresses of ones this teardown stopped.
  const NAMES = ['TEST_PG_URL', 'TEST_REDIS_URL', 'TEST_S3_ENDPOINT', 'TEST_S3_ACCESS_KEY_ID', 'TEST_S3_SECRET_ACCESS_KEY'] as const;
  const before = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
  const teardown = async () => {
    await Promise.all(stops.splice(0).map((s) => s()));
    for (const name of NAMES) {
      if (before[name] === undefined) delete process.env[name];
      else process.env[name] = before[name];
    }
  };
  try {
    const givenPg = process.env.TEST_PG_URL ?? process.env.DATABASE_URL;
    if (givenPg) process.env.TEST_PG_URL = givenPg;
    else {
      const pgService = await startPostgres();
      stops.push(pgService.stop);
      process.env.TEST_PG_URL = pgService.url;
      log(`started PostgreSQL for this run at ${new URL(pgService.url).host} (${pgService.dir})`);
    }
    const givenRedis = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
    if (givenRedis) process.env.TEST_REDIS_URL = givenRedis;
    else {
      const redisService = await startRedis();
      stops.push(redisService.stop);
      process.env.TEST_REDIS_URL = redisService.url;
      log(`started Redis for this run at ${new URL(redisService.url).host} (${redisService.dir})`);
    }
    if (!process.env.TEST_S3_ENDPOINT) {
      const gateway = await startCephGateway();
      stops.push(gateway.stop);
      process.env.TEST_S3_ENDPOINT = gateway.endpoint;
      process.env.TEST_S3_ACCESS_KEY_ID = gateway.accessKeyId;
      process.env.TEST_S3_SECRET_ACCESS_KEY = gateway.secretAccessKey;
      log(`started a Ceph RADOS Gateway for this run at ${gateway.endpoint} (${gateway.dir})`);
    }
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
