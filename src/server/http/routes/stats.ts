// GET /api/stats: this instance's figures and its operator's stated facts, for the About page. Public and cheap:
// three small queries, no owner's data.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '#server/http/deps';

export function registerStatsRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get('/api/stats', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return deps.instanceStats.facts();
  });
}
