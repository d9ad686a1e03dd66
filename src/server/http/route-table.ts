// Test hook (ROUTE_TABLE_FILE): writes every route the app registers, as Fastify's onRoute hook sees it, to a JSON
// file once the app is ready, so a test can hold the OpenAPI document against the routes that really exist.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';

export function installRouteTable(app: FastifyInstance, file: string): void {
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url });
  });
  app.addHook('onReady', async () => {
    fs.writeFileSync(file, JSON.stringify(routes));
  });
}
