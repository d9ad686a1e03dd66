// One file per route group; this wires them together.
export type { RouteDeps } from '#server/http/deps';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '#server/http/deps';
import { registerAuthRoutes } from './auth';
import { registerConfigRoutes } from './config';
import { registerCompressRoutes } from './compress';
import { registerJobRoutes } from './jobs';
import { registerEstimateRoutes } from './estimate';
import { registerQueueRoutes } from './queue';
import { registerDownloadRoutes } from './downloads';
import { registerApiKeyRoutes } from './api-keys';
import { registerOpenApiRoute } from './openapi';
import { registerTinifyRoutes } from './tinify';
import { registerWebhookRoutes } from './webhooks';
import { registerStatsRoutes } from './stats';

export async function registerRouteGroups(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  // Loaded here, with the routes that parse uploads, rather than at start-up of every process that imports the app.
  const { default: multipart } = await import('@fastify/multipart');
  // Oversize files are reported per file (the rest of the batch still goes through), not thrown.
  await app.register(multipart, { throwFileSizeLimit: false });
  registerAuthRoutes(app, deps);
  registerConfigRoutes(app);
  registerCompressRoutes(app, deps);
  registerJobRoutes(app, deps);
  registerEstimateRoutes(app, deps);
  registerQueueRoutes(app, deps);
  registerDownloadRoutes(app, deps);
  registerApiKeyRoutes(app, deps);
  registerOpenApiRoute(app);
  registerTinifyRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  registerStatsRoutes(app, deps);
}
