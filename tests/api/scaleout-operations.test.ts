// Operations at scale-out, on real services: a real Prometheus scrapes an API process and a worker process and sees,
// through its own query API, a batch of uploads in the queue-depth gauge (while BullMQ's wait list, which a naive
// autoscaler reads, stays empty) and then in the job counters; and readiness turns 503 while the Ceph gateway is
// stopped under a running app, with liveness still 200, and 200 again once it is back.
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { makeDataDir, useServers } from '../support/server';
import { HttpClient, fileFrom } from '../support/http-client';
import { corpusPath } from '../support/paths';
import { waitFor, waitForSettled } from '../support/jobs';
import { SCALEOUT, testRedisUrl } from '../support/scaleout-backing';
import { freePort } from '../support/scaleout-services';
import { metricsUrlOf } from '../support/metrics';
import { startPrometheus } from '../support/prometheus';
import { startCephGateway } from '../support/ceph-gateway';
import { bucketEnv, createBucket, dropBucket, testS3Client } from '../support/test-bucket';
import type { Readiness } from '#contract/health';

if (!SCALEOUT) throw new Error('scaleout-operations.test.ts needs TEST_MODE=scaleout (run it with --project api-scaleout)');

const PNGS = ['basn2c08.png', 'basn6a08.png', 'basn0g08.png', 'basn4a08.png'].map((n) => corpusPath('png', 'pngsuite', n));

describe('operations at scale-out (api-scaleout project only)', () => {
  const startTracked = useServers();

  it('a real Prometheus scraping an API and a worker sees a batch in the queue-depth gauge, then in the job counters', async () => {
    const dataDir = makeDataDir();
    const workerMetricsPort = await freePort();
    const api = await startTracked({ dataDir, env: { ROLE: 'api', METRICS_PORT: '0' } });
    const apiTarget = new URL(metricsUrlOf(api)).host;
    const workerTarget = `127.0.0.1:${workerMetricsPort}`;
    const prometheus = await startPrometheus([apiTarget, workerTarget]);
    try {
      /** Waits until Prometheus's answer to `promql` is one series with this value (what it last scraped). */
      const until = (promql: string, value: number) =>
        waitFor(async () => {
          const result = await prometheus.query(promql);
          return result.length === 1 && result[0]!.value === value;
        }, 90_000, `${promql} == ${value} in Prometheus`);
      await until(`up{instance="${apiTarget}"}`, 1);

      // No worker yet: the batch waits.
      const guest = new HttpClient(api.url);
      const res = await guest.upload(PNGS.map((p) => fileFrom(p)));
      expect(res.status).toBe(201);
      await until('sum(imagesqueeze_jobs_created_total{input="png"})', PNGS.length);
      await until('max(imagesqueeze_queue_jobs{state="waiting"})', PNGS.length);
      await until('max(imagesqueeze_queue_oldest_waiting_seconds) > bool 0', 1);

      // The trap an autoscaler falls into: our jobs carry priorities, so BullMQ keeps them in its prioritized set and
      // its wait list (what a Redis-list scaler reads) stays empty while the gauge says four are waiting.
      const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 2 });
      try {
        expect(await redis.llen(`${api.redisPrefix}:compress:wait`)).toBe(0);
        expect(await redis.zcard(`${api.redisPrefix}:compress:prioritized`)).toBe(PNGS.length);
      } finally {
        redis.disconnect();
      }

      const worker = await startTracked({ dataDir: makeDataDir(), backingOf: dataDir, env: { ROLE: 'worker', METRICS_PORT: String(workerMetricsPort) } });
      expect(metricsUrlOf(worker)).toBe(`http://${workerTarget}/metrics`);
      const jobs = await waitForSettled(guest, 240_000);
      expect(jobs.map((j) => j.status)).toEqual(PNGS.map(() => 'completed'));

      // Completions are counted where the jobs ran: the worker.
      await until(`sum(imagesqueeze_jobs_completed_total{instance="${workerTarget}",input="png"})`, PNGS.length);
      await until(`sum(imagesqueeze_bytes_in_total{instance="${workerTarget}"})`, jobs.reduce((n, j) => n + j.originalSize, 0));
      await until(`count(imagesqueeze_jobs_completed_total{instance="${apiTarget}"}) or vector(0)`, 0);
      await until('max(imagesqueeze_queue_jobs{state="waiting"})', 0);
      await until(`sum(imagesqueeze_http_requests_total{instance="${apiTarget}",route="/api/compress",status="201"})`, 1);
      await until('count(up == 1)', 2);
      // The worker answers its orchestrator's probes too.
      expect((await fetch(`${worker.url}/api/health/live`)).status).toBe(200);
      expect((await fetch(`${worker.url}/api/health/ready`)).status).toBe(200);
    } finally {
      await prometheus.stop();
    }
  });

  it('readiness turns 503 while the Ceph gateway is down and 200 once it is back; liveness stays 200', async () => {
    // A gateway of this test's own, so stopping it disturbs no other test.
    const gateway = await startCephGateway();
    try {
      const s3 = { endpoint: gateway.endpoint, accessKeyId: gateway.accessKeyId, secretAccessKey: gateway.secretAccessKey };
      const bucket = `imgc-t-${process.pid}-ready`;
      await createBucket(bucket, testS3Client(s3));
      const api = await startTracked({ dataDir: makeDataDir(), env: { ...bucketEnv(bucket, s3), ROLE: 'api' } });
      const readiness = async () => {
        const res = await fetch(`${api.url}/api/health/ready`);
        return { status: res.status, body: (await res.json()) as Readiness };
      };
      expect(await readiness()).toEqual({ status: 200, body: { status: 'ready', checks: { database: { ok: true }, queue: { ok: true }, storage: { ok: true } } } });

      await gateway.stopGateway();
      const down = await waitFor(async () => {
        const r = await readiness();
        return r.status === 503 ? r.body : null;
      }, 60_000, 'readiness to turn 503');
      expect(down).toMatchObject({ status: 'unavailable', checks: { database: { ok: true }, queue: { ok: true }, storage: { ok: false, message: expect.any(String) } } });
      // Nothing of the store's address leaks to whoever reads the probe.
      expect(JSON.stringify(down)).not.toContain(new URL(gateway.endpoint).port);
      const live = await fetch(`${api.url}/api/health/live`);
      expect(live.status).toBe(200);

      await gateway.startGateway();
      await waitFor(async () => (await readiness()).status === 200, 60_000, 'readiness to recover');
      expect((await readiness()).body.status).toBe('ready');
      await dropBucket(bucket, testS3Client(s3));
    } finally {
      await gateway.stop();
    }
  });
});
