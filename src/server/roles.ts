// Runs what container.ts built in the process's role: serves HTTP (the whole API, or only the health check for a
// worker), starts the queue's workers unless the role is `api`, and owns the shutdown on SIGTERM/SIGINT.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Deps } from './container';
import type { Logger } from './logger';
import { buildApp } from './http/app';
import { pingDatabase } from './db/database';
import { registerHealthRoutes } from './http/routes/health';

export async function runRole(config: Config, deps: Deps): Promise<void> {
  const { log, blobs, db, queue, codec, transformLane, sweeper, uploadGate, waiter, webhookDispatcher } = deps;
  let ready = false;
  const isReady = () => ready;
  // A worker serves no API, only the health check (for its orchestrator's probes); the API roles serve it all.
  const app = config.role === 'worker' ? buildHealthApp(log, isReady) : await buildApp({
    ...deps,
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
    uploadGate.close();
    waiter.stop();
    log.warn({ signal, graceMs: config.shutdownGraceMs }, 'finishing running jobs, then stopping');
    sweeper.stop();
    await queue.stop(config.shutdownGraceMs);
    await webhookDispatcher.stop(config.webhooks.attemptTimeoutMs);
    await Promise.all([codec.close(), transformLane.close()]);
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

function buildHealthApp(log: Logger, isReady: () => boolean): FastifyInstance {
  const loggerInstance: FastifyBaseLogger = log;
  const app = Fastify({ loggerInstance, return503OnClosing: true });
  registerHealthRoutes(app, isReady);
  return app;
}
