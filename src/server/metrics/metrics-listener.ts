// The metrics listener: `GET /metrics` in Prometheus's text format on METRICS_PORT, a port of its own, so the public
// port never shows the figures and an operator exposes this one to the scraper only. Plain node:http: it serves one
// path, needs none of the app's hooks (sessions, cookies, rate limits), and must answer while the app is busy.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '#server/logger';
import type { Metrics } from './metrics';

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

export async function startMetricsListener(metrics: Metrics, host: string, port: number, log: Logger): Promise<MetricsListener> {
  metrics.startProcessMetrics();
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Only GET /metrics is served here\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        // A gauge whose source is down (the database, say) must not hide the others for long: say so, and the
        // scraper marks the target down, which is itself the signal.
        log.error({ err }, 'collecting metrics failed');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Collecting metrics failed\n');
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
