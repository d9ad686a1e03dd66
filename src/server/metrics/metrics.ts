// The process's Prometheus metrics: one registry of its own (never prom-client's global one, so several apps in one
// test process never share counters) and one typed method per event the parts report. Every label value comes from
// a closed set (contract enums, route templates, fixed outcome names): no file name, id or user text ever becomes a
// label. The list and the meaning of each metric: docs/operations.md; why: docs/decisions/0540-metrics-on-their-own-port.md.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { COMPRESSION_MODES, IMAGE_FORMATS, INPUT_ONLY_FORMATS, OUTPUT_FORMATS, formatOfMimeType, inputOnlyFormatOfMimeType } from '#contract/settings';
import { isErrorCode } from '#contract/errors';
import type { DriverName, StorageErrorKind } from '#server/storage/metered-driver';

const PREFIX = 'imagesqueeze_';
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Job durations: a small icon in tens of milliseconds to a 100-megapixel AVIF in minutes. */
const JOB_SECONDS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
const HTTP_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** What a job's labels are made of: the row's recorded input MIME type, the output format and the mode. */
export interface JobLabels {
  inputMimeType: string;
  /** The requested output (original, jpeg, ..., auto) or, for a completed job, the result's MIME type. */
  output: string;
  mode: string;
}

export type WebhookOutcome = 'delivered' | 'retry' | 'failed';
export type CodecPoolName = 'jobs' | 'transforms';

/** Queue depth from the jobs table (the row is the truth, whichever queue carries the ids). */
export interface QueueDepth {
  waiting: number;
  running: number;
  paused: number;
  /** Creation time (ms) of the oldest job waiting to run (paused owners' jobs aside), or null when none waits. */
  oldestWaitingCreatedAt: number | null;
}

/** What a codec pool tells about itself at scrape time. */
export interface CodecPoolLoad {
  /** Processes by state (codec-child.ts's states except `gone`). */
  processes: Record<'starting' | 'idle' | 'busy' | 'retiring', number>;
  waitingRequests: number;
  /** What the memory budget counts as held: running requests' reservations, idle processes, processes being ended. */
  committedBytes: number;
  budgetBytes: number | undefined;
}

const INPUT_KINDS = new Set<string>([...IMAGE_FORMATS, ...INPUT_ONLY_FORMATS]);
const OUTPUT_LABELS = new Set<string>(OUTPUT_FORMATS);
const MODES = new Set<string>(COMPRESSION_MODES);

/** The input kind of a recorded MIME type: jpeg, png, ..., heic, gif, svg; anything else `other`. */
export function inputKindOf(mimeType: string): string {
  const kind = formatOfMimeType(mimeType) ?? inputOnlyFormatOfMimeType(mimeType);
  return kind && INPUT_KINDS.has(kind) ? kind : 'other';
}

/** An output label from a format name or a MIME type, from the closed set of output formats; else `other`. */
export function outputLabelOf(value: string): string {
  if (OUTPUT_LABELS.has(value)) return value;
  return formatOfMimeType(value) ?? (value === 'image/svg+xml' ? 'svg' : 'other');
}

const modeLabelOf = (mode: string) => (MODES.has(mode) ? mode : 'other');

export class Metrics {
  readonly registry = new Registry();
  private defaultsStarted = false;

  private readonly httpRequests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route template and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a request arriving to its answer being sent, by method and route template.',
    labelNames: ['method', 'route'] as const,
    buckets: HTTP_SECONDS,
    registers: [this.registry],
  });
  private readonly jobsCreated = new Counter({
    name: `${PREFIX}jobs_created_total`,
    help: 'Jobs created by uploads, by input kind, requested output format and mode.',
    labelNames: ['input', 'output', 'mode'] as const,
    registers: [this.registry],
  });
  private readonly jobsCompleted = new Counter({
    name: `${PREFIX}jobs_completed_total`,
    help: 'Jobs completed, by input kind, the format of the result and mode.',
    labelNames: ['input', 'output', 'mode'] as const,
    registers: [this.registry],
  });
  private readonly jobsFailed = new Counter({
    name: `${PREFIX}jobs_failed_total`,
    help: 'Jobs that failed for good (after their retries), by input kind, requested output format and mode.',
    labelNames: ['input', 'output', 'mode'] as const,
    registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: `${PREFIX}job_duration_seconds`,
    help: 'Time a worker spent on one job run (fetching the original, codec, storing the result), by output format and mode.',
    labelNames: ['output', 'mode'] as const,
    buckets: JOB_SECONDS,
    registers: [this.registry],
  });
  private readonly codecDuration = new Histogram({
    name: `${PREFIX}codec_duration_seconds`,
    help: 'Time one compression spent in a codec process (waiting for a process included), by output format and mode.',
    labelNames: ['output', 'mode'] as const,
    buckets: JOB_SECONDS,
    registers: [this.registry],
  });
  private readonly bytesIn = new Counter({
    name: `${PREFIX}bytes_in_total`,
    help: 'Bytes of the originals of completed jobs, by input kind, result format and mode.',
    labelNames: ['input', 'output', 'mode'] as const,
    registers: [this.registry],
  });
  private readonly bytesOut = new Counter({
    name: `${PREFIX}bytes_out_total`,
    help: 'Bytes of the results of completed jobs, by input kind, result format and mode.',
    labelNames: ['input', 'output', 'mode'] as const,
    registers: [this.registry],
  });
  private readonly uploadsRejected = new Counter({
    name: `${PREFIX}uploads_rejected_total`,
    help: 'Uploads refused, by reason (the error code): each refused file once, and each upload refused as a whole once.',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  private readonly webhookDeliveries = new Counter({
    name: `${PREFIX}webhook_deliveries_total`,
    help: 'Webhook delivery attempts by outcome: delivered, retry (failed, will be tried again), failed (given up).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly storageOperations = new Counter({
    name: `${PREFIX}storage_operations_total`,
    help: 'Storage operations by driver (file, s3) and operation.',
    labelNames: ['driver', 'operation'] as const,
    registers: [this.registry],
  });
  private readonly storageErrors = new Counter({
    name: `${PREFIX}storage_errors_total`,
    help: 'Storage operations that failed, by driver, operation and kind (unavailable, config, other).',
    labelNames: ['driver', 'operation', 'kind'] as const,
    registers: [this.registry],
  });

  /** HTTP: one answered request. `route` is the route's template (/api/jobs/:id), or null when no route matched. */
  httpRequest(method: string, route: string | null, status: number, seconds: number): void {
    const m = HTTP_METHODS.has(method) ? method : 'other';
    const r = route ?? 'unmatched';
    this.httpRequests.inc({ method: m, route: r, status: String(status) });
    this.httpDuration.observe({ method: m, route: r }, seconds);
  }

  jobCreated(job: JobLabels): void {
    this.jobsCreated.inc(this.jobLabels(job));
  }

  jobCompleted(job: JobLabels, sizes: { inBytes: number; outBytes: number }): void {
    const labels = this.jobLabels(job);
    this.jobsCompleted.inc(labels);
    this.bytesIn.inc(labels, sizes.inBytes);
    this.bytesOut.inc(labels, sizes.outBytes);
  }

  jobFailed(job: JobLabels): void {
    this.jobsFailed.inc(this.jobLabels(job));
  }

  /** One job run, whatever its outcome, labelled with the requested output. */
  jobRan(job: Omit<JobLabels, 'inputMimeType'>, seconds: number): void {
    this.jobDuration.observe({ output: outputLabelOf(job.output), mode: modeLabelOf(job.mode) }, seconds);
  }

  codecRan(job: Omit<JobLabels, 'inputMimeType'>, seconds: number): void {
    this.codecDuration.observe({ output: outputLabelOf(job.output), mode: modeLabelOf(job.mode) }, seconds);
  }

  uploadRejected(reason: string): void {
    this.uploadsRejected.inc({ reason: isErrorCode(reason) ? reason : 'other' });
  }

  webhookDelivery(outcome: WebhookOutcome): void {
    this.webhookDeliveries.inc({ outcome });
  }

  storageOperation(driver: DriverName, operation: string, error?: StorageErrorKind): void {
    this.storageOperations.inc({ driver, operation });
    if (error) this.storageErrors.inc({ driver, operation, kind: error });
  }

  /** Queue depth by state, read at each scrape (from the jobs table: see QueueDepth). */
  observeQueue(read: () => Promise<QueueDepth>, now: () => number, onError: (err: unknown) => void): void {
    // The registry collects every metric at once: one read of the table serves both gauges of a scrape.
    let current: Promise<QueueDepth | null> | null = null;
    const once = () =>
      (current ??= read()
        .catch((err: unknown) => (onError(err), null))
        // Both gauges asked before it settled (the registry starts every collect at once); the next scrape reads anew.
        .finally(() => (current = null)));
    new Gauge({
      name: `${PREFIX}queue_jobs`,
      help: 'Jobs by queue state: waiting (pending, owner not paused, retry backoffs included), running, paused (owner paused). The same figure on every process: aggregate with max().',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        const d = await once();
        // The database away: no figure rather than a stale one (readiness reports the outage).
        if (!d) return this.reset();
        this.set({ state: 'waiting' }, d.waiting);
        this.set({ state: 'running' }, d.running);
        this.set({ state: 'paused' }, d.paused);
      },
    });
    new Gauge({
      name: `${PREFIX}queue_oldest_waiting_seconds`,
      help: 'Age of the oldest waiting job (0 when none waits, NaN when the database cannot be read). The same figure on every process: aggregate with max().',
      registers: [this.registry],
      async collect() {
        const d = await once();
        // Unknown, not 0 (which would say nothing waits): comparisons with NaN are false, so no alert fires on it.
        if (!d) return this.set(NaN);
        this.set(d.oldestWaitingCreatedAt === null ? 0 : Math.max(0, (now() - d.oldestWaitingCreatedAt) / 1000));
      },
    });
  }

  /** The codec pools' processes and memory, read at each scrape. */
  observeCodecPools(pools: Record<CodecPoolName, () => CodecPoolLoad>): void {
    const each = (use: (pool: CodecPoolName, load: CodecPoolLoad) => void) => {
      for (const [pool, load] of Object.entries(pools) as [CodecPoolName, () => CodecPoolLoad][]) use(pool, load());
    };
    new Gauge({
      name: `${PREFIX}codec_processes`,
      help: 'Codec processes by pool (jobs, transforms) and state (starting, idle, busy, retiring).',
      labelNames: ['pool', 'state'] as const,
      registers: [this.registry],
      collect() {
        each((pool, load) => {
          for (const [state, n] of Object.entries(load.processes)) this.set({ pool, state }, n);
        });
      },
    });
    new Gauge({
      name: `${PREFIX}codec_requests_waiting`,
      help: 'Requests waiting for a codec process or for memory, by pool.',
      labelNames: ['pool'] as const,
      registers: [this.registry],
      collect() {
        each((pool, load) => this.set({ pool }, load.waitingRequests));
      },
    });
    new Gauge({
      name: `${PREFIX}codec_memory_in_use_bytes`,
      help: 'Memory the codec budget counts as held, by pool: running requests (their processes and planned working memory), idle processes, processes being ended.',
      labelNames: ['pool'] as const,
      registers: [this.registry],
      collect() {
        each((pool, load) => this.set({ pool }, load.committedBytes));
      },
    });
    new Gauge({
      name: `${PREFIX}codec_memory_budget_bytes`,
      help: 'The codec memory budget (CODEC_MEMORY_BUDGET_MB) of each pool; absent when the budget is off.',
      labelNames: ['pool'] as const,
      registers: [this.registry],
      collect() {
        each((pool, load) => {
          if (load.budgetBytes !== undefined) this.set({ pool }, load.budgetBytes);
        });
      },
    });
  }

  /**
   * Node's own process metrics (process_resident_memory_bytes, nodejs_eventloop_lag_seconds and the rest of
   * prom-client's defaults); started with the metrics listener only, so a process without one samples nothing.
   */
  startProcessMetrics(): void {
    if (this.defaultsStarted) return;
    this.defaultsStarted = true;
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
  }

  private jobLabels(job: JobLabels): { input: string; output: string; mode: string } {
    return { input: inputKindOf(job.inputMimeType), output: outputLabelOf(job.output), mode: modeLabelOf(job.mode) };
  }
}
