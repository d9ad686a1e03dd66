// Fair use per key and per user: requests per minute and images per month, answered with 429, Retry-After and the
// RateLimit fields, and holding under concurrent requests (counted atomically in the database).
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { createKey, signedInUser, uploadWithKey, withKey } from '../support/api-keys';
import type { Usage } from '#contract/api-keys';

const PER_KEY_MINUTE = 5;

describe('fair use', () => {
  const server = useServer({
    env: {
      API_REQUESTS_PER_MINUTE_PER_KEY: String(PER_KEY_MINUTE),
      API_REQUESTS_PER_MINUTE_PER_USER: '100',
      API_IMAGES_PER_MONTH_PER_KEY: '3',
      API_IMAGES_PER_MONTH_PER_USER: '4',
    },
  });

  it('reports the per-minute limit in RateLimit fields and refuses excess with 429 and Retry-After', async () => {
    const user = await signedInUser(server.url);
    const { key } = await createKey(user);
    const first = await withKey(server.url, key, 'GET', '/api/queue/status');
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe(String(PER_KEY_MINUTE));
    // The request policy the other fields report on, and the monthly image quota (the tighter of key 3 and user 4).
    expect(first.headers.get('ratelimit-policy')).toBe(`${PER_KEY_MINUTE};w=60, 3;w=2592000;comment="images per calendar month"`);
    const remaining = Number(first.headers.get('ratelimit-remaining'));
    expect(remaining).toBeGreaterThanOrEqual(0);
    expect(remaining).toBeLessThan(PER_KEY_MINUTE);
    const reset = Number(first.headers.get('ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);

    // 20 requests at once: a window admits exactly the limit, and a burst spans at most two windows.
    const burst = await Promise.all(Array.from({ length: 20 }, () => withKey(server.url, key, 'GET', '/api/queue/status')));
    const ok = burst.filter((r) => r.status === 200).length;
    expect(ok).toBeLessThanOrEqual(2 * PER_KEY_MINUTE);
    const refused = burst.filter((r) => r.status === 429);
    expect(refused.length).toBe(20 - ok);
    expect(refused.length).toBeGreaterThanOrEqual(20 - 2 * PER_KEY_MINUTE);
    const sample = refused[0]!;
    expect(await sample.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(sample.headers.get('ratelimit-remaining')).toBe('0');
    const retryAfter = Number(sample.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another key of the same user has its own per-key allowance; browser (cookie) requests are not limited.
    const other = await createKey(user, 'second');
    expect((await withKey(server.url, other.key, 'GET', '/api/queue/status')).status).toBe(200);
    expect((await user.get('/api/queue/status')).status).toBe(200);
  });

  it('holds the monthly image limits per key and per user under concurrent uploads', async () => {
    const user = await signedInUser(server.url);
    const a = await createKey(user, 'a');
    const b = await createKey(user, 'b');
    const file = () => fileFrom(corpusPath('png', 'pngsuite', 'basn2c08.png'), 'limit.png');
    const uploads = await Promise.all(Array.from({ length: 5 }, () => uploadWithKey(server.url, a.key, [file()])));
    const statuses = uploads.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429]); // per-key limit 3
    const refusal = uploads.find((r) => r.status === 429)!;
    expect(await refusal.json()).toMatchObject({ code: 'MONTHLY_LIMIT', message: expect.stringContaining('for this API key') });
    expect(Number(refusal.headers.get('retry-after'))).toBeGreaterThan(0);

    // The user's limit is 4: key b gets one more image, then the account is at its limit.
    const both = await Promise.all([uploadWithKey(server.url, b.key, [file()]), uploadWithKey(server.url, b.key, [file()])]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 429]);
    const userRefusal = both.find((r) => r.status === 429)!;
    expect(await userRefusal.json()).toMatchObject({ message: expect.stringContaining('for your account') });

    const usage = (await (await user.get('/api/usage')).json()) as Usage;
    expect(usage.images).toBe(4);
    expect(usage.month).toMatch(/^\d{4}-\d{2}$/);
    expect(usage.limits).toMatchObject({ imagesPerMonthPerKey: 3, imagesPerMonthPerUser: 4, requestsPerMinutePerKey: PER_KEY_MINUTE });
    expect(Object.fromEntries(usage.keys.map((k) => [k.name, k.imagesThisMonth]))).toEqual({ a: 3, b: 1 });
    // The key sees the same figures.
    const viaKey = (await (await withKey(server.url, b.key, 'GET', '/api/usage')).json()) as Usage;
    expect(viaKey.images).toBe(4);
  });
});
