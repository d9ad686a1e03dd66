// Per-owner queue state and control: acts on the caller's jobs only.
import type { FastifyInstance } from 'fastify';
import { ensureStoredSession, ownerOfRequest } from '#server/http/session-hook';
import type { RouteDeps } from '#server/http/deps';

export function registerQueueRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get('/api/queue/status', async (request) => deps.jobService.status(ownerOfRequest(request)));
  app.get('/api/queue/stats', async (request) => deps.jobService.stats(ownerOfRequest(request)));

  // Pausing is remembered, so a new visitor gets a stored guest session; resume and clear have nothing to act on
  // for a visitor without one (an unsaved guest owns no jobs and no queue state), so they store nothing.
  app.post('/api/queue/pause', async (request, reply) => {
    await ensureStoredSession(request, reply, deps.sessions);
    const ownerId = ownerOfRequest(request);
    await deps.jobService.pause(ownerId);
    return deps.jobService.status(ownerId);
  });
  app.post('/api/queue/resume', async (request) => {
    const ownerId = ownerOfRequest(request);
    if (request.sessionStored || request.apiKey) await deps.jobService.resume(ownerId);
    return deps.jobService.status(ownerId);
  });
  app.post('/api/queue/clear', async (request) => {
    const ownerId = ownerOfRequest(request);
    const cleared = await deps.jobService.clearPending(ownerId);
    return { cleared, ...(await deps.jobService.status(ownerId)) };
  });
}
