import type { FastifyInstance } from 'fastify';

export function registerHealthRoutes(app: FastifyInstance, isReady: () => boolean): void {
  app.get('/api/health', async (_request, reply) => {
    if (!isReady()) return reply.code(503).send({ status: 'starting' });
    return { status: 'ok' };
  });
}
