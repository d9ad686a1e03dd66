// Webhook endpoints of the signed-in user or API key's user: register (secret shown once), list, delete, and the
// deliveries with every attempt. Guests have no webhooks: their jobs are not theirs for long enough to be told of.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createWebhookSchema, type CreatedWebhook } from '#contract/webhooks';
import { MESSAGES } from '#contract/messages';
import { toDeliveryJson, toWebhookJson } from '#server/webhooks/webhook-json';
import { DomainError } from '#server/errors';
import type { RouteDeps } from '#server/http/deps';

const userOf = (request: FastifyRequest): string => {
  if (!request.session.user_id) throw new DomainError('UNAUTHENTICATED', MESSAGES.unauthorized);
  return request.session.user_id;
};

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
