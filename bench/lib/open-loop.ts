// Open-loop load: requests are sent at fixed, precomputed times whether or not earlier ones have answered,
// and latency is measured from the scheduled time, so time spent queued (in the client pool, the kernel or
// the server) counts. A closed-loop tool (autocannon) waits for answers before sending more and hides it.
import { summarize, type LatencySummary } from './stats';

export interface ScheduledEvent {
  /** Milliseconds after the schedule starts. */
  at: number;
  /** Starts the request; `scheduledAt` is the performance.now() time it was due. */
  fire: (scheduledAt: number) => Promise<unknown>;
}

export interface ScheduleReport {
  events: number;
  /** How late the client dispatched requests (its own event-loop delay): large values mean the client was the bottleneck. */
  sendLag: LatencySummary;
  durationMs: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function runSchedule(events: ScheduledEvent[], signal?: { stopped: boolean }): Promise<ScheduleReport> {
  const sorted = [...events].sort((a, b) => a.at - b.at);
  const inFlight: Promise<unknown>[] = [];
  const lags: number[] = [];
  const t0 = performance.now();
  let i = 0;
  while (i < sorted.length && !signal?.stopped) {
    const now = performance.now() - t0;
    while (i < sorted.length && sorted[i]!.at <= now) {
      const e = sorted[i++]!;
      lags.push(now - e.at);
      inFlight.push(e.fire(t0 + e.at).catch(() => undefined));
    }
    if (i < sorted.length) await sleep(Math.max(0, Math.min(sorted[i]!.at - (performance.now() - t0), 50) - 0.5));
  }
  await Promise.all(inFlight);
  return { events: lags.length, sendLag: summarize(lags), durationMs: performance.now() - t0 };
}

/** Evenly spaced events at `ratePerSec` for `durationMs`, starting `offsetMs` into the schedule. */
export function fixedRate(
  ratePerSec: number,
  durationMs: number,
  offsetMs: number,
  make: (index: number) => ScheduledEvent['fire'],
): ScheduledEvent[] {
  const interval = 1000 / ratePerSec;
  const n = Math.floor(durationMs / interval);
  return Array.from({ length: n }, (_, i) => ({ at: offsetMs + i * interval, fire: make(i) }));
}
