// Running it like production, on a real server: Prometheus metrics on their own port (never the public one), with
// closed label sets; liveness and readiness; request ids on every answer, in error bodies, in the request's log lines,
// in the codec process's line for its job and on the job's webhook delivery; SIGTERM turns readiness 503 first.
// The scale-out counterparts (a real Prometheus scraping an API and a worker; readiness while the object store is
// down) are in scaleout-operations.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useServer, useServers } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { waitFor, waitForSettled } from '../support/jobs';
import { createKey, signedInUser } from '../support/api-keys';
import { useReceivers } from '../support/webhook-receiver';
import { SCALEOUT } from '../support/scaleout-backing';
import { hasSample, metricsUrlOf, sample, scrape } from '../support/metrics';
import type { Readiness } from '#contract/health';

const PNGS = ['basn2c08.png', 'basn6a08.png'].map((n) => corpusPath('png', 'pngsuite', n));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** JSON log lines of a server's output (its own and its codec processes', which share its stdout). */
const logLines = (output: string) =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('operations: metrics, probes and request ids', () => {
  const server = useServer({
    env: { METRICS_PORT: '0', LOG_LEVEL: 'info', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_POLL_SECONDS: '0.2' },
  });
  const startTracked = useServers();
  const receivers = useReceivers();

  it('serves Prometheus metrics on their own port only, counting a batch with closed label sets', async () => {
    const metricsUrl = metricsUrlOf(server);
    expect(new URL(metricsUrl).port).not.toBe(String(server.port));
    const before = await scrape(metricsUrl);

    const guest = new HttpClient(server.url);
    const files = [...PNGS.map((p) => fileFrom(p)), { name: 'notes-of-a-user.txt', data: Buffer.from('not an image') }];
    const res = await guest.upload(files);
    expect(res.status).toBe(201);
    const jobs = await waitForSettled(guest);
    expect(jobs.map((j) => j.status)).toEqual(['completed', 'completed']);
    expect((await guest.get(`/api/jobs/${jobs[0]!.id}`)).status).toBe(200);

    const after = await scrape(metricsUrl);
    const delta = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('imagesqueeze_jobs_created_total', { input: 'png', output: 'original', mode: 'quality' })).toBe(2);
    expect(delta('imagesqueeze_jobs_completed_total', { input: 'png' })).toBe(2);
    expect(delta('imagesqueeze_jobs_failed_total')).toBe(0);
    expect(delta('imagesqueeze_bytes_in_total', { input: 'png' })).toBe(jobs.reduce((n, j) => n + j.originalSize, 0));
    expect(delta('imagesqueeze_bytes_out_total', { input: 'png' })).toBe(jobs.reduce((n, j) => n + j.compressedSize!, 0));
    expect(delta('imagesqueeze_job_duration_seconds_count', { output: 'original', mode: 'quality' })).toBe(2);
    expect(delta('imagesqueeze_codec_duration_seconds_count', { output: 'original', mode: 'quality' })).toBe(2);
    expect(delta('imagesqueeze_uploads_rejected_total', { reason: 'UNSUPPORTED_TYPE' })).toBe(1);
    expect(delta('imagesqueeze_http_requests_total', { method: 'POST', route: '/api/compress', status: '201' })).toBe(1);
    expect(delta('imagesqueeze_http_requests_total', { method: 'GET', route: '/api/jobs', status: '200' })).toBeGreaterThan(0);
    expect(delta('imagesqueeze_http_requests_total', { method: 'GET', route: '/api/jobs/:id', status: '200' })).toBe(1);
    expect(delta('imagesqueeze_http_request_duration_seconds_count', { method: 'POST', route: '/api/compress' })).toBe(1);
    // Originals stored, results and previews committed, by the driver that runs.
    expect(delta('imagesqueeze_storage_operations_total', { driver: SCALEOUT ? 's3' : 'file', operation: 'putFile' })).toBeGreaterThanOrEqual(4);
    expect(sample(after, 'imagesqueeze_queue_jobs', { state: 'waiting' })).toBe(0);
    expect(sample(after, 'imagesqueeze_queue_jobs', { state: 'running' })).toBe(0);
    expect(hasSample(after, 'imagesqueeze_queue_oldest_waiting_seconds')).toBe(true);
    expect(sample(after, 'imagesqueeze_codec_processes', { pool: 'jobs' })).toBeGreaterThan(0);
    expect(sample(after, 'imagesqueeze_codec_memory_budget_bytes', { pool: 'jobs' })).toBe(256 * 1024 ** 2);
    expect(hasSample(after, 'imagesqueeze_codec_memory_in_use_bytes')).toBe(true);
    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 ** 2);
    expect(hasSample(after, 'nodejs_eventloop_lag_seconds')).toBe(true);

    // No file name, job id, address or session ever becomes a label.
    for (const leak of ['notes-of-a-user', 'basn2c08', ...jobs.map((j) => j.id), '127.0.0.1', guest.cookie!.split('=')[1]!]) {
      expect(after, leak).not.toContain(leak);
    }

    // The public port never shows them.
    const publicMetrics = await fetch(`${server.url}/metrics`);
    expect(publicMetrics.status).toBe(404);
    // With a built client the 404 is the site's not-found page, without it the API's JSON: metrics in neither.
    expect(await publicMetrics.text()).not.toMatch(/imagesqueeze_|# HELP|# TYPE/);
    expect((await fetch(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('starts no metrics listener unless METRICS_PORT is set', async () => {
    const plain = await startTracked({});
    expect(plain.output()).toMatch(/listening on http:\/\/localhost:\d+/);
    expect(plain.output()).not.toMatch(/metrics on/);
    expect((await fetch(`${plain.url}/metrics`)).status).toBe(404);
  });

  it('answers liveness and readiness with each dependency\'s state', async () => {
    const live = await fetch(`${server.url}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'alive' });
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: { ok: true }, queue: { ok: true }, storage: { ok: true } } });
    // The old check keeps its meaning.
    expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ status: 'ok' });
  });

  it('gives every answer an X-Request-Id, keeps a well-formed caller id, and puts it in error bodies', async () => {
    const own = await fetch(`${server.url}/api/health/live`);
    expect(own.headers.get('x-request-id')).toMatch(UUID);
    const kept = await fetch(`${server.url}/api/health/live`, { headers: { 'X-Request-Id': 'Root=1-67891233-abcdef;edge.7' } });
    expect(kept.headers.get('x-request-id')).toBe('Root=1-67891233-abcdef;edge.7');
    for (const bad of ['two words', 'x'.repeat(200), '"quoted"', '-leading-dash']) {
      const replaced = await fetch(`${server.url}/api/health/live`, { headers: { 'X-Request-Id': bad } });
      expect(replaced.headers.get('x-request-id'), bad).toMatch(UUID);
    }
    const missing = await fetch(`${server.url}/api/jobs/${randomUUID()}`, { headers: { 'X-Request-Id': 'quote-me-42' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toBe('quote-me-42');
    expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND', requestId: 'quote-me-42' });
    const refused = await new HttpClient(server.url).upload([{ name: 'a.txt', data: Buffer.from('text') }]);
    expect(refused.status).toBe(415);
    expect((await refused.json()).requestId).toBe(refused.headers.get('x-request-id'));
  });

  it('labels the request\'s log lines and its job\'s codec process line with the request id', async () => {
    const requestId = `upload-${randomUUID()}`;
    const guest = new HttpClient(server.url);
    const res = await guest.upload([fileFrom(PNGS[0]!)], {}, { 'X-Request-Id': requestId });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    const [job] = await waitForSettled(guest);
    const serverPid = server.process.pid;
    const codecLine = await waitFor(
      async () => logLines(server.output()).find((l) => l.component === 'codec-process' && l.jobId === job!.id),
      30_000,
      'the codec process\'s line for the job',
    );
    expect(codecLine).toMatchObject({ requestId, kind: 'compress', msg: 'codec request done' });
    expect(codecLine.pid).not.toBe(serverPid);
    const requestLines = logLines(server.output()).filter((l) => l.pid === serverPid && l.requestId === requestId);
    expect(requestLines.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('sends the upload\'s request id with its job\'s webhook delivery', async () => {
    const receiver = await receivers();
    const { key } = await createKey(await signedInUser(server.url));
    const requestId = `hooked-${randomUUID()}`;
    const form = new FormData();
    form.append('callbackUrl', `${receiver.url}/done`);
    form.append('images', new Blob([new Uint8Array(fs.readFileSync(PNGS[0]!))], { type: 'image/png' }), path.basename(PNGS[0]!));
    const res = await fetch(`${server.url}/api/compress`, { method: 'POST', body: form, headers: { authorization: `Bearer ${key}`, 'X-Request-Id': requestId } });
    expect(res.status).toBe(201);
    await waitFor(async () => receiver.requests.length >= 1, 60_000, 'the webhook delivery');
    expect(receiver.requests[0]!.headers['x-request-id']).toBe(requestId);
  });

  if (!SCALEOUT) {
    // Scale-out's counterpart stops the object store itself (scaleout-operations.test.ts).
    it('readiness turns 503 naming the storage while it cannot be written, liveness stays 200, and both recover', async () => {
      const tmp = path.join(server.dataDir, 'files', 'tmp');
      const aside = `${tmp}.aside`;
      fs.renameSync(tmp, aside);
      fs.writeFileSync(tmp, 'not a directory');
      try {
        const ready = await fetch(`${server.url}/api/health/ready`);
        expect(ready.status).toBe(503);
        expect(ready.headers.get('retry-after')).toBe('10');
        const body = (await ready.json()) as Readiness;
        expect(body).toEqual({ status: 'unavailable', checks: { database: { ok: true }, queue: { ok: true }, storage: { ok: false, message: 'not writable (ENOTDIR)' } } });
        expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
      } finally {
        fs.rmSync(tmp);
        fs.renameSync(aside, tmp);
      }
      expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    });
  }

  it('on SIGTERM readiness turns 503 first while the node still serves through SHUTDOWN_DELAY_SECONDS', async () => {
    const node = await startTracked({ env: { SHUTDOWN_DELAY_SECONDS: '120' } });
    expect((await fetch(`${node.url}/api/health/ready`)).status).toBe(200);
    node.process.kill('SIGTERM');
    const draining = await waitFor(async () => {
      const res = await fetch(`${node.url}/api/health/ready`);
      return res.status === 503 ? ((await res.json()) as Readiness) : null;
    }, 30_000, 'readiness to turn 503');
    expect(draining.status).toBe('draining');
    expect((await fetch(`${node.url}/api/health/live`)).status).toBe(200);
    // Still taking work: the load balancer is being told first.
    const guest = new HttpClient(node.url);
    expect((await guest.upload([fileFrom(PNGS[0]!)])).status).toBe(201);
  });
});
