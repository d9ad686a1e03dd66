// The parts of running it like production that need no server: METRICS_PORT's parsing, which request ids are kept,
// closed label sets, the queue gauges when the database is away, readiness's phases and time limit, and the storage
// driver wrapper's counts (on the real file driver).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { isWellFormedRequestId } from '#server/http/request-id';
import { Metrics, inputKindOf, outputLabelOf, type QueueDepth } from '#server/metrics/metrics';
import { Readiness, type Phase } from '#server/health/readiness';
import { FileDriver } from '#server/storage/file-driver';
import { MeteredDriver, type StorageErrorKind } from '#server/storage/metered-driver';
import { StoreUnavailableError } from '#server/storage/driver';
import { S3Driver } from '#server/storage/s3-driver';
import { closedPort } from '../../support/closed-port';
import { codecLog } from '#server/sandbox/codec-log';

describe('METRICS_PORT and SHUTDOWN_DELAY_SECONDS', () => {
  it('are off by default, parsed when set, and refused when the metrics port is the public one', () => {
    expect(loadConfig({})).toMatchObject({ metricsPort: undefined, shutdownDelayMs: 0 });
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464', SHUTDOWN_DELAY_SECONDS: '15' })).toMatchObject({ metricsPort: 9464, shutdownDelayMs: 15_000 });
    expect(loadConfig({ METRICS_PORT: '0', PORT: '0' }).metricsPort).toBe(0);
    expect(() => loadConfig({ METRICS_PORT: '5000' })).toThrow(/METRICS_PORT: must differ from PORT/);
    for (const bad of ['abc', '70000', '-1', '1.5']) expect(() => loadConfig({ METRICS_PORT: bad }), bad).toThrow(/METRICS_PORT/);
  });
});

describe('request ids', () => {
  it('keeps one token of safe characters and refuses anything a header or a log line would need to quote', () => {
    for (const ok of ['3f2c1a52-5a0e-4a51-9d1e-0c2f5c7c9a11', '01HZX3K8J9', 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8', 'a', 'x'.repeat(128)]) {
      expect(isWellFormedRequestId(ok), ok).toBe(true);
    }
    for (const bad of ['', ' lead', 'two words', 'x'.repeat(129), 'quote"d', 'new\nline', 'comma,separated', '-dash-first', 'ünïcode', undefined, 42]) {
      expect(isWellFormedRequestId(bad), String(bad)).toBe(false);
    }
  });
});

describe('metrics labels', () => {
  it('come from closed sets: anything else is `other`, never itself', async () => {
    expect(['image/jpeg', 'image/heif', 'image/svg+xml', 'image/gif', 'text/plain'].map(inputKindOf)).toEqual(['jpeg', 'heic', 'svg', 'gif', 'other']);
    expect(['auto', 'original', 'image/avif', 'image/svg+xml', 'holiday.png'].map(outputLabelOf)).toEqual(['auto', 'original', 'avif', 'svg', 'other']);
    const metrics = new Metrics();
    metrics.uploadRejected('FILE_TOO_LARGE');
    metrics.uploadRejected('my-secret-file.png');
    metrics.jobCreated({ inputMimeType: 'image/png', output: 'webp', mode: 'weird mode' });
    metrics.httpRequest('BREW', '/api/jobs/:id', 418, 0.01);
    const text = await metrics.registry.metrics();
    expect(text).toContain('imagesqueeze_uploads_rejected_total{reason="FILE_TOO_LARGE"} 1');
    expect(text).toContain('imagesqueeze_uploads_rejected_total{reason="other"} 1');
    expect(text).toContain('imagesqueeze_jobs_created_total{input="png",output="webp",mode="other"} 1');
    expect(text).toContain('imagesqueeze_http_requests_total{method="other",route="/api/jobs/:id",status="418"} 1');
    expect(text).not.toMatch(/my-secret-file|weird mode|BREW/);
  });

  it('each Metrics has its own registry, so two apps in one process never share counts', async () => {
    const a = new Metrics();
    const b = new Metrics();
    a.webhookDelivery('delivered');
    expect(await a.registry.metrics()).toContain('imagesqueeze_webhook_deliveries_total{outcome="delivered"} 1');
    expect(await b.registry.metrics()).not.toContain('outcome="delivered"');
  });

  it('reads the queue once per scrape, and reports no queue figure (not a stale one) when the read fails', async () => {
    const metrics = new Metrics();
    let reads = 0;
    let fail = false;
    const errors: unknown[] = [];
    const depth: QueueDepth = { waiting: 4, running: 1, paused: 2, oldestWaitingCreatedAt: 10_000 };
    metrics.observeQueue(
      async () => {
        reads++;
        if (fail) throw new Error('database away');
        return depth;
      },
      () => 25_000,
      (err) => errors.push(err),
    );
    const first = await metrics.registry.metrics();
    expect(reads).toBe(1);
    expect(first).toContain('imagesqueeze_queue_jobs{state="waiting"} 4');
    expect(first).toContain('imagesqueeze_queue_jobs{state="running"} 1');
    expect(first).toContain('imagesqueeze_queue_jobs{state="paused"} 2');
    expect(first).toContain('imagesqueeze_queue_oldest_waiting_seconds 15');
    fail = true;
    const second = await metrics.registry.metrics();
    expect(second).not.toMatch(/^imagesqueeze_queue_jobs\{/m);
    // prom-client writes NaN as "Nan"; Prometheus reads it either way.
    expect(second).toMatch(/^imagesqueeze_queue_oldest_waiting_seconds nan$/im);
    expect(reads).toBe(2);
    expect(errors).toHaveLength(1);
  });
});

describe('readiness', () => {
  const ok = async () => undefined;

  it('is ready only while serving with every dependency up; starting and draining win over the checks', async () => {
    let phase: Phase = 'starting';
    const readiness = new Readiness({ database: ok, queue: ok, storage: ok }, () => phase, () => 'down');
    expect((await readiness.report()).status).toBe('starting');
    phase = 'serving';
    expect(await readiness.report()).toEqual({ status: 'ready', checks: { database: { ok: true }, queue: { ok: true }, storage: { ok: true } } });
    phase = 'draining';
    expect((await readiness.report()).status).toBe('draining');
  });

  it('names the failed dependency, and counts one that does not answer in time as failed', async () => {
    const never = () => new Promise<void>(() => undefined);
    const readiness = new Readiness(
      { database: ok, queue: never, storage: () => Promise.reject(new StoreUnavailableError('s3://secret-bucket/ is unreachable')) },
      () => 'serving',
      (name) => `${name} is down`,
      50,
    );
    expect(await readiness.report()).toEqual({
      status: 'unavailable',
      checks: { database: { ok: true }, queue: { ok: false, message: 'no answer within 0.05 s' }, storage: { ok: false, message: 'storage is down' } },
    });
  });
});

describe('the metered storage driver', () => {
  it('counts every operation by driver and name, and failures by kind, on the real file driver', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imgc-metered-'));
    try {
      const seen: string[] = [];
      const inner = new FileDriver(dir);
      const driver = new MeteredDriver(inner, 'file', (d, op, error?: StorageErrorKind) => seen.push([d, op, error ?? 'ok'].join(' ')));
      fs.mkdirSync(inner.tmpDir, { recursive: true });
      const [a, missing] = [`result/${randomUUID()}`, `result/${randomUUID()}`];
      await driver.put(a, Readable.from([Buffer.from('bytes')]));
      expect(await driver.get(missing)).toBeNull();
      expect(driver.localPath?.(a)).toBe(inner.localPath(a));
      const listed = [];
      for await (const o of driver.list('result/')) listed.push(o.key);
      expect(listed).toEqual([a]);
      fs.rmSync(inner.tmpDir, { recursive: true });
      fs.writeFileSync(inner.tmpDir, 'a file where the directory was');
      await expect(driver.check()).rejects.toThrow();
      expect(seen).toEqual(['file put ok', 'file get ok', 'file list ok', 'file check other']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('counts an unreachable object store as `unavailable`', async () => {
    const seen: string[] = [];
    const s3 = new S3Driver({
      bucket: 'imgc-nowhere',
      prefix: '',
      endpoint: `http://127.0.0.1:${await closedPort()}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
    const driver = new MeteredDriver(s3, 's3', (d, op, error?: StorageErrorKind) => seen.push([d, op, error ?? 'ok'].join(' ')));
    await expect(driver.check()).rejects.toBeInstanceOf(StoreUnavailableError);
    driver.close();
    expect(seen).toEqual(['s3 check unavailable']);
  });
});

describe('the codec process\'s log lines', () => {
  it('are pino-shaped JSON at the server\'s level', () => {
    const lines: string[] = [];
    const info = codecLog('info', (l) => lines.push(l));
    info.info({ jobId: 'j1', requestId: 'r1' }, 'codec request done');
    const warnOnly = codecLog('warn', (l) => lines.push(l));
    warnOnly.info({ jobId: 'j2' }, 'not written');
    warnOnly.warn({ jobId: 'j3' }, 'codec request failed');
    codecLog('silent', (l) => lines.push(l)).warn({}, 'never');
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { level: 30, time: expect.any(Number), pid: process.pid, hostname: os.hostname(), component: 'codec-process', jobId: 'j1', requestId: 'r1', msg: 'codec request done' },
      { level: 40, time: expect.any(Number), pid: process.pid, hostname: os.hostname(), component: 'codec-process', jobId: 'j3', msg: 'codec request failed' },
    ]);
    expect(lines.every((l) => l.endsWith('\n'))).toBe(true);
  });
});
