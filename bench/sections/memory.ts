// Server memory: peak RSS for a signed-in user's 50-file batch, and what a refused 10 GB guest upload costs
// (status, when it is answered, how much of the body the server takes first), each on a fresh server.
import type { Job } from '#contract/api';
import { GUEST_MAX_FILE_SIZE, GUEST_MAX_FILES } from '#contract/limits';
import { storedFiles } from '../../tests/support/jobs';
import { newGuest, newUser, upload, type HttpClient } from '../lib/api';
import { fiftyFiles, totalBytes } from '../lib/corpus';
import { table } from '../lib/markdown';
import { streamHugeUpload, type HugeUploadResult } from '../lib/multipart';
import { sleep } from '../lib/pool';
import { cpuTimeMs, readMemory, RssSampler } from '../lib/proc';
import { progress, type BenchSection } from '../lib/section';
import { pidOf, withServer } from '../lib/server';
import { median, mib, ms, round } from '../lib/stats';
import { smokeOr } from '../lib/smoke';

const TEN_GB = 10 * 1024 ** 3;
const SEND_CAP = smokeOr(200, 8) * 1024 ** 2;
const SAMPLE_MS = 20;
const BATCH_RUNS = smokeOr(3, 1);
const REFUSED_ATTEMPTS = smokeOr(3, 1);
/** The environment `npm start` gives the server. */
const AS_STARTED = { MALLOC_ARENA_MAX: '2' };
/** The same without the codec processes' memory budget: what the budget costs in time and saves in memory. */
const NO_BUDGET = { ...AS_STARTED, CODEC_MEMORY_BUDGET_MB: '0' };

async function settle(client: HttpClient, ids: ReadonlySet<string>, timeoutMs = 240_000): Promise<Job[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = ((await (await client.get('/api/jobs')).json()) as Job[]).filter((j) => ids.has(j.id));
    if (jobs.length === ids.size && jobs.every((j) => j.status === 'completed' || j.status === 'error')) return jobs;
    if (Date.now() > deadline) throw new Error('timed out waiting for the batch');
    await sleep(250);
  }
}

async function batchOf50(log: (m: string) => void, env: Record<string, string> = {}) {
  const files = fiftyFiles();
  return withServer(async (server) => {
    const pid = pidOf(server);
    const client = await newUser(server.url);
    await sleep(1000);
    const idle = readMemory(pid);
    const sampler = new RssSampler(pid, SAMPLE_MS).start();
    try {
      log(`50-file batch (${mib(totalBytes(files))}) by a signed-in user${Object.keys(env).length ? ` with ${JSON.stringify(env)}` : ''}`);
      sampler.mark('upload');
      const t0 = performance.now();
      const created = await upload(client, files);
      const uploadMs = performance.now() - t0;
      sampler.mark('processing');
      const jobs = await settle(client, new Set(created.map((j) => j.id)));
      const totalMs = performance.now() - t0;
      sampler.mark('done');
      await sleep(1000);
      sampler.stop();
      const end = readMemory(pid);
      return {
        files: files.length,
        bytes: totalBytes(files),
        completed: jobs.filter((j) => j.status === 'completed').length,
        failed: jobs.filter((j) => j.status === 'error').map((j) => ({ filename: j.filename, error: j.error })),
        uploadMs: round(uploadMs, 1),
        totalMs: round(totalMs, 1),
        idleRss: idle.rss,
        peakRssUpload: sampler.peak('upload', 'processing'),
        peakRssProcessing: sampler.peak('processing', 'done'),
        hwm: end.hwm,
        rssAfter: end.rss,
        samples: sampler.sampleCount,
      };
    } finally {
      sampler.stop();
    }
  }, { env });
}

interface RefusedVariant extends HugeUploadResult {
  variant: string;
  attempt: number;
  peakRss: number;
  serverCpuMs: number;
  leftoverFiles: string[];
}

async function refusedUploads(log: (m: string) => void) {
  return withServer(async (server) => {
    const pid = pidOf(server);
    const guest = await newGuest(server.url);
    await sleep(1000);
    const idle = readMemory(pid);
    const sampler = new RssSampler(pid, SAMPLE_MS).start();
    const variants: RefusedVariant[] = [];
    try {
      for (const declareLength of [false, true]) {
        for (let attempt = 1; attempt <= REFUSED_ATTEMPTS; attempt++) {
          const variant = declareLength ? 'Content-Length: 10 GiB declared' : 'chunked, no Content-Length';
          log(`refused guest upload of a 10 GiB file: ${variant}, try ${attempt} (sending at most ${mib(SEND_CAP)})`);
          const mark = `${variant} ${attempt}`;
          sampler.mark(mark);
          const cpu0 = cpuTimeMs(pid);
          const r = await streamHugeUpload(server.url, { cookie: guest.cookie, fileBytes: TEN_GB, declareLength, capBytes: SEND_CAP });
          await sleep(300);
          variants.push({
            variant,
            attempt,
            ...r,
            peakRss: sampler.peak(mark),
            serverCpuMs: round(cpuTimeMs(pid) - cpu0, 0),
            leftoverFiles: await storedFiles(server.dataDir),
          });
        }
      }
      // The guest can still use the server afterwards (nothing is stuck).
      const after = await guest.get('/api/queue/status');
      await after.arrayBuffer();
      sampler.stop();
      return { idleRss: idle.rss, hwm: readMemory(pid).hwm, variants, statusAfter: after.status };
    } finally {
      sampler.stop();
    }
  });
}

export const memory: BenchSection = {
  name: 'memory',
  async run(ctx) {
    const log = progress(ctx, 'memory');
    // Which jobs run side by side varies from run to run, and with it the peak: each variant runs BATCH_RUNS times,
    // interleaved, and the table gives the median with the lowest and highest run.
    const variants = [
      { label: 'as `npm start` runs it (`MALLOC_ARENA_MAX=2`)', env: AS_STARTED },
      // glibc keeps freed buffers in per-thread arenas; its defaults show how much of the peak is allocator retention.
      { label: 'glibc defaults (no `MALLOC_ARENA_MAX`)', env: {} },
      { label: '`MALLOC_ARENA_MAX=2`, `CODEC_MEMORY_BUDGET_MB=0` (no budget)', env: NO_BUDGET },
    ];
    const runs: Awaited<ReturnType<typeof batchOf50>>[][] = variants.map(() => []);
    for (let run = 0; run < BATCH_RUNS; run++) {
      for (const [i, variant] of variants.entries()) runs[i]!.push(await batchOf50(log, variant.env));
    }
    const spread = (values: number[], show: (v: number) => string) =>
      `${show(median(values))} (${show(Math.min(...values))}–${show(Math.max(...values))})`;
    const refused = await refusedUploads(log);

    const delta = (v: number, base: number) => `${mib(v)} (+${mib(v - base)})`;
    const describe = (v: RefusedVariant) => {
      const answered =
        v.status === null
          ? `none read (${v.error ?? 'no data'})`
          : `${v.status} after ${ms(v.msToResponse ?? NaN)}, ${mib(v.bytesAtResponse ?? NaN)} of body sent`;
      const ending =
        v.end === 'server-closed'
          ? `server closed it at ${mib(v.bytesSent)}`
          : v.end === 'stalled'
            ? `server stopped reading at ${mib(v.bytesSent)} without closing`
            : `server kept reading: the bench stopped at its ${mib(SEND_CAP)} cap${v.finishedBody ? ' and ended the body' : ''}`;
      return [`${v.variant} (#${v.attempt})`, answered, v.body ? `\`${v.body.trim().slice(0, 80)}\`` : '', ending, delta(v.peakRss, refused.idleRss), ms(v.serverCpuMs), v.leftoverFiles.length];
    };
    const unread = refused.variants.filter((v) => v.status === null);
    const markdown = [
      '## Server memory',
      '',
      `Peak resident memory of the server and its codec processes: the sum of their VmRSS (\`/proc/<pid>/status\`, shared pages counted once per process), sampled every ${SAMPLE_MS} ms; VmHWM is the kernel's lifetime peak of the server process alone. Each scenario runs on a freshly started server.`,
      '',
      `**50-file batch, signed-in user** (${runs[0]![0]!.files} corpus files, ${mib(runs[0]![0]!.bytes)}, one upload request, on a fresh server each ` +
        `time; ${BATCH_RUNS} runs of each variant, interleaved: median (lowest–highest); goal: peak under 500 MB, i.e. 476.8 MiB):`,
      '',
      table(
        ['server environment', 'completed', 'all done after', 'idle RSS', 'peak RSS during upload', 'peak RSS while processing', 'RSS 1 s after'],
        variants.map((variant, i) => {
          const r = runs[i]!;
          return [
            variant.label,
            r.map((b) => `${b.completed}/${b.files}`).join(', '),
            spread(r.map((b) => b.totalMs), ms),
            spread(r.map((b) => b.idleRss), mib),
            spread(r.map((b) => b.peakRssUpload), mib),
            spread(r.map((b) => b.peakRssProcessing), mib),
            spread(r.map((b) => b.rssAfter), mib),
          ];
        }),
      ),
      ...variants.flatMap((variant, i) =>
        runs[i]!.flatMap((b) => b.failed.map((f) => `\nFailed job (${variant.label}): \`${f.filename}\`: ${f.error ?? 'no message'}`)),
      ),
      '',
      `**Refused 10 GiB guest upload** (one file part; the guest limit is ${mib(GUEST_MAX_FILE_SIZE)} per file, ${GUEST_MAX_FILES} files per request, ` +
        `so a whole guest body may be about ${mib(GUEST_MAX_FILES * GUEST_MAX_FILE_SIZE)} plus framing; raw socket, keep-alive, ` +
        `bytes counted when the kernel accepted them, so up to a few MB sit in socket buffers unread). Idle RSS ${mib(refused.idleRss)}, VmHWM after all tries ${delta(refused.hwm, refused.idleRss)}.`,
      '',
      table(['request', 'answer', 'body', 'connection', 'peak RSS', 'server CPU', 'temp files left'], refused.variants.map(describe)),
      '',
      `After these, the same guest's \`GET /api/queue/status\` answered ${refused.statusAfter}.` +
        (unread.length
          ? ` In ${unread.length} of ${refused.variants.length} tries the client, still sending, saw the connection fail (${[...new Set(unread.map((v) => v.error))].join(', ')}) ` +
            'before it could read an answer. The server answers the declared oversize body at once and closes without draining what is in flight, ' +
            "so a client still sending can get a reset; Node's socket then drops the unread 413 (browsers generally try to read the response after a failed send)."
          : ''),
    ].join('\n');
    return {
      markdown,
      json: { batches: variants.map((variant, i) => ({ ...variant, runs: runs[i] })), refused, sendCapBytes: SEND_CAP },
    };
  },
};
