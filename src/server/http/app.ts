// Builds the Fastify app from the services the composition root made. No globals, no env reads.
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Db } from '../db/database';
import type { SessionService } from '../auth/session-service';
import { installErrorHandler } from './error-handler';
import { installSessionHook } from './session-hook';
import { installCrossSiteGuard } from './cross-site-guard';
import { installStaticClient, type PageFallback } from './static-client';
import { installSecurityHeaders } from './security-headers';
import { registerHealthRoutes } from './routes/health';
import { registerRouteGroups, type RouteDeps } from './routes';

export interface AppDeps extends RouteDeps {
  db: Db;
  sessions: SessionService;
  clientDir: string | null;
  trustProxy: boolean;
  headersTimeoutMs: number;
  logLevel: string;
  isReady: () => boolean;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.logLevel },
    trustProxy: deps.trustProxy,
    bodyLimit: 64 * 1024,
    // Cut off clients that dribble headers; bodies are bounded per route by the upload size checks.
    connectionTimeout: 0,
    requestTimeout: 0,
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    // Check slow-header connections often enough for the headers timeout to bite on time.
    http: { connectionsCheckingInterval: 1000 },
  });
  app.server.headersTimeout = deps.headersTimeoutMs;

  let pageFallback: PageFallback | null = null;
  installErrorHandler(app, () => pageFallback);
  installSecurityHeaders(app);
  await app.register(fastifyCookie);
  installCrossSiteGuard(app);
  registerHealthRoutes(app, deps.isReady);
  installSessionHook(app, deps.sessions);
  await registerRouteGroups(app, deps);
  if (deps.clientDir) pageFallback = await installStaticClient(app, deps.clientDir);
  return app;
}
