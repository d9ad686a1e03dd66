// The published OpenAPI document: generated from the contract, covering every route the server registers (as its
// onRoute hook saw them), and describing the real responses (validated with ajv against the served document).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useServer } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { ContractChecker } from '../support/contract';
import { createKey, signedInUser, uploadWithKey, withKey } from '../support/api-keys';
import { buildOpenApiDocument } from '#contract/openapi';
import { CLIENT_ROUTES, OFFLINE_SHELL_PATH, PRIVATE_OFFLINE_SHELL_PATH } from '#contract/routes';
import type { CompressResponse } from '#contract/api';

const tableDir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-table-'));
const tableFile = path.join(tableDir, 'routes.json');

describe('OpenAPI document', () => {
  const server = useServer({ env: { ROUTE_TABLE_FILE: tableFile } });
  afterAll(() => fs.rmSync(tableDir, { recursive: true, force: true }));

  it('is OpenAPI 3.1, generated from the contract, and lists every route the server registers', async () => {
    const checker = await ContractChecker.fetch(server.url);
    expect(checker.document).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    expect(checker.document.openapi).toBe('3.1.0');

    const registered = JSON.parse(fs.readFileSync(tableFile, 'utf8')) as { method: string; url: string }[];
    const pages = new Set<string>(CLIENT_ROUTES);
    // The client's files (its assets, the offline service worker at /sw.js and its shell page) are not API routes.
    const clientFiles = (url: string) => url.startsWith('/assets/') || url === '/sw.js' || url === OFFLINE_SHELL_PATH || url === PRIVATE_OFFLINE_SHELL_PATH;
    const apiRoutes = registered.filter((r) => r.method !== 'HEAD' && !pages.has(r.url) && !clientFiles(r.url));
    expect(apiRoutes.length).toBeGreaterThan(20);
    const missing = apiRoutes
      .map((r) => ({ method: r.method.toLowerCase(), path: r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}') }))
      .filter((r) => !checker.document.paths[r.path]?.[r.method])
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(missing, 'routes the server registers but the OpenAPI document lacks').toEqual([]);
    // And nothing documented that does not exist.
    const real = new Set(apiRoutes.map((r) => `${r.method.toLowerCase()} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`));
    const phantom = Object.entries(checker.document.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`)).filter((k) => !real.has(k));
    expect(phantom).toEqual([]);
  });

  it('describes real responses: guest, signed-in and API-key calls, successes and errors', async () => {
    const checker = await ContractChecker.fetch(server.url);
    const guest = new HttpClient(server.url);
    const call = async (client: HttpClient, method: string, url: string, json?: unknown) => checker.check(await client.request(method, url, { json }), method, url);

    await call(guest, 'GET', '/api/health');
    await call(guest, 'GET', '/api/upload-config');
    await call(guest, 'GET', '/api/compression-presets');
    await call(guest, 'GET', '/api/user'); // 401
    const upload = await guest.upload([fileFrom(corpusPath('png', 'pngsuite', 'basn2c08.png'), 'contract.png')]);
    const { jobs } = (await checker.check(upload, 'POST', '/api/compress')) as CompressResponse;
    const id = jobs[0]!.id;
    await call(guest, 'GET', `/api/jobs/${id}?wait=30`);
    await call(guest, 'GET', '/api/jobs');
    await call(guest, 'GET', `/api/jobs/${id}?wait=99`); // 400
    await call(guest, 'GET', '/api/jobs/no-such-job'); // 404
    await call(guest, 'GET', `/api/download/${id}`);
    await call(guest, 'GET', `/api/jobs/${id}/original-preview`);
    await call(guest, 'GET', '/api/download-all');
    await call(guest, 'GET', '/api/queue/status');
    await call(guest, 'GET', '/api/queue/stats');
    await call(guest, 'POST', '/api/queue/pause');
    await call(guest, 'POST', '/api/queue/resume');
    await call(guest, 'POST', '/api/queue/clear');
    const empty = await guest.upload([]);
    await checker.check(empty, 'POST', '/api/compress'); // 400
    await call(guest, 'DELETE', `/api/jobs/${id}`);
    await call(guest, 'DELETE', '/api/jobs');
    await call(guest, 'POST', '/api/login', { email: 'nobody@example.com', password: 'wrong-password' }); // 401

    const user = await signedInUser(server.url, 'contract');
    await call(user, 'GET', '/api/user');
    await call(user, 'POST', '/api/keys', { name: '' }); // 400
    const created = await createKey(user, 'contract');
    await call(user, 'GET', '/api/keys');
    await call(user, 'GET', '/api/usage');
    await call(user, 'GET', '/api/user/export');
    const keyUpload = await uploadWithKey(server.url, created.key, [fileFrom(corpusPath('png', 'pngsuite', 'basn2c08.png'), 'k.png')]);
    await checker.check(keyUpload, 'POST', '/api/compress');
    await checker.check(await withKey(server.url, created.key, 'GET', '/api/usage'), 'GET', '/api/usage');
    await checker.check(await withKey(server.url, created.key, 'GET', '/api/keys'), 'GET', '/api/keys'); // 403
    await checker.check(await withKey(server.url, `${created.key}x`, 'GET', '/api/jobs'), 'GET', '/api/jobs'); // 401
    await call(user, 'DELETE', `/api/keys/${created.id}`);
    await call(user, 'DELETE', `/api/keys/${created.id}`); // 404
    await call(user, 'POST', '/api/logout');
  });
});
