// A cookie-keeping HTTP client for API tests: one instance is one browser (one guest or user).
import fs from 'node:fs';
import path from 'node:path';

export interface UploadFile {
  name: string;
  data: Buffer;
  type?: string;
}

export class HttpClient {
  cookie: string | null = null;

  constructor(public baseUrl: string) {}

  async request(method: string, urlPath: string, init: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await fetch(this.baseUrl + urlPath, { method, headers, body, redirect: 'manual' });
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

export const fileFrom = (filePath: string, name = path.basename(filePath)): UploadFile => ({
  name,
  data: fs.readFileSync(filePath),
});

const guessType = (name: string) =>
  name.endsWith('.png') ? 'image/png' : /\.jpe?g$/.test(name) ? 'image/jpeg' : 'application/octet-stream';
