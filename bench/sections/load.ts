// Many browsers at once: 1,000 guests polling status and jobs every 2 s (open loop, jittered starts, one
// session and connection pool each) while jobs run, plus 200 guests uploading a small image at the same moment.
import http from 'node:http';
import os from 'node:os';
import type { CompressResponse, Job } from '#contract/api';
import { loadImage } from '../lib/corpus';
import { startFeeder, type FeederReport } from '../lib/feeder';
import { BenchClient, Recorder, timed, type TagSummary } from '../lib/http';
import { table } from '../lib/markdown';
import { multipartBody } from '../lib/multipart';
import { runSchedule, type ScheduledEvent } from '../lib/open-loop';
import { mapPool, sleep } from '../lib/pool';
import { seededRandom } from '../lib/random';
import { progress, type BenchSection } from '../lib/section';
import { pidOf, withServer } from '../lib/server';
import { cpuMeter, listenQueueDrops } from '../lib/proc';
import { ms, round, summarize } from '../lib/stats';
import { smokeOr } from '../lib/smoke';

const CLIENTS = smokeOr(1000, 20);
const POLL_MS = smokeOr(2000, 500);
const DURATION_MS = smokeOr(20_000, 3_000);
const UPLOADERS = smokeOr(200, 4);
const UPLOAD_AT_MS = smokeOr(6000, 1000);
const UPLOAD_IMAGE = ['photos', 'turbo-testorig.jpg'] as const;
const POLLS = ['/api/queue/status', '/api/jobs'] as const;
const WINDOW_MS = smokeOr(2000, 1000);

interface SimClient {
  http: BenchClient;
  session: Promise<void>;
  startSession: () => void;
}

function simClient(baseUrl: string): SimClient {
  // Browsers open up to 6 connections per host; two suffice for two polls at a time.
  const client = new BenchClient(baseUrl, new http.Agent({ keepAlive: true, maxSockets: 2 }));
  let startSession: () => void = () => undefined;
  const session = new Promise<void>((resolve) => (startSession = resolve));
  return { http: client, session, startSession };
}

const row = (label: string, t: TagSummary | undefined) => {
  const s = summarize(t?.latencies ?? []);
  return [label, t?.count ?? 0, t?.ok ?? 0, ms(s.p50), ms(s.p99), ms(s.max), t?.throttled ?? 0, t?.errors ?? 0];
};

export const load: BenchSection = {
  name: 'load',
  async run(ctx) {
    const log = progress(ctx, 'load');
    const image = loadImage(...UPLOAD_IMAGE);
    const upload = multipartBody([{ name: image.name, data: image.data, type: 'image/jpeg' }], { quality: '80', type: 'web' });
    const random = seededRandom(20240601);

    return withServer(async (server) => {
      log('starting the job feeder');
      const feeder = await startFeeder(server.url);
      const clients = Array.from({ length: CLIENTS }, () => simClient(server.url));
      const rec = new Recorder();
      // Poll latencies by when they were due, to show whether queues build up and drain.
      const windows = Array.from({ length: Math.ceil(DURATION_MS / WINDOW_MS) }, () => [] as number[]);
      const uploadJobs = new Map<number, { job: Job; sentAtEpoch: number }>();
      let feederReport: FeederReport | undefined;
      try {
        await feeder.ready;
        const events: ScheduledEvent[] = [];
        clients.forEach((c, i) => {
          const start = random() * POLL_MS;
          // The first call gets the guest cookie, as the app's first fetch does; polls wait for it.
          events.push({
            at: start,
            fire: async (scheduledAt) => {
              rec.add('session (first request)', await timed(scheduledAt, () => c.http.get('/api/upload-config')));
              c.startSession();
            },
          });
          for (let at = start + 100; at < DURATION_MS; at += POLL_MS) {
            for (const path of POLLS) {
              events.push({
                at,
                fire: async (scheduledAt) => {
                  const outcome = await timed(scheduledAt, async () => {
                    await c.session;
                    return c.http.get(path);
                  });
                  rec.add(path, outcome);
                  if (outcome.status !== 0) windows[Math.floor(at / WINDOW_MS)]!.push(outcome.latencyMs);
                },
              });
            }
          }
          if (i < UPLOADERS) {
            events.push({
              at: UPLOAD_AT_MS,
              fire: async (scheduledAt) => {
                const sentAtEpoch = performance.timeOrigin + scheduledAt;
                const outcome = await timed(scheduledAt, async () => {
                  await c.session;
                  return c.http.send('POST', '/api/compress', upload.body, { 'content-type': upload.contentType });
                });
                rec.add('POST /api/compress', outcome);
                if (outcome.status === 201 && outcome.result) {
                  const job = (JSON.parse(outcome.result.body.toString()) as CompressResponse).jobs[0];
                  if (job) uploadJobs.set(i, { job, sentAtEpoch });
                }
              },
            });
          }
        });

        log(`${CLIENTS} clients polling every ${POLL_MS / 1000} s for ${DURATION_MS / 1000} s; ${UPLOADERS} uploads at ${UPLOAD_AT_MS / 1000} s`);
        const cpuBefore = os.loadavg()[0]!;
        const serverCpu = cpuMeter(pidOf(server));
        const listen0 = listenQueueDrops();
        const schedule = await runSchedule(events);
        const serverCores = serverCpu();
        const listen1 = listenQueueDrops();
        const listenOverflows = listen1.overflows - listen0.overflows;
        feederReport = await feeder.stop();

        // Turnaround of the 200 small jobs: upload sent -> completed (server clock, same host).
        log('waiting for the uploaded jobs');
        const turnaround: number[] = [];
        let unfinished = 0;
        const deadline = Date.now() + 60_000;
        await mapPool([...uploadJobs.entries()], 20, async ([i, { job, sentAtEpoch }]) => {
          for (;;) {
            const res = await clients[i]!.http.get('/api/jobs');
            const mine = (JSON.parse(res.body.toString()) as Job[]).find((j) => j.id === job.id);
            if (mine?.completedAt) {
              turnaround.push(Date.parse(mine.completedAt) - sentAtEpoch);
              return;
            }
            if (Date.now() > deadline) {
              unfinished++;
              return;
            }
            await sleep(500);
          }
        });
        const jobsTurnaround = summarize(turnaround);

        const timeline = windows.map((w, k) => ({ fromMs: k * WINDOW_MS, ...summarize(w) }));
        const polls = POLLS.map((p) => row(`\`GET ${p}\``, rec.get(p)));
        const markdown = [
          '## Load: 1,000 polling clients and 200 simultaneous uploads',
          '',
          `${CLIENTS} simulated browsers, each a guest with its own cookie and keep-alive connections (2 each), start at seeded random times within the first ` +
            `${POLL_MS / 1000} s, get their session with \`GET /api/upload-config\`, then poll \`/api/queue/status\` and \`/api/jobs\` together every ` +
            `${POLL_MS / 1000} s until ${DURATION_MS / 1000} s (open loop: latency from the scheduled time, so queueing counts). ` +
            `At ${UPLOAD_AT_MS / 1000} s, ${UPLOADERS} of them upload \`${image.name}\` (${(image.data.length / 1024).toFixed(1)} KiB) at the same moment. ` +
            'A separate guest keeps 3 photo jobs running throughout. 429 (backpressure) is counted apart from errors (other non-2xx and network failures).',
          '',
          table(['request', 'sent', '2xx', 'p50', 'p99', 'max', '429', 'errors'], [...polls, row('session (first request)', rec.get('session (first request)')), row('`POST /api/compress`', rec.get('POST /api/compress'))]),
          '',
          `Small upload jobs, upload sent -> job completed: p50 ${ms(jobsTurnaround.p50)}, p99 ${ms(jobsTurnaround.p99)}, max ${ms(jobsTurnaround.max)} ` +
            `(${turnaround.length} completed${unfinished ? `, ${unfinished} not finished within 60 s after the run` : ''}); ` +
            `3 photo jobs were processing in ${(feederReport.busyShare * 100).toFixed(0)}% of the feeder's samples. ` +
            `Offered load ${((CLIENTS * POLLS.length * 1000) / POLL_MS).toFixed(0)} polls/s; ${schedule.events} requests in ${(schedule.durationMs / 1000).toFixed(1)} s. ` +
            `Server CPU during the run: ${serverCores.processCores.toFixed(2)} cores in all, ${serverCores.mainThreadCores.toFixed(2)} on its event-loop thread. ` +
            `Kernel TCP listen-queue overflows during the run: ${listenOverflows} (\`ListenOverflows\` in /proc/net/netstat, machine-wide; ` +
            'each is a connection dropped because the accept queue was full, and its client retries the SYN after 1 s, then 3 s, 7 s). ' +
            `Client dispatch lag p99 ${ms(schedule.sendLag.p99)}, max ${ms(schedule.sendLag.max)} (the client shares the ${os.cpus().length} cores with the server; ` +
            `1-minute load average ${cpuBefore.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end).`,
          '',
          `Both polls together, by the ${WINDOW_MS / 1000}-second window they were due in (uploads at ${UPLOAD_AT_MS / 1000} s):`,
          '',
          table(
            ['window', ...timeline.map((w) => `${w.fromMs / 1000}-${(w.fromMs + WINDOW_MS) / 1000} s`)],
            [
              ['polls', ...timeline.map((w) => w.count)],
              ['p50', ...timeline.map((w) => ms(w.p50))],
              ['p99', ...timeline.map((w) => ms(w.p99))],
            ],
          ),
          ...[...rec.tags.entries()]
            .filter(([, t]) => t.firstErrors.length)
            .map(([tag, t]) => `\nFirst errors of ${tag}: ${t.firstErrors.map((e) => `\`${e.slice(0, 160)}\``).join('; ')}`),
        ].join('\n');

        const json = {
          clients: CLIENTS,
          pollMs: POLL_MS,
          durationMs: DURATION_MS,
          uploaders: UPLOADERS,
          requests: Object.fromEntries(
            [...rec.tags.entries()].map(([tag, t]) => [
              tag,
              { count: t.count, ok: t.ok, throttled: t.throttled, errors: t.errors, statuses: t.statuses, firstErrors: t.firstErrors, latency: summarize(t.latencies) },
            ]),
          ),
          pollTimeline: timeline,
          uploadJobs: { completed: turnaround.length, unfinished, turnaround: jobsTurnaround },
          schedule: { ...schedule, durationMs: round(schedule.durationMs, 0) },
          serverCpu: serverCores,
          listenOverflows,
          feeder: feederReport,
        };
        return { markdown, json };
      } finally {
        if (!feederReport) await feeder.stop().catch(() => undefined);
        for (const c of clients) c.http.close();
      }
    });
  },
};
