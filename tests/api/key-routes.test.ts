// Which routes an API key reaches is decided by the contract's `auth` field of each route, and by nothing else: this
// walks every route the server registers (its onRoute table) and sends each one a request carrying a valid key.
// Routes the contract marks `public` or `session-or-key` take it; `session` and `signed-in` ones answer 403
// SESSION_REQUIRED before their handler runs; the Tinify-compatible ones take a key only as Basic `api:<key>`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { createKey, signedInUser } from '../support/api-keys';
import { API_ROUTES } from '#contract/api-routes';

const tableDir = fs.mkdtempSync(path.join(os.tmpdir(), 'key-routes-'));
const tableFile = path.join(tableDir, 'routes.json');

describe('API key reach, walked from the route table', () => {
  const server = useServer({ env: { ROUTE_TABLE_FILE: tableFile } });
  afterAll(() => fs.rmSync(tableDir, { recursive: true, force: true }));

  it("gives each registered API route exactly the reach its contract entry's auth field says", async () => {
    const user = await signedInUser(server.url, 'key-walk');
    const { key } = await createKey(user);
    const registered = JSON.parse(fs.readFileSync(tableFile, 'utf8')) as { method: string; url: string }[];
    const apiRoutes = registered.filter((r) => r.method !== 'HEAD' && (r.url.startsWith('/api/') || r.url === '/shrink' || r.url.startsWith('/output/')));
    expect(apiRoutes.length).toBeGreaterThan(25);

    const wrong: string[] = [];
    for (const route of apiRoutes) {
      const contractPath = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const spec = API_ROUTES.find((r) => r.method === route.method.toLowerCase() && r.path === contractPath);
      expect(spec, `${route.method} ${route.url} is in the contract`).toBeDefined();
      const url = server.url + route.url.replace(/:[A-Za-z0-9_]+/g, '00000000-0000-4000-8000-000000000000');
      const res = await fetch(url, { method: route.method, headers: { authorization: `Bearer ${key}` }, redirect: 'manual' });
      const body = (await res.json().catch(() => ({}))) as { code?: string; error?: string };
      const refusedForKey = res.status === 403 && body.code === 'SESSION_REQUIRED';
      const expected = spec!.auth === 'tinify' ? 'basic only' : spec!.auth === 'public' || spec!.auth === 'session-or-key' ? 'reached' : 'refused';
      const got = spec!.auth === 'tinify' ? (res.status === 401 && body.error === 'Unauthorized' ? 'basic only' : `${res.status}`) : refusedForKey ? 'refused' : res.status === 401 ? '401' : 'reached';
      if (got !== expected) wrong.push(`${route.method} ${route.url} (auth ${spec!.auth}): expected ${expected}, got ${got} ${res.status} ${JSON.stringify(body)}`);
    }
    expect(wrong).toEqual([]);
  });
});
