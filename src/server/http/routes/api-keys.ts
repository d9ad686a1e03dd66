// Key management (session only: see api-key-auth.ts) and the caller's fair-use figures.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createApiKeySchema, type ApiKey, type CreatedApiKey, type Usage } from '#contract/api-keys';
import type { ApiKeySummary } from '#server/auth/api-key-service';
import { notFound, unauthenticated } from '#server/errors';
import type { RouteDeps } from '#server/http/deps';

const signedInUser = (request: FastifyRequest): string => {
  if (!request.session.user_id) throw unauthenticated();
  return request.session.user_id;
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const toApiKeyJson = (row: ApiKeySummary, imagesThisMonth: number): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: iso(row.last_used_at),
  imagesThisMonth,
});

export function registerApiKeyRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { apiKeys, fairUse } = deps;

  const listWithUsage = async (userId: string): Promise<ApiKey[]> => {
    const rows = await apiKeys.list(userId);
    const usage = await fairUse.imagesThisMonth(rows.map((r) => r.id));
    return rows.map((r) => toApiKeyJson(r, usage.get(r.id) ?? 0));
  };

  app.post('/api/keys', async (request, reply) => {
    const userId = signedInUser(request);
    const input = createApiKeySchema.parse(request.body ?? {});
    const { summary, key } = await apiKeys.create(userId, input);
    const body: CreatedApiKey = { ...toApiKeyJson(summary, 0), key };
    return reply.code(201).header('Cache-Control', 'no-store').send(body);
  });

  app.get('/api/keys', async (request) => listWithUsage(signedInUser(request)));

  app.delete<{ Params: { id: string } }>('/api/keys/:id', async (request, reply) => {
    if (!(await apiKeys.revoke(request.params.id, signedInUser(request)))) throw notFound('API key not found');
    return reply.code(204).send();
  });

  // With a session or a key: a key sees its user's figures too (scripts check their allowance).
  app.get('/api/usage', async (request) => {
    const userId = signedInUser(request);
    const [images, keys] = await Promise.all([fairUse.userImagesThisMonth(userId), listWithUsage(userId)]);
    const body: Usage = { month: fairUse.month(), images, limits: { ...fairUse.limits }, keys };
    return body;
  });
}
