// Webhooks end to end: a real server, real receivers on loopback ports (allowed by WEBHOOK_ALLOWED_HOSTS), signatures
// checked with the Standard Webhooks reference library, retries, a restart, refused URLs and owner scoping.
import { describe, expect, it } from 'vitest';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { useServer, useServers } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { createKey, signedInUser, uploadWithKey, withKey } from '../support/api-keys';
import { waitFor } from '../support/jobs';
import { queryRows } from '../support/db';
import { useReceivers, type WebhookReceiver } from '../support/webhook-receiver';
import type { CompressResponse } from '#contract/api';
import type { CreatedWebhook, Webhook, WebhookDelivery, WebhookEventBody } from '#contract/webhooks';

const png = () => fileFrom(corpusPath('png', 'pngsuite', 'basn2c08.png'), 'hooked.png');
// Tests poll the deliveries with the key: the per-key request limit is raised so polling never meets it.
const FAST_RETRIES = {
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  WEBHOOK_RETRY_BASE_SECONDS: '0.2',
  WEBHOOK_POLL_SECONDS: '0.2',
  API_REQUESTS_PER_MINUTE_PER_KEY: '100000',
  API_REQUESTS_PER_MINUTE_PER_USER: '100000',
};

async function register(baseUrl: string, key: string, url: string, extra: Record<string, unknown> = {}): Promise<CreatedWebhook> {
  const res = await withKey(baseUrl, key, 'POST', '/api/webhooks', { json: { url, ...extra } });
  expect(res.status).toBe(201);
  return (await res.json()) as CreatedWebhook;
}

async function uploadOne(baseUrl: string, key: string, fields: Record<string, string> = {}): Promise<CompressResponse> {
  const res = await uploadWithKey(baseUrl, key, [png()], fields);
  expect(res.status).toBe(201);
  return (await res.json()) as CompressResponse;
}

async function deliveries(baseUrl: string, key: string, webhookId: string): Promise<WebhookDelivery[]> {
  const res = await withKey(baseUrl, key, 'GET', `/api/webhooks/${webhookId}/deliveries`);
  expect(res.status).toBe(200);
  return (await res.json()) as WebhookDelivery[];
}

const waitForRequests = (receiver: WebhookReceiver, n: number) =>
  waitFor(async () => receiver.requests.length >= n, 60_000, `${n} webhook requests`);

/** Verifies like a receiver would: throws unless the signature matches the secret, id, timestamp and body. */
function verified(secret: string, request: { headers: Record<string, string>; body: string }): WebhookEventBody {
  return new StandardWebhook(secret).verify(request.body, request.headers) as WebhookEventBody;
}

describe('webhooks', () => {
  const server = useServer({ env: FAST_RETRIES });
  const receivers = useReceivers();

  it('delivers a signed job.completed event, stores the secret encrypted and shows the attempt to its owner', async () => {
    const receiver = await receivers();
    const user = await signedInUser(server.url);
    const { key } = await createKey(user);
    const hook = await register(server.url, key, `${receiver.url}/hooks/isq`, { description: 'build' });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(hook).toMatchObject({ kind: 'endpoint', events: ['job.completed', 'job.failed'], description: 'build' });

    const { jobs } = await uploadOne(server.url, key);
    await waitForRequests(receiver, 1);
    const request = receiver.requests[0]!;
    expect(request.path).toBe('/hooks/isq');
    const event = verified(hook.secret, request);
    expect(event.type).toBe('job.completed');
    expect(event.data).toMatchObject({ id: jobs[0]!.id, status: 'completed', filename: 'hooked.png' });
    expect(request.headers['webhook-id']).toMatch(/^msg_/);
    // A forged body fails verification with the same headers.
    expect(() => verified(hook.secret, { ...request, body: request.body.replace('completed', 'failed') })).toThrow();

    const [delivery] = await waitFor(async () => {
      const list = await deliveries(server.url, key, hook.id);
      return list[0]?.status === 'delivered' ? list : undefined;
    });
    expect(delivery).toMatchObject({ id: request.headers['webhook-id'], event: 'job.completed', jobId: jobs[0]!.id, nextAttemptAt: null });
    expect(delivery!.attempts).toEqual([expect.objectContaining({ statusCode: 200, error: null })]);

    // The secret is shown once: neither listed nor stored in clear.
    const listed = (await (await withKey(server.url, key, 'GET', '/api/webhooks')).json()) as Webhook[];
    expect(listed.map((w) => w.id)).toEqual([hook.id]);
    expect(JSON.stringify(listed)).not.toContain(hook.secret);
    const rows = await queryRows<{ secret_encrypted: string }>(server, 'select secret_encrypted from webhooks where id = ?', [hook.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secret_encrypted).not.toContain(hook.secret.slice('whsec_'.length));
  });

  it('holds the per-user webhook ceiling when registrations arrive together', async () => {
    const user = await signedInUser(server.url);
    const { key } = await createKey(user);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => withKey(server.url, key, 'POST', '/api/webhooks', { json: { url: `http://127.0.0.1:9/hook-${i}` } })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(30);
    for (const r of refused) expect(await r.json()).toMatchObject({ code: 'TOO_MANY_WEBHOOKS' });
    const listed = (await (await withKey(server.url, key, 'GET', '/api/webhooks')).json()) as Webhook[];
    expect(listed).toHaveLength(10);
  });

  it('retries a failing receiver with the same message id until it answers 2xx, recording every attempt', async () => {
    const receiver = await receivers();
    receiver.answers.push(500, 503);
    const user = await signedInUser(server.url);
    const { key } = await createKey(user);
    const hook = await register(server.url, key, receiver.url, { events: ['job.completed'] });
    await uploadOne(server.url, key);

    const [delivery] = await waitFor(async () => {
      const list = await deliveries(server.url, key, hook.id);
      return list[0]?.status === 'delivered' ? list : undefined;
    });
    expect(delivery!.attempts.map((a) => a.statusCode)).toEqual([500, 503, 200]);
    expect(delivery!.attempts[0]!.error).toBe('Answered 500');
    expect(receiver.requests).toHaveLength(3);
    expect(new Set(receiver.requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([delivery!.id]));
    for (const r of receiver.requests) expect(verified(hook.secret, r).type).toBe('job.completed');
  });

  it('sends an upload\'s callbackUrl the events of that batch only, signed with the secret it returned', async () => {
    const receiver = await receivers();
    const user = await signedInUser(server.url);
    const { key } = await createKey(user);
    const first = await uploadOne(server.url, key, { callbackUrl: `${receiver.url}/batch` });
    expect(first.callback?.secret).toMatch(/^whsec_/);
    await uploadOne(server.url, key); // no callback: must not reach the receiver
    await waitForRequests(receiver, 1);
    const event = verified(first.callback!.secret, receiver.requests[0]!);
    expect(event.data.id).toBe(first.jobs[0]!.id);
    const [delivery] = await waitFor(async () => {
      const list = await deliveries(server.url, key, first.callback!.id);
      return list[0]?.status === 'delivered' ? list : undefined;
    });
    expect(delivery!.jobId).toBe(first.jobs[0]!.id);
    // Let the second upload finish: still one request, since only the batch with the callback is reported.
    await waitFor(async () => {
      const res = await withKey(server.url, key, 'GET', '/api/queue/status');
      const status = (await res.json()) as { pending: number; processing: number };
      return status.pending + status.processing === 0;
    });
    expect(receiver.requests.map((r) => r.path)).toEqual(['/batch']);
  });

  it('refuses private, loopback and non-http URLs, for webhooks and callbacks, and does not follow redirects', async () => {
    const user = await signedInUser(server.url);
    const { key } = await createKey(user);
    for (const url of ['http://10.0.0.7/hook', 'http://169.254.169.254/latest', 'http://[::1]:8080/', 'http://localhost:9/x', 'http://192.168.1.1/', 'ftp://example.com/', 'not a url', 'http://user:pw@127.0.0.1/',
      // IPv6 spellings of private IPv4 (docs/decisions/0530): compatible, translated, NAT64, 6to4, Teredo.
      'http://[::7f00:2]:8080/', 'http://[::ffff:0:a00:1]/', 'http://[64:ff9b::7f00:2]/', 'http://[2002:7f00:2::1]/', 'http://[2001:0:5db8:d822::80ff:fffd]/']) {
      const res = await withKey(server.url, key, 'POST', '/api/webhooks', { json: { url } });
      expect(res.status, url).toBe(400);
      expect(await res.json(), url).toMatchObject({ code: 'VALIDATION_FAILED', field: 'url' });
    }
    for (const callbackUrl of ['http://10.1.2.3/cb', 'http://[64:ff9b::a9fe:a9fe]/cb']) {
      const callback = await uploadWithKey(server.url, key, [png()], { callbackUrl });
      expect(callback.status, callbackUrl).toBe(400);
      expect(await callback.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'callbackUrl' });
    }
    expect(await (await withKey(server.url, key, 'GET', '/api/jobs')).json()).toEqual([]);

    // An allowed receiver that redirects elsewhere: the redirect is a failed attempt, its target never hit.
    const redirecting = await receivers();
    const target = await receivers();
    redirecting.fallback = 302;
    redirecting.headersFor[302] = { location: `${target.url}/stolen` };
    const hook = await register(server.url, key, redirecting.url);
    await uploadOne(server.url, key);
    const [delivery] = await waitFor(async () => {
      const list = await deliveries(server.url, key, hook.id);
      return (list[0]?.attempts.length ?? 0) >= 2 ? list : undefined;
    });
    expect(delivery!.status).toBe('pending');
    expect(delivery!.attempts[0]).toMatchObject({ statusCode: 302, error: 'Answered 302: redirects are not followed' });
    expect(target.requests).toEqual([]);
  });

  it('scopes webhooks to their owner: another user gets 404 and sees none; guests get 401', async () => {
    const receiver = await receivers();
    const owner = await signedInUser(server.url);
    const { key } = await createKey(owner);
    const hook = await register(server.url, key, receiver.url);

    const other = await signedInUser(server.url, 'other');
    expect(await (await other.get('/api/webhooks')).json()).toEqual([]);
    expect((await other.get(`/api/webhooks/${hook.id}/deliveries`)).status).toBe(404);
    const del = await other.request('DELETE', `/api/webhooks/${hook.id}`);
    expect(del.status).toBe(404);
    expect(await del.json()).toMatchObject({ code: 'NOT_FOUND' });

    const guest = new HttpClient(server.url);
    expect((await guest.get('/api/webhooks')).status).toBe(401);
    expect((await guest.post('/api/webhooks', { url: receiver.url })).status).toBe(401);

    // The owner's session sees the key's webhook and deletes it; then it is gone for both.
    expect(((await (await owner.get('/api/webhooks')).json()) as Webhook[]).map((w) => w.id)).toEqual([hook.id]);
    expect((await owner.request('DELETE', `/api/webhooks/${hook.id}`)).status).toBe(204);
    expect((await withKey(server.url, key, 'GET', `/api/webhooks/${hook.id}/deliveries`)).status).toBe(404);
  });
});

describe('webhook deliveries across a restart', () => {
  const servers = useServers();
  const receivers = useReceivers();

  it('keeps an undelivered event through kill -9 and delivers it after the restart', async () => {
    const receiver = await receivers();
    receiver.fallback = 503;
    const first = await servers({ env: FAST_RETRIES });
    const user = await signedInUser(first.url);
    const { key } = await createKey(user);
    const hook = await register(first.url, key, receiver.url);
    const { jobs } = await uploadOne(first.url, key);
    await waitFor(async () => (await deliveries(first.url, key, hook.id))[0]?.attempts.length);
    await first.kill();
    expect(new Set(receiver.requests.map((r) => verified(hook.secret, r).data.id))).toEqual(new Set([jobs[0]!.id]));

    receiver.fallback = 200;
    const second = await servers({ env: FAST_RETRIES, dataDir: first.dataDir });
    const [delivery] = await waitFor(async () => {
      const list = await deliveries(second.url, key, hook.id);
      return list[0]?.status === 'delivered' ? list : undefined;
    });
    expect(delivery!.attempts[0]!.statusCode).toBe(503);
    expect(delivery!.attempts.at(-1)!.statusCode).toBe(200);
    const last = receiver.requests.at(-1)!;
    expect(last.headers['webhook-id']).toBe(delivery!.id);
    expect(verified(hook.secret, last).data.id).toBe(jobs[0]!.id);
  });
});
