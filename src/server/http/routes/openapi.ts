// The published contract: the OpenAPI 3.1 document generated from src/contract, built once per process.
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '#contract/openapi';

export function registerOpenApiRoute(app: FastifyInstance): void {
  let document: string | null = null;
  app.get('/api/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(buildOpenApiDocument());
    return reply.type('application/json; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(document);
  });
}
