// The caller's jobs: list, delete one, delete all, re-tune one. Another owner's id is indistinguishable from a
// missing one.
import type { FastifyInstance } from 'fastify';
import { toJobJson } from '#server/jobs/job-json';
import { settingsInputOf } from '#server/jobs/job-settings';
import { ownerOfRequest } from '#server/http/session-hook';
import { DomainError, notFound } from '#server/errors';
import { compressSettingsSchema, settingsFieldOf } from '#contract/settings-schema';
import type { JobRow } from '#server/db/schema';
import type { RouteDeps } from '#server/http/deps';
import { jobQuerySchema } from '#contract/api-keys';
import { JobWaiter } from '#server/api/job-waiter';

export function registerJobRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get('/api/jobs', async (request) => (await deps.jobService.list(ownerOfRequest(request))).map(toJobJson));

  // One job; with ?wait=N (0-30 s) the answer comes once the job is completed or failed, or when N seconds pass.
  const waiter = new JobWaiter();
  app.addHook('onClose', async () => waiter.stop());
  app.get<{ Params: { id: string } }>('/api/jobs/:id', async (request, reply) => {
    const { wait } = jobQuerySchema.parse(request.query ?? {});
    const ownerId = ownerOfRequest(request);
    const gone = new AbortController();
    // The response closing before we answered means the client went away: stop polling for it.
    reply.raw.once('close', () => gone.abort());
    const job = await waiter.wait(ownerId, wait * 1000, () => deps.jobService.findOwned(request.params.id, ownerId), gone.signal);
    if (!job) throw notFound('Job not found');
    return toJobJson(job);
  });

  app.delete<{ Params: { id: string } }>('/api/jobs/:id', async (request, reply) => {
    if (!(await deps.jobService.remove(request.params.id, ownerOfRequest(request)))) throw notFound('Job not found');
    return reply.code(204).send();
  });

  // Re-tune: the job runs again from its stored original with the settings given (the others keep their values).
  app.post<{ Params: { id: string } }>('/api/jobs/:id/recompress', async (request) => {
    if (!deps.acceptingUploads()) {
      throw new DomainError('SHUTTING_DOWN', 'The server is restarting; please try again in a moment.', { retryAfterSeconds: 10 });
    }
    const changes = request.body ?? {};
    if (typeof changes !== 'object' || Array.isArray(changes)) {
      throw new DomainError('VALIDATION_FAILED', 'The body must be a JSON object of compression settings');
    }
    const ownerId = ownerOfRequest(request);
    const applicant = { ownerId, guestAddress: request.session.user_id ? null : request.ip };
    // API keys: a re-tune is one more compressed image of the month's allowance.
    if (request.apiKey) await deps.fairUse.chargeImages(request.apiKey, 1);
    const row = await deps.jobService.recompress(
      request.params.id,
      ownerId,
      (current) => retunedSettings(current, changes as Record<string, unknown>),
      (write) => deps.admission.admit(applicant, write),
    );
    return toJobJson(row);
  });

  app.delete('/api/jobs', async (request) => {
    const deleted = await deps.jobService.removeAll(ownerOfRequest(request));
    return { deleted };
  });
}

/** The job's settings with the given changes applied; `null` removes an optional one (a resize bound, say). */
export function retunedSettings(current: JobRow, changes: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...settingsInputOf(current) };
  for (const [name, value] of Object.entries(changes)) {
    // A misspelt setting would otherwise be dropped without a word, and the job re-run unchanged.
    if (!Object.hasOwn(compressSettingsSchema.shape, name)) {
      throw new DomainError('INVALID_SETTINGS', `Unknown setting "${name}"`, { field: name });
    }
    if (value === null) delete merged[name];
    else merged[name] = value;
  }
  const parsed = compressSettingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new DomainError('INVALID_SETTINGS', issue?.message ?? 'Invalid compression settings', { field: issue ? settingsFieldOf(issue) : undefined });
}
