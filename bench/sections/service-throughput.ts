// End-to-end throughput (HTTP upload -> queue -> job completed) against the codec alone on the same images
// with the same concurrency, so the ratio is what the HTTP layer, storage, database and queue cost.
import os from 'node:os';
import type { Job } from '#contract/api';
import { MAX_CONCURRENT_JOBS } from '#contract/limits';
import { compress } from '#server/codec/index';
import { completedAtMs, megapixels, newUser, upload, type HttpClient } from '../lib/api';
import { throughputSet, tinyPngs, totalBytes, type CorpusImage } from '../lib/corpus';
import { table } from '../lib/markdown';
import { mapPool, sleep } from '../lib/pool';
import { progress, type BenchSection } from '../lib/section';
import { pidOf, withServer } from '../lib/server';
import { cpuTimeMs } from '../lib/proc';
import { mib, ms, round, summarize } from '../lib/stats';
import { smokeOr } from '../lib/smoke';

const CONCURRENCY = MAX_CONCURRENT_JOBS; // 3, as the server's worker pool
const TINY_BATCH = smokeOr(50, 5);
const SINGLE_JOB_TRIPS = smokeOr(10, 2);
const QUALITY = 80;
const TYPE = 'web';

interface RunFigures {
  jobs: number;
  failed: number;
  wallMs: number;
  jobsPerSec: number;
  megapixels: number;
  mpPerSec: number;
  /** CPU time (user + system) of the process doing the work, per job: robust against other load on the machine. */
  cpuMsPerJob: number;
}

const figures = (jobs: number, failed: number, wallMs: number, mp: number, cpuMs: number): RunFigures => ({
  jobs,
  failed,
  wallMs: round(wallMs, 1),
  jobsPerSec: round(jobs / (wallMs / 1000), 3),
  megapixels: round(mp, 3),
  mpPerSec: round(mp / (wallMs / 1000), 3),
  cpuMsPerJob: round(cpuMs / jobs, 2),
});

const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function codecAlone(images: readonly CorpusImage[]): Promise<RunFigures> {
  let mp = 0;
  let failed = 0;
  const cpu0 = ownCpuMs();
  const t0 = performance.now();
  await mapPool(images, CONCURRENCY, async (img) => {
    try {
      const r = await compress(img.data, { quality: QUALITY });
      mp += (r.input.width * r.input.height) / 1e6;
    } catch {
      failed++;
    }
  });
  return figures(images.length, failed, performance.now() - t0, mp, ownCpuMs() - cpu0);
}

/** Polls the owner's jobs until the given ids are settled; 250 ms apart so polling adds little load. */
async function waitForJobs(client: HttpClient, ids: ReadonlySet<string>, timeoutMs = 300_000): Promise<Job[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get('/api/jobs');
    const all = (await res.json()) as Job[];
    const mine = all.filter((j) => ids.has(j.id));
    if (mine.length === ids.size && mine.every((j) => j.status === 'completed' || j.status === 'error')) return mine;
    if (Date.now() > deadline) throw new Error('timed out waiting for jobs to finish');
    await sleep(250);
  }
}

/** Upload in one request, then wall time from just before the request to the last job's completion (server clock, same host). */
async function service(client: HttpClient, pid: number, images: readonly CorpusImage[]): Promise<RunFigures & { uploadMs: number }> {
  const cpu0 = cpuTimeMs(pid);
  const start = Date.now();
  const t0 = performance.now();
  const created = await upload(client, images, QUALITY, TYPE);
  const uploadMs = performance.now() - t0;
  const jobs = await waitForJobs(client, new Set(created.map((j) => j.id)));
  const end = Math.max(...jobs.map(completedAtMs));
  const failed = jobs.filter((j) => j.status !== 'completed').length;
  const mp = jobs.reduce((a, j) => a + megapixels(j), 0);
  return { ...figures(jobs.length, failed, end - start, mp, cpuTimeMs(pid) - cpu0), uploadMs: round(uploadMs, 1) };
}

/** One tiny file at a time: upload sent -> job completed, against the codec alone on that file. */
async function singleJobTrips(client: HttpClient, img: CorpusImage) {
  const e2e: number[] = [];
  const uploadOnly: number[] = [];
  const codec: number[] = [];
  for (let i = 0; i < SINGLE_JOB_TRIPS; i++) {
    const sent = Date.now();
    const t0 = performance.now();
    const [job] = await upload(client, [img], QUALITY, TYPE);
    uploadOnly.push(performance.now() - t0);
    const [done] = await waitForJobs(client, new Set([job!.id]));
    e2e.push(completedAtMs(done!) - sent);
    const c0 = performance.now();
    await compress(img.data, { quality: QUALITY });
    codec.push(performance.now() - c0);
  }
  return { image: img.name, endToEnd: summarize(e2e), uploadResponse: summarize(uploadOnly), codec: summarize(codec) };
}

export const serviceThroughput: BenchSection = {
  name: 'service-throughput',
  async run(ctx) {
    const log = progress(ctx, 'service-throughput');
    const photos = throughputSet();
    const tiny = tinyPngs().slice(0, TINY_BATCH);
    const jpegCount = photos.filter((p) => /\.jpe?g$/i.test(p.name)).length;
    const loadBefore = os.loadavg()[0]!;

    // Warm the codec in this process (sharp, oxipng) so the first run is not penalised.
    await codecAlone(tiny.slice(0, 3));

    return withServer(async (server) => {
      const pid = pidOf(server);
      const client = await newUser(server.url);
      // Warm the server the same way (the first job loads the codec modules).
      await waitForJobs(client, new Set((await upload(client, tiny.slice(0, 3))).map((j) => j.id)));

      // Codec, service, codec: the service run is compared with the mean of the runs around it,
      // which cancels a steady drift in what else the shared machine is doing.
      log(`codec alone on ${photos.length} photos`);
      const codecBefore = await codecAlone(photos);
      log(`service on ${photos.length} photos`);
      const svc = await service(client, pid, photos);
      log(`codec alone again`);
      const codecAfter = await codecAlone(photos);
      const codecJobsPerSec = (codecBefore.jobsPerSec + codecAfter.jobsPerSec) / 2;
      const codecMpPerSec = (codecBefore.mpPerSec + codecAfter.mpPerSec) / 2;
      const codecCpuPerJob = (codecBefore.cpuMsPerJob + codecAfter.cpuMsPerJob) / 2;
      const ratio = round(svc.jobsPerSec / codecJobsPerSec, 3);
      // How far apart the two codec runs are: a yardstick for what the shared machine's noise can explain.
      const codecSpread = Math.abs(codecBefore.jobsPerSec - codecAfter.jobsPerSec) / codecJobsPerSec;
      const noise = Math.max(0.03, codecSpread);
      const cpuRatio = round(svc.cpuMsPerJob / codecCpuPerJob, 3);

      log(`tiny: ${tiny.length} PngSuite 32x32 files`);
      const tinyCodec = await codecAlone(tiny);
      const tinyService = await service(client, pid, tiny);
      log('tiny: single-job round trips');
      const trips = await singleJobTrips(client, tiny[0]!);
      const loadAfter = os.loadavg()[0]!;

      const perJobCodec = tinyCodec.wallMs / tinyCodec.jobs;
      const perJobService = tinyService.wallMs / tinyService.jobs;
      const row = (mode: string, f: RunFigures) => [mode, f.jobs, ms(f.wallMs), f.jobsPerSec.toFixed(2), f.mpPerSec.toFixed(2), ms(f.cpuMsPerJob), f.failed];

      const markdown = [
        '## Service throughput: HTTP + queue against the codec alone',
        '',
        `Images: ${photos.length} corpus photos (${jpegCount} JPEG, ${photos.length - jpegCount} PNG sources; ${mib(totalBytes(photos))}, ` +
          `${codecBefore.megapixels.toFixed(1)} MP), quality ${QUALITY}, type ${TYPE}; concurrency ${CONCURRENCY} in both modes. ` +
          "Service wall time runs from just before the upload request (one request, signed-in user) to the last job's `completedAt`; " +
          'the codec alone runs `compress()` in the bench process on buffers already in memory. CPU is user + system time of the process doing the work ' +
          '(the server, or the bench process for the codec alone), so it is less sensitive than wall time to other work on the machine ' +
          `(1-minute load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, on ${os.cpus().length} cores).`,
        '',
        table(
          ['mode', 'jobs', 'wall', 'jobs/s', 'MP/s', 'CPU per job', 'failed'],
          [row('codec alone (before)', codecBefore), row('service: HTTP + queue', svc), row('codec alone (after)', codecAfter)],
        ),
        '',
        `**Service / codec-alone throughput: ${ratio.toFixed(3)}** (jobs/s against the mean of the two codec runs: ${codecJobsPerSec.toFixed(2)} jobs/s, ` +
          `${codecMpPerSec.toFixed(2)} MP/s), ` +
          (1 - ratio <= noise
            ? `i.e. no throughput cost of HTTP + storage + database + queue is measurable at this run's noise level (taken as ${(noise * 100).toFixed(0)}%: ` +
              `the larger of 3% and the ${(codecSpread * 100).toFixed(0)}% between the two codec-alone runs). `
            : `i.e. HTTP + storage + database + queue cost ≈ ${((1 - ratio) * 100).toFixed(1)}% of throughput (the two codec-alone runs differ by ${(codecSpread * 100).toFixed(0)}%). `) +
          `CPU per job, service / codec alone: ${cpuRatio.toFixed(3)}. The upload request of all ${photos.length} files took ${ms(svc.uploadMs)}.`,
        '',
        `Per-job overhead with ${tiny.length} PngSuite 32x32 files:`,
        '',
        table(
          ['mode', 'jobs', 'wall', 'jobs/s', 'wall per job', 'CPU per job'],
          [
            ['codec alone', tinyCodec.jobs, ms(tinyCodec.wallMs), tinyCodec.jobsPerSec.toFixed(1), ms(perJobCodec), ms(tinyCodec.cpuMsPerJob)],
            ['service (one 50-file upload)', tinyService.jobs, ms(tinyService.wallMs), tinyService.jobsPerSec.toFixed(1), ms(perJobService), ms(tinyService.cpuMsPerJob)],
          ],
        ),
        '',
        `At concurrency ${CONCURRENCY} a tiny job costs ${ms(perJobService - perJobCodec)} more wall time and ${ms(tinyService.cpuMsPerJob - tinyCodec.cpuMsPerJob)} more CPU ` +
          `in the service than in the codec alone. One job at a time (${SINGLE_JOB_TRIPS} trips, \`${trips.image}\`): upload sent -> job completed ` +
          `median ${ms(trips.endToEnd.p50)} (max ${ms(trips.endToEnd.max)}), of which the upload response ${ms(trips.uploadResponse.p50)}; ` +
          `the codec alone takes ${ms(trips.codec.p50)}, so the service adds about ${ms(trips.endToEnd.p50 - trips.codec.p50)} per job.`,
      ].join('\n');

      return {
        markdown,
        json: {
          images: photos.map((p) => p.name),
          concurrency: CONCURRENCY,
          quality: QUALITY,
          type: TYPE,
          loadAverage: { before: loadBefore, after: loadAfter, cores: os.cpus().length },
          codecBefore,
          service: svc,
          codecAfter,
          ratio,
          cpuRatio,
          codecSpread: round(codecSpread, 3),
          tiny: {
            files: tiny.length,
            codec: tinyCodec,
            service: tinyService,
            perJobMs: { codec: round(perJobCodec, 2), service: round(perJobService, 2), overhead: round(perJobService - perJobCodec, 2) },
            singleJob: { ...trips, medianOverheadMs: round(trips.endToEnd.p50 - trips.codec.p50, 2) },
          },
        },
      };
    });
  },
};
