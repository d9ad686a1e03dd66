import type { FastifyInstance } from 'fastify';
import type { Liveness, Readiness as ReadinessBody } from '#contract/health';
import type { Readiness } from '#server/health/readiness';

/**
 * Why this node cannot take uploads right now (shutting down, storage not writable or full, database
 * unreachable), or null when it can. A load balancer's health check must see that, or it keeps sending uploads
 * to a node that refuses every one.
 */
export type UploadReadiness = () => Promise<string | null>;

/**
 * `/api/health` (unchanged: ready to take uploads), `/api/health/live` (the process answers; never looks at a
 * dependency) and `/api/health/ready` (dependencies reachable and not draining, with each one's state).
 */
export function registerHealthRoutes(app: FastifyInstance, isReady: () => boolean, uploadReadiness?: UploadReadiness, readiness?: Readiness): void {
  app.get('/api/health', async (_request, reply) => {
    if (!isReady()) return reply.code(503).send({ status: 'starting' });
    const problem = uploadReadiness ? await uploadReadiness() : null;
    if (problem) return reply.code(503).header('Retry-After', '10').header('Cache-Control', 'no-store').send({ status: 'unavailable', reason: problem });
    return { status: 'ok' };
  });

  app.get('/api/health/live', async (_request, reply): Promise<Liveness> => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'alive' };
  });

  if (!readiness) return;
  app.get('/api/health/ready', async (_request, reply): Promise<ReadinessBody> => {
    const report = await readiness.report();
    reply.header('Cache-Control', 'no-store');
    if (report.status !== 'ready') reply.code(503).header('Retry-After', '10');
    return report;
  });
}
