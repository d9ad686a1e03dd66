// Adjust's live estimate: POST /api/jobs/:id/estimate (the use case: jobs/estimate-service.ts).
import type { FastifyInstance } from 'fastify';
import type { Estimate } from '#contract/api';
import type { RouteDeps } from '#server/http/deps';
import { ownerOfRequest } from '#server/http/session-hook';

export function registerEstimateRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.post<{ Params: { id: string } }>('/api/jobs/:id/estimate', async (request): Promise<Estimate> =>
    deps.estimates.estimate(ownerOfRequest(request), request.params.id, request.body),
  );
}
