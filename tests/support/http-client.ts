// A cookie-keeping HTTP client for API tests: one instance is one browser (one guest or user).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export interface UploadFile {
  name: string;
  data: Buffer;
  type?: string;
}

export class HttpClient {
  cookie: string | null = null;

  /**
   * `localAddress` sends from that loopback address (127.0.0.2, ...), so one test can play clients on several
   * addresses (per-address limits).
   */
  constructor(
    public baseUrl: string,
    private readonly options: { localAddress?: string } = {},
  ) {}

  async request(method: string, urlPath: string, init: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = this.options.localAddress
      ? await requestFrom(this.options.localAddress, new Request(this.baseUrl + urlPath, { method, headers, body }))
      : await fetch(this.baseUrl + urlPath, { method, headers, body, redirect: 'manual' });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0]!;
      this.cookie = pair.endsWith('=') ? null : pair;
    }
    return res;
  }

  get(urlPath: string, headers?: Record<string, string>) {
    return this.request('GET', urlPath, { headers });
  }

  async getJson<T = unknown>(urlPath: string): Promise<{ status: number; body: T }> {
    const res = await this.get(urlPath);
    return { status: res.status, body: (await res.json()) as T };
  }

  post(urlPath: string, json?: unknown, headers?: Record<string, string>) {
    return this.request('POST', urlPath, { json, headers });
  }

  delete(urlPath: string) {
    return this.request('DELETE', urlPath);
  }

  upload(files: UploadFile[], fields: Record<string, string> = {}, headers?: Record<string, string>) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const f of files) form.append('images', new Blob([new Uint8Array(f.data)], { type: f.type ?? guessType(f.name) }), f.name);
    return this.request('POST', '/api/compress', { body: form, headers });
  }
}

/** fetch() cannot choose the local address; node:http can. The answer is a standard Response all the same. */
async function requestFrom(localAddress: string, req: Request): Promise<Response> {
  const body = Buffer.from(await req.arrayBuffer());
  const url = new URL(req.url);
  const headers: Record<string, string> = Object.fromEntries(req.headers);
  if (body.length) headers['content-length'] = String(body.length);
  return new Promise<Response>((resolve, reject) => {
    const r = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: req.method, headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const out = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) out.append(k, one);
        }
        const status = res.statusCode ?? 0;
        const data = Buffer.concat(chunks);
        resolve(new Response(data.length && status !== 204 && status !== 304 ? data : null, { status, headers: out }));
      });
    });
    r.on('error', reject);
    r.end(body);
  });
}

export const fileFrom = (filePath: string, name = path.basename(filePath)): UploadFile => ({
  name,
  data: fs.readFileSync(filePath),
});

const guessType = (name: string) =>
  name.endsWith('.png') ? 'image/png' : /\.jpe?g$/.test(name) ? 'image/jpeg' : 'application/octet-stream';
