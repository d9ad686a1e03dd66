// A throwaway Prometheus server (Debian: apt-get install prometheus) for the scale-out tests, started like PostgreSQL,
// Redis and Ceph (scaleout-services.ts): its own temporary directory (config and TSDB), 127.0.0.1 on a free port,
// stopped and removed after. It scrapes the targets it is given every second; tests ask it through its HTTP query API
// what it saw, as an operator's dashboards and alerts would.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, makeServiceDir, tail, track, waitUntilReady, whichSync } from './scaleout-services';

export interface PrometheusServer {
  url: string;
  /** An instant query's vector: each series' labels and value. */
  query(promql: string): Promise<{ labels: Record<string, string>; value: number }[]>;
  stop(): Promise<void>;
}

/** Starts Prometheus scraping `targets` (host:port, each serving /metrics) every second, as job `imagesqueeze`. */
export async function startPrometheus(targets: string[]): Promise<PrometheusServer> {
  const binary = whichSync('prometheus');
  if (!binary) throw new Error('The scale-out tests start their own Prometheus but its binary is missing (Debian: apt-get install prometheus)');
  const dir = makeServiceDir('prometheus');
  const config = path.join(dir, 'prometheus.yml');
  fs.writeFileSync(
    config,
    [
      'global:',
      '  scrape_interval: 1s',
      '  scrape_timeout: 1s',
      '  evaluation_interval: 1s',
      'scrape_configs:',
      '  - job_name: imagesqueeze',
      '    static_configs:',
      `      - targets: [${targets.map((t) => `'${t}'`).join(', ')}]`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const child = spawn(
    binary,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      // Samples a scrape no longer returns (a restarted process) must not linger in instant queries for 5 minutes.
      '--query.lookback-delta=5s',
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output = tail(child);
  const stop = track(child, dir, 'SIGTERM');
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(child, output, 'Prometheus', async () => {
      const res = await fetch(`${url}/-/ready`);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url,
    stop,
    async query(promql) {
      const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`);
      const body = (await res.json()) as {
        status: string;
        error?: string;
        data?: { resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      if (body.status !== 'success' || body.data?.resultType !== 'vector') throw new Error(`query ${promql} failed: ${body.error ?? JSON.stringify(body)}`);
      return body.data.result.map((r) => ({ labels: r.metric, value: Number(r.value[1]) }));
    },
  };
}
