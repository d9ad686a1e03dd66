// The caller's jobs: list, wait for one, delete one, delete all, re-tune one. Another owner's id is indistinguishable
// from a missing one.
import type { FastifyInstance } from 'fastify';
import { toJobJson } from '#server/jobs/job-json';
import { callerOf, ownerOfRequest } from '#server/http/session-hook';
import { notFound } from '#server/errors';
import type { RouteDeps } from '#server/http/deps';
import { jobQuerySchema } from '#contract/api-keys';

export function registerJobRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get('/api/jobs', async (request) => (await deps.jobService.list(ownerOfRequest(request))).map(toJobJson));

  // One job; with ?wait=N (0-30 s) the answer comes once the job is completed or failed, or when N seconds pass.
  app.get<{ Params: { id: string } }>('/api/jobs/:id', async (request, reply) => {
    const { wait } = jobQuerySchema.parse(request.query ?? {});
    const ownerId = ownerOfRequest(request);
    const gone = new AbortController();
    // The response closing before we answered means the client went away: stop polling for it.
    reply.raw.once('close', () => gone.abort());
    const job = await deps.waiter.wait(ownerId, wait * 1000, () => deps.jobService.findOwned(request.params.id, ownerId), gone.signal);
    if (!job) throw notFound('Job not found');
    return toJobJson(job);
  });

  app.delete<{ Params: { id: string } }>('/api/jobs/:id', async (request, reply) => {
    if (!(await deps.jobService.remove(request.params.id, ownerOfRequest(request)))) throw notFound('Job not found');
    return reply.code(204).send();
  });

  // Re-tune: the job runs again from its stored original with the settings given (jobs/retune-service.ts).
  app.post<{ Params: { id: string } }>('/api/jobs/:id/recompress', async (request) =>
    toJobJson(await deps.retunes.retune(callerOf(request), request.params.id, request.body)),
  );

  // Re-compress all: every finished job of the caller again, with the same changes (RetuneService.retuneAll).
  app.post('/api/jobs/recompress', async (request) => {
    const { jobs, skipped } = await deps.retunes.retuneAll(callerOf(request), request.body);
    return { jobs: jobs.map(toJobJson), skipped };
  });

  app.delete('/api/jobs', async (request) => {
    const deleted = await deps.jobService.removeAll(ownerOfRequest(request));
    return { deleted };
  });
}
