// Per-user ceilings checked in the database hold when requests for one user arrive together at two API processes
// sharing PostgreSQL: each check and its insert run as one step, not a count that several requests read at once.
import { describe, expect, it } from 'vitest';
import { makeDataDir, useServers } from '../support/server';
import { createKey, signedInUser, withKey } from '../support/api-keys';
import { SCALEOUT } from '../support/scaleout-backing';
import type { Webhook } from '#contract/webhooks';

if (!SCALEOUT) throw new Error('scaleout-limits.test.ts needs TEST_MODE=scaleout (run it with --project api-scaleout)');

const ENV = { ROLE: 'api', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', API_REQUESTS_PER_MINUTE_PER_KEY: '100000', API_REQUESTS_PER_MINUTE_PER_USER: '100000' };

describe('per-user ceilings across API processes (api-scaleout project only: needs PostgreSQL)', () => {
  const start = useServers();

  it('registers at most 10 webhooks for a user when 40 registrations arrive together at two processes', async () => {
    const dataDir = makeDataDir();
    const [a, b] = [await start({ dataDir, env: ENV }), await start({ dataDir: makeDataDir(), backingOf: dataDir, env: ENV })];
    const user = await signedInUser(a.url);
    const { key } = await createKey(user);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        withKey((i % 2 === 0 ? a : b).url, key, 'POST', '/api/webhooks', { json: { url: `http://127.0.0.1:9/hook-${i}` } }),
      ),
    );
    const created = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status !== 201);
    expect(created).toHaveLength(10);
    for (const r of refused) expect([r.status, ((await r.json()) as { code: string }).code]).toEqual([409, 'TOO_MANY_WEBHOOKS']);
    const listed = (await (await withKey(b.url, key, 'GET', '/api/webhooks')).json()) as Webhook[];
    expect(listed).toHaveLength(10);
  });
});
