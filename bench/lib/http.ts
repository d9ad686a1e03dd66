// Minimal keep-alive HTTP client on node:http for load generation (lighter than fetch), with a one-cookie jar.
import http from 'node:http';

export interface HttpResult {
  status: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  agent?: http.Agent;
  timeoutMs?: number;
}

export function request(url: string, options: RequestOptions = {}): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: options.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (options.timeoutMs) {
      req.setTimeout(options.timeoutMs, () => req.destroy(new Error(`timeout after ${options.timeoutMs} ms`)));
    }
    req.end(options.body);
  });
}

/** One browser: its own connection pool and its session cookie. */
export class BenchClient {
  cookie: string | null = null;

  constructor(
    readonly baseUrl: string,
    readonly agent: http.Agent = new http.Agent({ keepAlive: true, maxSockets: 6 }),
  ) {}

  async send(method: string, path: string, body?: Buffer | string, headers: Record<string, string> = {}): Promise<HttpResult> {
    const h: Record<string, string> = { ...headers };
    if (this.cookie) h.cookie = this.cookie;
    const res = await request(this.baseUrl + path, { method, headers: h, body, agent: this.agent, timeoutMs: 60_000 });
    const setCookie = res.headers['set-cookie']?.[0];
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    return res;
  }

  get(path: string): Promise<HttpResult> {
    return this.send('GET', path);
  }

  close(): void {
    this.agent.destroy();
  }
}

export interface Outcome {
  latencyMs: number;
  /** HTTP status, or 0 for a network error or timeout. */
  status: number;
  error?: string;
}

export interface TagSummary {
  count: number;
  ok: number;
  /** 429 responses: backpressure, counted apart from errors. */
  throttled: number;
  /** Other non-2xx responses and network errors. */
  errors: number;
  statuses: Record<string, number>;
  firstErrors: string[];
  latencies: number[];
}

/** Collects outcomes per tag (endpoint or phase). */
export class Recorder {
  readonly tags = new Map<string, TagSummary>();

  add(tag: string, outcome: Outcome): void {
    let t = this.tags.get(tag);
    if (!t) {
      t = { count: 0, ok: 0, throttled: 0, errors: 0, statuses: {}, firstErrors: [], latencies: [] };
      this.tags.set(tag, t);
    }
    t.count++;
    const key = outcome.status === 0 ? 'network' : String(outcome.status);
    t.statuses[key] = (t.statuses[key] ?? 0) + 1;
    if (outcome.status >= 200 && outcome.status < 300) t.ok++;
    else if (outcome.status === 429) t.throttled++;
    else {
      t.errors++;
      if (t.firstErrors.length < 3) t.firstErrors.push(outcome.error ?? `HTTP ${outcome.status}`);
    }
    // Latency counts every answered request; network errors have no meaningful latency.
    if (outcome.status !== 0) t.latencies.push(outcome.latencyMs);
  }

  get(tag: string): TagSummary | undefined {
    return this.tags.get(tag);
  }
}

/** Times one request from a given start (the scheduled send time, for open-loop clients). */
export async function timed(startedAt: number, send: () => Promise<HttpResult>): Promise<Outcome & { result?: HttpResult }> {
  try {
    const result = await send();
    const outcome: Outcome & { result?: HttpResult } = { latencyMs: performance.now() - startedAt, status: result.status, result };
    if (result.status >= 400) outcome.error = `HTTP ${result.status}: ${result.body.toString('utf8').slice(0, 120)}`;
    return outcome;
  } catch (err) {
    return { latencyMs: performance.now() - startedAt, status: 0, error: (err as Error).message };
  }
}
