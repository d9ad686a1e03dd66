// Builds the Fastify app from the services the composition root made. No globals, no env reads.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Logger } from '#server/logger';
import type { SessionService } from '#server/auth/session-service';
import { installErrorHandler } from './error-handler';
import { installSessionHook, SESSION_COOKIE } from './session-hook';
import { toUserJson } from '#server/auth/account-service';
import { installApiKeyAuth } from './api-key-auth';
import { installRouteTable } from './route-table';
import { installCrossSiteGuard } from './cross-site-guard';
import { installStaticClient, type PageFallback } from './static-client';
import { installSecurityHeaders } from './security-headers';
import { installResponseCompression } from './response-compression';
import { registerHealthRoutes, type UploadReadiness } from './routes/health';
import type { Readiness } from '#server/health/readiness';
import type { Metrics } from '#server/metrics/metrics';
import { installRequestIdHeader, requestIdOptions } from './request-id';
import { installRequestMetrics } from './request-metrics';
import { registerRouteGroups, type RouteDeps } from './routes';
import { installBodyTimeout } from './body-timeout';
import { limitConnectionsPerAddress, trustedProxyMatcher } from './connection-limit';

/** Routes that stream their bodies to disk under an upload's own guard (BodyGuard: a byte ceiling and a minimum rate). */
const STREAMED_BODIES = new Set(['/api/compress', '/shrink']);

export interface AppDeps extends RouteDeps {
  sessions: SessionService;
  /** The process's logger (logger.ts): Fastify logs requests through it. */
  log: Logger;
  clientDir: string | null;
  /** Reverse proxies to believe (a list of addresses and CIDR ranges), or false. */
  trustProxy: false | string[];
  headersTimeoutMs: number;
  /** Request bodies other than uploads must arrive within this time. */
  bodyTimeoutMs: number;
  /** A connection with no traffic either way for this long is closed. */
  idleTimeoutMs: number;
  maxConnectionsPerAddress: number;
  isReady: () => boolean;
  /** Why uploads cannot be accepted now, or null: /api/health answers 503 while there is a reason. */
  uploadReadiness?: UploadReadiness;
  /** /api/health/ready: dependencies reachable and not draining. */
  readiness: Readiness;
  metrics: Metrics;
  /** Test hook: write the registered routes here once ready (see route-table.ts). */
  routeTableFile?: string;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Typed as Fastify's logger interface, so the app keeps Fastify's default generics.
  const loggerInstance: FastifyBaseLogger = deps.log;
  const app = Fastify({
    loggerInstance,
    ...requestIdOptions(),
    trustProxy: deps.trustProxy,
    bodyLimit: 64 * 1024,
    // Headers: headersTimeout below. Bodies: installBodyTimeout (uploads: BodyGuard). Node's requestTimeout would
    // bound uploads too, whose time depends on their size, so it stays off. Silent connections: connectionTimeout.
    connectionTimeout: deps.idleTimeoutMs,
    requestTimeout: 0,
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    // Check slow-header connections often enough for the headers timeout to bite on time.
    http: { connectionsCheckingInterval: 1000 },
  });
  app.server.headersTimeout = deps.headersTimeoutMs;
  // A trusted reverse proxy carries many clients on its connections: bound connections per client there.
  limitConnectionsPerAddress(app.server, { maxPerAddress: deps.maxConnectionsPerAddress, isExempt: trustedProxyMatcher(deps.trustProxy) });
  if (deps.routeTableFile) installRouteTable(app, deps.routeTableFile);

  installRequestIdHeader(app);
  installRequestMetrics(app, deps.metrics);
  let pageFallback: PageFallback | null = null;
  installErrorHandler(app, () => pageFallback);
  installSecurityHeaders(app);
  installResponseCompression(app);
  installBodyTimeout(app, { timeoutMs: deps.bodyTimeoutMs, guardedElsewhere: (request) => STREAMED_BODIES.has(request.url.split('?')[0] ?? '') });
  await app.register(fastifyCookie);
  installCrossSiteGuard(app);
  registerHealthRoutes(app, deps.isReady, deps.uploadReadiness, deps.readiness);
  installApiKeyAuth(app, deps.apiKeys, deps.fairUse);
  installSessionHook(app, deps.sessions);
  await registerRouteGroups(app, deps);
  if (deps.clientDir) {
    pageFallback = await installStaticClient(app, deps.clientDir, async (request) => {
      const session = await deps.sessions.resolve(request.cookies[SESSION_COOKIE]);
      const user = session ? await deps.accounts.currentUser(session) : null;
      return user ? toUserJson(user) : null;
    });
  }
  return app;
}
