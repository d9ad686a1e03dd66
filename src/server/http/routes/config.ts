import type { FastifyInstance } from 'fastify';
import { COMPRESSION_PRESETS } from '#contract/presets';
import { uploadConfigFor } from '#server/http/upload-limits';

export function registerConfigRoutes(app: FastifyInstance): void {
  app.get('/api/upload-config', async (request) => uploadConfigFor(request.session));
  app.get('/api/compression-presets', async () => COMPRESSION_PRESETS);
}
