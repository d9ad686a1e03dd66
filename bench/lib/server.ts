// Runs a bench body against a fresh server (own data directory) and always stops it and removes its data.
import fs from 'node:fs';
import { makeDataDir, startServer, type TestServer } from '../../tests/support/server';

export interface BenchServerOptions {
  env?: Record<string, string>;
}

export async function withServer<T>(fn: (server: TestServer) => Promise<T>, options: BenchServerOptions = {}): Promise<T> {
  const dataDir = makeDataDir('imgc-bench-');
  let server: TestServer | undefined;
  try {
    server = await startServer({
      dataDir,
      // A short grace: the bench does not wait for leftover jobs when it stops the server. Every simulated client
      // connects from this one machine's address, so the per-address connection bound is lifted.
      env: { SHUTDOWN_GRACE_SECONDS: '2', MAX_CONNECTIONS_PER_ADDRESS: '100000', ...options.env },
      startTimeoutMs: 60_000,
    });
    return await fn(server);
  } finally {
    if (server) await stopWithin(server, 10_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** SIGTERM, and SIGKILL if the process has not exited in time. */
async function stopWithin(server: TestServer, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  const result = await Promise.race([server.stop().then(() => 'stopped' as const), timedOut]);
  clearTimeout(timer);
  if (result === 'timeout') await server.kill();
}

export function pidOf(server: TestServer): number {
  const pid = server.process.pid;
  if (pid === undefined) throw new Error('server process has no pid');
  return pid;
}
