// Runs what container.ts built in the process's role: serves HTTP (the whole API, or only the health check for a
// worker), starts the queue's workers unless the role is `api`, and owns the shutdown on SIGTERM/SIGINT.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Deps } from './container';
import type { Logger } from './logger';
import { buildApp } from './http/app';
import { pingDatabase } from './db/database';
import { registerHealthRoutes } from './http/routes/health';
import { installRequestIdHeader, requestIdOptions } from './http/request-id';
import { installRequestMetrics } from './http/request-metrics';
import { Readiness, type DependencyName, type Phase } from './health/readiness';
import type { Metrics } from './metrics/metrics';
import { startMetricsListener } from './metrics/metrics-listener';
import { StoreConfigError, StoreUnavailableError } from './storage/driver';

export async function runRole(config: Config, deps: Deps): Promise<void> {
  const { log, blobs, db, queue, codec, transformLane, sweeper, uploadGate, waiter, webhookDispatcher, metrics } = deps;
  let ready = false;
  let phase: Phase = 'starting';
  const isReady = () => ready;
  const readiness = new Readiness(
    { database: () => pingDatabase(db), queue: () => queue.checkReachable(), storage: () => blobs.probeWritable() },
    () => phase,
    dependencyProblem,
  );
  // A worker serves no API, only the health checks (for its orchestrator's probes); the API roles serve it all.
  const app = config.role === 'worker' ? buildHealthApp(log, isReady, readiness, metrics) : await buildApp({
    ...deps,
    uploadScratch: blobs,
    readiness,
    log,
    uploadMinRate: config.uploadMinRate,
    heicInput: config.heicInput,
    headersTimeoutMs: config.headersTimeoutMs,
    bodyTimeoutMs: config.bodyTimeoutMs,
    idleTimeoutMs: config.idleTimeoutMs,
    maxConnectionsPerAddress: config.maxConnectionsPerAddress,
    clientDir: config.clientDir,
    trustProxy: config.trustProxy,
    isReady,
    uploadReadiness: async () => {
      if (!uploadGate.isOpen) return 'shutting down';
      const storage = await blobs.probeWritable().then(() => null, (err: NodeJS.ErrnoException) => `storage not writable (${err.code ?? err.message})`);
      if (storage) return storage;
      return pingDatabase(db).then(() => null, () => 'database unavailable');
    },
    routeTableFile: config.routeTableFile,
    tinifySourceHosts: config.tinifySourceHosts,
  });

  sweeper.start();
  if (config.role !== 'api') {
    await queue.startWorking();
    webhookDispatcher.start();
  }

  // Before the app's port: a process that is listening for traffic can be scraped. Tests read the line when METRICS_PORT=0.
  const metricsListener = config.metricsPort === undefined ? undefined : await startMetricsListener(metrics, config.host, config.metricsPort, log);
  if (metricsListener) console.log(`metrics on http://localhost:${metricsListener.port}/metrics`);
  // A deep accept queue: bursts of new connections (many pollers at once) wait instead of being dropped and retried.
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  ready = true;
  phase = 'serving';
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Tests and operators read this line to find the port when PORT=0.
  console.log(`listening on http://localhost:${port}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readiness turns 503 first, so load balancers stop sending traffic while this process still takes it.
    phase = 'draining';
    if (config.shutdownDelayMs > 0) {
      log.warn({ signal, delayMs: config.shutdownDelayMs }, 'draining: readiness is 503; still serving until the delay ends');
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    }
    uploadGate.close();
    waiter.stop();
    log.warn({ signal, graceMs: config.shutdownGraceMs }, 'finishing running jobs, then stopping');
    sweeper.stop();
    await queue.stop(config.shutdownGraceMs);
    await webhookDispatcher.stop(config.webhooks.attemptTimeoutMs);
    await Promise.all([codec.close(), transformLane.close()]);
    await app.close();
    await metricsListener?.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

function buildHealthApp(log: Logger, isReady: () => boolean, readiness: Readiness, metrics: Metrics): FastifyInstance {
  const loggerInstance: FastifyBaseLogger = log;
  const app = Fastify({ loggerInstance, return503OnClosing: true, ...requestIdOptions() });
  installRequestIdHeader(app);
  installRequestMetrics(app, metrics);
  registerHealthRoutes(app, isReady, undefined, readiness);
  return app;
}

/**
 * A failed dependency in a few words for the readiness answer, which anyone may read: the kind of failure and an
 * error code, never an address, a bucket name or a credential.
 */
function dependencyProblem(name: DependencyName, err: unknown): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (err instanceof StoreConfigError) return 'refuses our configuration or credentials';
  if (err instanceof StoreUnavailableError) return 'unreachable';
  if (name === 'storage') return `not writable${typeof code === 'string' ? ` (${code})` : ''}`;
  return `unreachable${typeof code === 'string' && /^[A-Z0-9_]+$/.test(code) ? ` (${code})` : ''}`;
}
