// Reading a server's Prometheus metrics in tests: its metrics port (printed at start, as the app's port is), a
// scrape, and the value of one sample by name and labels.
import { expect } from 'vitest';
import type { TestServer } from './server';

/** The metrics URL a server printed at start (METRICS_PORT=0 picks a free port). */
export function metricsUrlOf(server: TestServer): string {
  const m = /metrics on http:\/\/localhost:(\d+)\/metrics/.exec(server.output());
  if (!m) throw new Error(`the server printed no metrics address:\n${server.output().slice(-2000)}`);
  return `http://127.0.0.1:${m[1]}/metrics`;
}

export async function scrape(url: string): Promise<string> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The sum of the samples of `name` whose labels include all of `labels` (0 when none does). */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) sum += Number(m[3]);
  }
  return sum;
}

/** Whether the metric has at least one sample (whatever its value). */
export const hasSample = (text: string, name: string): boolean => new RegExp(`^${name}(\\{| )`, 'm').test(text);
