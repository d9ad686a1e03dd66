// Helpers for API-key tests: a signed-in user (cookie client) and key-authenticated requests without cookies.
import { expect } from 'vitest';
import { HttpClient, type UploadFile } from './http-client';
import type { CreatedApiKey } from '#contract/api-keys';

let counter = 0;

export async function signedInUser(baseUrl: string, name = 'dev'): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  counter += 1;
  const res = await client.post('/api/register', {
    email: `${name}-${process.pid}-${Date.now()}-${counter}@example.com`,
    password: 'secret-password',
    firstName: name,
    lastName: 'Tester',
  });
  expect(res.status).toBe(201);
  return client;
}

export async function createKey(client: HttpClient, name = 'build script'): Promise<CreatedApiKey> {
  const res = await client.post('/api/keys', { name });
  expect(res.status).toBe(201);
  return (await res.json()) as CreatedApiKey;
}

/** A request that presents only the key: no cookie, no Origin or Sec-Fetch headers (a script, not a browser). */
export function withKey(baseUrl: string, key: string, method: string, urlPath: string, init: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  return fetch(baseUrl + urlPath, { method, headers, body, redirect: 'manual' });
}

export function uploadWithKey(baseUrl: string, key: string, files: UploadFile[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('images', new Blob([new Uint8Array(f.data)], { type: f.type ?? (f.name.endsWith('.png') ? 'image/png' : 'image/jpeg') }), f.name);
  return withKey(baseUrl, key, 'POST', '/api/compress', { body: form });
}
