// Webhook endpoints of the signed-in user or API key's user: register (secret shown once), list, delete, and the
// deliveries with every attempt. Guests have no webhooks: their jobs are not theirs for long enough to be told of.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createWebhookSchema, type CreatedWebhook, type Webhook, type WebhookDelivery, type WebhookEvent } from '#contract/webhooks';
import { MESSAGES } from '#contract/messages';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookRow } from '#server/db/schema';
import { DomainError } from '#server/errors';
import type { RouteDeps } from '#server/http/deps';

const userOf = (request: FastifyRequest): string => {
  if (!request.session.user_id) throw new DomainError('UNAUTHENTICATED', MESSAGES.unauthorized);
  return request.session.user_id;
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const toWebhookJson = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events.split(',') as WebhookEvent[],
  kind: row.kind,
  description: row.description,
  createdAt: new Date(row.created_at).toISOString(),
});

const toDeliveryJson = ({ delivery, attempts }: { delivery: WebhookDeliveryRow; attempts: WebhookAttemptRow[] }): WebhookDelivery => ({
  id: delivery.id,
  event: delivery.event,
  jobId: delivery.job_id,
  status: delivery.status,
  createdAt: new Date(delivery.created_at).toISOString(),
  deliveredAt: iso(delivery.delivered_at),
  nextAttemptAt: delivery.status === 'pending' ? new Date(delivery.next_attempt_at).toISOString() : null,
  attempts: attempts.map((a) => ({ at: new Date(a.attempted_at).toISOString(), statusCode: a.status_code, error: a.error, durationMs: a.duration_ms })),
});

export function registerWebhookRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { webhooks } = deps;

  app.post('/api/webhooks', async (request, reply) => {
    const ownerId = userOf(request);
    const input = createWebhookSchema.parse(request.body ?? {});
    const { row, secret } = await webhooks.create(ownerId, input);
    const body: CreatedWebhook = { ...toWebhookJson(row), secret };
    return reply.code(201).header('Cache-Control', 'no-store').send(body);
  });

  app.get('/api/webhooks', async (request) => (await webhooks.list(userOf(request))).map(toWebhookJson));

  app.delete<{ Params: { id: string } }>('/api/webhooks/:id', async (request, reply) => {
    await webhooks.remove(request.params.id, userOf(request));
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/api/webhooks/:id/deliveries', async (request) =>
    (await webhooks.deliveries(request.params.id, userOf(request))).map(toDeliveryJson),
  );
}
