// The caller's jobs: list, delete one, delete all. Another owner's id is indistinguishable from a missing one.
import type { FastifyInstance } from 'fastify';
import { toJobJson } from '../../jobs/job-json';
import { ownerOfRequest } from '../session-hook';
import { notFound } from '../errors';
import type { RouteDeps } from './index';

export function registerJobRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get('/api/jobs', async (request) => (await deps.jobService.list(ownerOfRequest(request))).map(toJobJson));

  app.delete<{ Params: { id: string } }>('/api/jobs/:id', async (request, reply) => {
    if (!(await deps.jobService.remove(request.params.id, ownerOfRequest(request)))) throw notFound('Job not found');
    return reply.code(204).send();
  });

  app.delete('/api/jobs', async (request) => {
    const deleted = await deps.jobService.removeAll(ownerOfRequest(request));
    return { deleted };
  });
}
