// A real HTTP server on a loopback port that records the webhook requests it gets and answers with the statuses a
// test scripts (e.g. 500 twice, then 200), so delivery, signatures and retries are checked end to end.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export interface ReceivedRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** Statuses for the next requests, in order; afterwards `fallback` (200). */
  answers: number[];
  fallback: number;
  /** Extra headers per status (e.g. a Location for a 302). */
  headersFor: Record<number, Record<string, string>>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<WebhookReceiver> {
  const receiver: Omit<WebhookReceiver, 'url' | 'close'> = { requests: [], answers: [], fallback: 200, headersFor: {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      receiver.requests.push({ path: req.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = receiver.answers.shift() ?? receiver.fallback;
      res.writeHead(status, receiver.headersFor[status] ?? {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** Receivers a test starts, closed after it. */
export function useReceivers(): () => Promise<WebhookReceiver> {
  const started: WebhookReceiver[] = [];
  afterEach(async () => {
    for (const r of started.splice(0)) await r.close();
  });
  return async () => {
    const r = await startReceiver();
    started.push(r);
    return r;
  };
}
