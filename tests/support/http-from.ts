// HTTP requests from a chosen local address (any of 127.0.0.0/8 reaches a server on 127.0.0.1), so a test can play
// several clients, each with its own address, against one server's per-address limits.
import http from 'node:http';

export interface FromResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: () => unknown;
}

export function requestFrom(
  baseUrl: string,
  localAddress: string,
  method: string,
  urlPath: string,
  options: { json?: unknown; headers?: Record<string, string> } = {},
): Promise<FromResponse> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(urlPath, baseUrl), { method, headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, json: () => JSON.parse(text) as unknown });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Counts of each HTTP status among responses, e.g. { 401: 10, 429: 90 }. */
export function statusCounts(responses: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}
