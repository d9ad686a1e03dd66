import type { FastifyInstance } from 'fastify';

/**
 * Why this node cannot take uploads right now (shutting down, storage not writable or full, database
 * unreachable), or null when it can. A load balancer's health check must see that, or it keeps sending uploads
 * to a node that refuses every one.
 */
export type UploadReadiness = () => Promise<string | null>;

export function registerHealthRoutes(app: FastifyInstance, isReady: () => boolean, uploadReadiness?: UploadReadiness): void {
  app.get('/api/health', async (_request, reply) => {
    if (!isReady()) return reply.code(503).send({ status: 'starting' });
    const problem = uploadReadiness ? await uploadReadiness() : null;
    if (problem) return reply.code(503).header('Retry-After', '10').header('Cache-Control', 'no-store').send({ status: 'unavailable', reason: problem });
    return { status: 'ok' };
  });
}
