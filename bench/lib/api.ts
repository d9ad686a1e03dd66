// Setup calls against the API (guests, users, uploads, settling), built on the tests' cookie-keeping client.
import { randomUUID } from 'node:crypto';
import type { CompressResponse, Job } from '#contract/api';
import { HttpClient } from '../../tests/support/http-client';
import { waitForSettled } from '../../tests/support/jobs';
import type { CorpusImage } from './corpus';

export { HttpClient, waitForSettled };

/**
 * A guest with a stored session cookie. Reads never store a guest session (docs/decisions/0103); a pause does,
 * and the resume right after leaves the guest's queue running as a new visitor's would be.
 */
export async function newGuest(baseUrl: string): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  for (const action of ['/api/queue/pause', '/api/queue/resume']) {
    const res = await client.post(action);
    if (res.status !== 200 || !client.cookie) throw new Error(`guest session: ${action} HTTP ${res.status}`);
    await res.arrayBuffer();
  }
  return client;
}

/** A freshly registered, signed-in user (50 files per batch, no 10 MB limit). */
export async function newUser(baseUrl: string): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  const res = await client.post('/api/register', {
    email: `bench-${randomUUID()}@example.com`,
    password: 'bench-password',
    firstName: 'Bench',
    lastName: 'User',
  });
  if (res.status !== 200 && res.status !== 201) throw new Error(`register: HTTP ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return client;
}

export async function upload(client: HttpClient, images: readonly CorpusImage[], quality = 80, type = 'web'): Promise<Job[]> {
  const res = await client.upload(
    images.map((i) => ({ name: i.name, data: i.data })),
    { quality: String(quality), type },
  );
  const text = await res.text();
  if (res.status !== 201) throw new Error(`upload: HTTP ${res.status} ${text.slice(0, 200)}`);
  const body = JSON.parse(text) as CompressResponse;
  if (body.rejected.length) throw new Error(`upload rejected files: ${JSON.stringify(body.rejected)}`);
  return body.jobs;
}

export const completedAtMs = (job: Job): number => (job.completedAt ? Date.parse(job.completedAt) : NaN);

export const megapixels = (job: Job): number => ((job.originalWidth ?? 0) * (job.originalHeight ?? 0)) / 1e6;
