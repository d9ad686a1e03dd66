// The OpenAPI document as SDK generators see it: Redocly's recommended rules (the engine of `redocly lint`) on the
// served document, human operation ids and enums, and a TypeScript client generated from it (openapi-typescript +
// openapi-fetch) that must type-check and then work against the real server, so document and server cannot drift.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { OUTPUT_FORMATS } from '#contract/settings';
import { useServer } from '../support/server';
import { REPO_ROOT, corpusPath } from '../support/paths';
import { createKey, signedInUser, withKey } from '../support/api-keys';
import { ContractChecker } from '../support/contract';
import { startReceiver } from '../support/webhook-receiver';
import { OPERATION_IDS } from '#contract/operations';
import { API_ROUTES } from '#contract/api-routes';

// Child processes run asynchronously: a blocked event loop would miss the server closing idle keep-alive sockets,
// and the next request would go out on a dead one.
const run = promisify(execFile);

// Inside the repository (git-ignored .tmp/), so the generated client resolves openapi-fetch from node_modules.
const work = path.join(REPO_ROOT, '.tmp', `openapi-client-${process.pid}`);

const CLIENT = `import fs from 'node:fs';
import createClient from 'openapi-fetch';
import type { paths } from './schema';

const client = createClient<paths>({ baseUrl: process.env.SERVER, headers: { authorization: \`Bearer \${process.env.KEY}\` } });
const image = fs.readFileSync(process.env.IMAGE!);

const created = await client.POST('/api/compress', {
  body: { images: [''], format: 'webp', mode: 'quality', metadata: 'strip', quality: 70 },
  bodySerializer(body) {
    const form = new FormData();
    for (const [name, value] of Object.entries(body)) if (name !== 'images') form.append(name, String(value));
    form.append('images', new Blob([image], { type: 'image/png' }), 'client.png');
    return form;
  },
});
if (!created.data) throw new Error('upload failed: ' + JSON.stringify(created.error));
const id: string = created.data.jobs[0]!.id;
let job = (await client.GET('/api/jobs/{id}', { params: { path: { id }, query: { wait: 30 } } })).data!;
while (job.status === 'pending' || job.status === 'processing') job = (await client.GET('/api/jobs/{id}', { params: { path: { id }, query: { wait: 30 } } })).data!;
const download = await client.GET('/api/download/{id}', { params: { path: { id } }, parseAs: 'arrayBuffer' });
const refused = await client.POST('/api/webhooks', { body: { url: 'http://10.0.0.1/hook', events: ['job.completed'] } });
const hook = await client.POST('/api/webhooks', { body: { url: process.env.HOOK_URL!, events: ['job.completed', 'job.failed'] } });
const hooks = await client.GET('/api/webhooks');
const missing = await client.GET('/api/jobs/{id}', { params: { path: { id: 'no-such-job' } } });
console.log(JSON.stringify({
  uploaded: created.response.status,
  status: job.status,
  outputMimeType: job.outputMimeType,
  downloadBytes: download.data?.byteLength ?? 0,
  refusedCode: refused.error?.code,
  refusedField: refused.error?.field,
  hookSecret: hook.data?.secret.startsWith('whsec_'),
  hooks: hooks.data?.map((h) => h.url),
  missingCode: missing.error?.code,
}));
`;

describe('OpenAPI for generators', () => {
  const server = useServer({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it("passes Redocly's recommended rules with no errors, the only warnings being operations without a 4xx", async () => {
    const source = await (await fetch(`${server.url}/api/openapi.json`)).text();
    const problems = await lintFromString({ source, absoluteRef: `${server.url}/api/openapi.json`, config: await createConfig({ extends: ['recommended'] }) });
    expect(problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    // Health, this instance's figures and this document have no client error to describe; everything else is clean.
    const warnings = problems.filter((p) => p.severity === 'warn');
    expect(warnings.map((w) => `${w.ruleId} ${w.location[0]?.pointer ?? ''}`).sort()).toEqual([
      'operation-4xx-response #/paths/~1api~1health/get/responses',
      'operation-4xx-response #/paths/~1api~1health~1live/get/responses',
      'operation-4xx-response #/paths/~1api~1health~1ready/get/responses',
      'operation-4xx-response #/paths/~1api~1openapi.json/get/responses',
      'operation-4xx-response #/paths/~1api~1stats/get/responses',
    ]);
  });

  it('names every operation for SDKs and lists the values of every enumerated setting', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      info: { version: string; license?: { name: string } };
      tags: { name: string; description?: string }[];
      paths: Record<string, Record<string, { operationId: string; requestBody?: { content: Record<string, { schema: { properties: Record<string, { enum?: string[] }> } }> } }>>;
    };
    const ids = Object.values(document.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.sort()).toEqual(API_ROUTES.map((r) => OPERATION_IDS[`${r.method} ${r.path}`]).sort());
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['compressImages', 'getJob', 'downloadResult', 'createWebhook']));
    const upload = document.paths['/api/compress']!.post!.requestBody!.content['multipart/form-data']!.schema.properties;
    expect(upload.format!.enum).toEqual([...OUTPUT_FORMATS]);
    expect(upload.format!.enum).toEqual(['original', 'jpeg', 'png', 'webp', 'avif', 'jxl', 'auto']);
    expect(upload.mode!.enum).toEqual(['quality', 'smart', 'size', 'lossless']);
    expect(upload.metadata!.enum).toEqual(['strip', 'keep', 'keep-all']);
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(fs.readFileSync(path.join(REPO_ROOT, 'docs', 'api-changelog.md'), 'utf8')).toContain(`## ${document.info.version}`);
    expect(document.info.license?.name).toBeTruthy();
    expect(document.tags.filter((t) => !t.description)).toEqual([]);
  });

  it('generates a TypeScript client that type-checks and works against the server', async () => {
    const user = await signedInUser(server.url, 'sdk');
    const { key } = await createKey(user, 'sdk');
    const receiver = await startReceiver();
    try {
      fs.mkdirSync(work, { recursive: true });
      const document = await (await fetch(`${server.url}/api/openapi.json`)).json();
      fs.writeFileSync(path.join(work, 'schema.d.ts'), astToString(await openapiTS(document)));
      fs.writeFileSync(path.join(work, 'client.ts'), CLIENT);
      // The generated types must accept the calls above (enum values, path and query parameters, bodies).
      const tsc = await run(process.execPath, [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', '--skipLibCheck', '--types', 'node', '--lib', 'es2023,dom', path.join(work, 'client.ts')], { cwd: work, encoding: 'utf8' }).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? 'tsc failed' }));
      expect(tsc.stdout + tsc.stderr, 'the generated client does not type-check').toBe('');

      let output: string;
      try {
        ({ stdout: output } = await run(process.execPath, ['--import', 'tsx', path.join(work, 'client.ts')], {
          cwd: work,
          encoding: 'utf8',
          env: { ...process.env, SERVER: server.url, KEY: key, IMAGE: corpusPath('png', 'sharp-gradients-rgb8.png'), HOOK_URL: `${receiver.url}/sdk` },
        }));
      } catch (err) {
        // What the server said, for a failure that is the server's (e.g. it stopped).
        throw new Error(`${(err as Error).message}\nserver output:\n${server.output().slice(-4000)}`);
      }
      expect(JSON.parse(output)).toEqual({
        uploaded: 201,
        status: 'completed',
        outputMimeType: 'image/webp',
        downloadBytes: expect.any(Number),
        refusedCode: 'VALIDATION_FAILED',
        refusedField: 'url',
        hookSecret: true,
        hooks: [`${receiver.url}/sdk`],
        missingCode: 'NOT_FOUND',
      });
      expect(JSON.parse(output).downloadBytes).toBeGreaterThan(0);
    } finally {
      await receiver.close();
    }
  });

  it("describes the webhook routes' real answers", async () => {
    const checker = await ContractChecker.fetch(server.url);
    const { key } = await createKey(await signedInUser(server.url, 'hooks'), 'hooks');
    const receiver = await startReceiver();
    try {
      const call = async (method: string, url: string, json?: unknown) => checker.check(await withKey(server.url, key, method, url, { json }), method, url);
      const created = (await call('POST', '/api/webhooks', { url: receiver.url })) as { id: string };
      await call('POST', '/api/webhooks', { url: 'http://127.0.0.1.nip.invalid/' });
      await call('GET', '/api/webhooks');
      await call('GET', `/api/webhooks/${created.id}/deliveries`);
      await call('GET', '/api/webhooks/nope/deliveries');
      await call('DELETE', `/api/webhooks/${created.id}`);
      await call('DELETE', `/api/webhooks/${created.id}`);
    } finally {
      await receiver.close();
    }
  });
});
