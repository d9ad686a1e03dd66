// Counts every answered request, and its duration, by method, route template (never the URL itself: ids and file
// names would make unbounded label sets) and status.
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '#server/metrics/metrics';

export function installRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    // No route matched (the 404 handler answered): one label for all of them.
    const route = request.is404 ? null : (request.routeOptions.url ?? null);
    metrics.httpRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}
