// Status-poll latency at a fixed 500 polls/s (open loop) while 3 jobs run, against an idle server in the same run.
import http from 'node:http';
import os from 'node:os';
import { BenchClient, Recorder, timed } from '../lib/http';
import { startFeeder, type FeederReport } from '../lib/feeder';
import { table } from '../lib/markdown';
import { fixedRate, runSchedule, type ScheduleReport } from '../lib/open-loop';
import { progress, type BenchSection } from '../lib/section';
import { pidOf, withServer } from '../lib/server';
import { cpuMeter } from '../lib/proc';
import { ms, summarize, type LatencySummary } from '../lib/stats';
import { smokeOr } from '../lib/smoke';

const RATE = smokeOr(500, 50); // polls per second, both endpoints together (alternating)
const PHASE_MS = smokeOr(10_000, 1_000);
const WARMUP_MS = smokeOr(1_000, 200);
const ENDPOINTS = ['/api/queue/status', '/api/jobs'] as const;
const cores = (v: number) => v.toFixed(2);

interface EndpointFigures extends LatencySummary {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  firstErrors: string[];
}

interface PhaseFigures {
  endpoints: Record<string, EndpointFigures>;
  schedule: ScheduleReport;
  /** Server CPU during the phase, in cores: the whole process (incl. libvips threads) and its event-loop thread. */
  serverCpu: { processCores: number; mainThreadCores: number };
}

async function pollPhase(client: BenchClient, pid: number, durationMs: number): Promise<PhaseFigures> {
  const rec = new Recorder();
  const cpu = cpuMeter(pid);
  const events = fixedRate(RATE, durationMs, 0, (i) => {
    const path = ENDPOINTS[i % ENDPOINTS.length]!;
    return async (scheduledAt) => {
      const outcome = await timed(scheduledAt, () => client.get(path));
      rec.add(path, outcome);
    };
  });
  const schedule = await runSchedule(events);
  const serverCpu = cpu();
  const endpoints: Record<string, EndpointFigures> = {};
  for (const path of ENDPOINTS) {
    const t = rec.get(path);
    endpoints[path] = {
      ...summarize(t?.latencies ?? []),
      requests: t?.count ?? 0,
      errors: (t?.errors ?? 0) + (t?.throttled ?? 0),
      statuses: t?.statuses ?? {},
      firstErrors: t?.firstErrors ?? [],
    };
  }
  return { endpoints, schedule, serverCpu };
}

export const pollLatency: BenchSection = {
  name: 'poll-latency',
  async run(ctx) {
    const log = progress(ctx, 'poll-latency');
    return withServer(async (server) => {
      const pid = pidOf(server);
      log('starting the job feeder');
      const feeder = await startFeeder(server.url);
      // The poller is the same guest as the feeder, so /api/jobs returns a real, growing list.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
      const poller = new BenchClient(server.url, agent);
      poller.cookie = feeder.client.cookie;
      let feederReport: FeederReport | undefined;
      try {
        await feeder.ready;
        await pollPhase(poller, pid, WARMUP_MS);
        log(`loaded: ${RATE} polls/s for ${PHASE_MS / 1000} s while 3 jobs run`);
        const loaded = await pollPhase(poller, pid, PHASE_MS);
        feederReport = await feeder.stop();
        const jobsInList = ((await poller.get('/api/jobs')).body.toString().match(/"id":/g) ?? []).length;
        log(`idle: ${RATE} polls/s for ${PHASE_MS / 1000} s, no jobs running`);
        const idle = await pollPhase(poller, pid, PHASE_MS);

        const rows = [
          ...ENDPOINTS.map((p) => ['3 jobs running', p, loaded.endpoints[p]!] as const),
          ...ENDPOINTS.map((p) => ['idle', p, idle.endpoints[p]!] as const),
        ].map(([phase, path, f]) => [phase, `\`${path}\``, f.requests, ms(f.p50), ms(f.p99), ms(f.max), f.errors]);
        const markdown = [
        '## Status-poll latency under load (open loop)',
        '',
          `Open-loop client: ${RATE} requests/s in total, alternating \`/api/queue/status\` and \`/api/jobs\` (${RATE / 2}/s each), ` +
            `sent at fixed times for ${PHASE_MS / 1000} s per phase over up to 64 keep-alive connections; latency runs from the scheduled send time to the end ` +
            `of the response, so queueing counts. One guest owns the jobs and polls (its list held ${jobsInList} jobs during the idle phase, ` +
            `fewer at the start of the loaded one). Loaded phase first, then the same client on the idle server.`,
          '',
          table(['phase', 'endpoint', 'requests', 'p50', 'p99', 'max', 'errors'], rows),
          '',
          `During the loaded phase 3 jobs were processing in ${(feederReport.busyShare * 100).toFixed(0)}% of the feeder's status samples ` +
            `(${feederReport.completed} photo jobs completed by the end). Client dispatch lag p99: ${ms(loaded.schedule.sendLag.p99)} loaded, ` +
            `${ms(idle.schedule.sendLag.p99)} idle (a large value would mean the client, not the server, was late). ` +
            `Server CPU, loaded: ${cores(loaded.serverCpu.processCores)} cores in all, ${cores(loaded.serverCpu.mainThreadCores)} on the event-loop thread; ` +
            `idle phase: ${cores(idle.serverCpu.processCores)} / ${cores(idle.serverCpu.mainThreadCores)}. ` +
            `1-minute load average at the end: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores, shared with the server and other work.`,
        ].join('\n');
        return { markdown, json: { rate: RATE, phaseMs: PHASE_MS, loaded, idle, feeder: feederReport, jobsInList } };
      } finally {
        if (!feederReport) await feeder.stop().catch(() => undefined);
        agent.destroy();
      }
    });
  },
};
