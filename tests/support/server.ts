// Starts the real server as a child process on a random port with its own temporary DATA_DIR.
// With TEST_MODE=scaleout the same server runs on PostgreSQL and BullMQ/Redis: each data directory gets its
// own database and Redis key prefix (see scaleout-backing.ts), so restarts on one directory see the same data.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { REPO_ROOT } from './paths';
import { SCALEOUT, backingFor, releaseBacking, trackChild } from './scaleout-backing';

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  /** Scale-out mode only: the server's PostgreSQL database and Redis key prefix. */
  databaseUrl?: string;
  redisPrefix?: string;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM and wait for exit. */
  stop: () => Promise<void>;
  /** SIGKILL (crash) and wait for exit. */
  kill: () => Promise<void>;
  /** Removes the data directory (call after stop/kill when the test no longer needs it). */
  cleanup: () => void;
}

export interface StartOptions {
  dataDir?: string;
  /** Scale-out: use the database, Redis prefix and bucket of this data directory's servers (processes share no directory). */
  backingOf?: string;
  env?: Record<string, string>;
  startTimeoutMs?: number;
}

export function makeDataDir(prefix = 'imgc-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? makeDataDir();
  const backing = SCALEOUT ? await backingFor(options.backingOf ?? dataDir) : undefined;
  // A test that moves the clock needs the test entry point, which injects an offset clock; all others run the real one.
  const movesClock = Object.keys(options.env ?? {}).some((k) => k.startsWith('TEST_CLOCK_OFFSET'));
  const entry = movesClock ? 'tests/support/test-server-main.ts' : 'src/server/main.ts';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, entry)], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...backing?.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  trackChild(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), options.startTimeoutMs ?? 120_000);
    const onData = () => {
      const m = /listening on http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });

  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    await exited;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    databaseUrl: backing?.databaseUrl,
    redisPrefix: backing?.redisPrefix,
    process: child,
    output: () => out,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
    cleanup: () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      releaseBacking(options.backingOf ?? dataDir);
    },
  };
}

/**
 * One server for a whole test file: started before its tests, stopped and removed after them. The returned object
 * stands for the running server (its properties are read when used, after start).
 */
export function useServer(options: StartOptions = {}): TestServer {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startServer(options);
  });
  afterAll(async () => {
    if (!current) return;
    await current.stop();
    current.cleanup();
  });
  return new Proxy({} as TestServer, {
    get(_target, key) {
      if (!current) throw new Error('the test server is used before it started (use it inside tests or hooks)');
      return Reflect.get(current, key);
    },
  });
}

/**
 * Servers a test starts itself (several, or restarted on one data directory): each is killed with -9 after the test
 * that started it, pass or fail.
 */
export function useServers(): (options: StartOptions) => Promise<TestServer> {
  const started: TestServer[] = [];
  afterEach(async () => {
    for (const s of started.splice(0)) await s.kill();
  });
  return async (options) => {
    const s = await startServer(options);
    started.push(s);
    return s;
  };
}
