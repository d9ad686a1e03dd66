// Per-owner queue state and control: acts on the caller's jobs only.
import type { FastifyInstance } from 'fastify';
import { ownerOfRequest } from '../session-hook';
import type { RouteDeps } from './index';

export function registerQueueRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get('/api/queue/status', async (request) => deps.jobService.status(ownerOfRequest(request)));
  app.get('/api/queue/stats', async (request) => deps.jobService.stats(ownerOfRequest(request)));

  app.post('/api/queue/pause', async (request) => {
    const ownerId = ownerOfRequest(request);
    await deps.jobService.pause(ownerId);
    return deps.jobService.status(ownerId);
  });
  app.post('/api/queue/resume', async (request) => {
    const ownerId = ownerOfRequest(request);
    await deps.jobService.resume(ownerId);
    return deps.jobService.status(ownerId);
  });
  app.post('/api/queue/clear', async (request) => {
    const ownerId = ownerOfRequest(request);
    const cleared = await deps.jobService.clearPending(ownerId);
    return { cleared, ...(await deps.jobService.status(ownerId)) };
  });
}
