// Runs one claimed job: codec on the original, result written atomically, row updated only if we still hold it.
// Shared by every queue implementation, so retries and failure rules are the same in both deployment modes.
import { randomUUID } from 'node:crypto';
import type { Clock } from '#server/clock';
import type { BlobStore } from '#server/storage/blob-store';
import type { JobRepository } from './job-repository';
import { REQUEST_ID_LOG_LABEL, type Logger } from '#server/logger';
// Not '../codec' itself: that loads sharp and the encoders, which only codec processes need.
import { MIME_TYPES } from '#server/codec/planning';
import { traceOf, type CodecOutcome, type FileCompressor } from '#server/sandbox/protocol';
import type { JobRow } from '#server/db/schema';
import type { Metrics } from '#server/metrics/metrics';
import { codecSettingsOf } from './job-settings';
import { triageCodecFailure } from '#server/sandbox/codec-failure';
import { discard, type LocalCopy } from '#server/storage/blob-store';
import { StoreUnavailableError } from '#server/storage/driver';
import { classifyFault } from '#server/faults';
import { MAX_RETRIES } from '#contract/limits';
import { originalOutputOfMimeType } from '#contract/settings';
import type { CompletedJob } from '#server/stats/instance-stats';
import { recordedHeader } from './input-header';

export const LEASE_MS = 60_000;
const HEARTBEAT_MS = 20_000;
/** Backoff before retry n (1-based): 1 s, 4 s, 16 s. */
export const retryDelayMs = (attempt: number) => 1000 * 4 ** (attempt - 1);

/** How long a job waits for an unavailable object store before it is tried again. */
const STORE_RETRY_MS = 5000;

export type RunOutcome = 'completed' | 'failed' | 'retry' | 'lost';

export class JobRunner {
  constructor(
    private readonly jobs: JobRepository,
    private readonly blobs: BlobStore,
    private readonly codec: FileCompressor,
    private readonly clock: Clock,
    private readonly log: Logger,
    /** Told when a job became completed or failed (webhooks); its failure never changes the job's outcome. */
    private readonly onFinal: (jobId: string) => Promise<void> = async () => undefined,
    /** Job counters and durations (tests that run jobs alone omit it). */
    private readonly metrics?: Metrics,
    /** Told when a job completed, to count it in the instance's totals; its failure never changes the job's outcome. */
    private readonly onCompleted: (job: CompletedJob) => Promise<void> = async () => undefined,
  ) {}

  /** Claims the job if it is still pending; returns the lease token or null. */
  async claim(jobId: string): Promise<string | null> {
    const token = randomUUID();
    const now = this.clock.now();
    return (await this.jobs.claim(jobId, token, now + LEASE_MS, now)) ? token : null;
  }

  async run(jobId: string, leaseToken: string): Promise<RunOutcome> {
    const heartbeat = setInterval(() => {
      void this.jobs.renewLease(jobId, leaseToken, this.clock.now() + LEASE_MS).catch(() => undefined);
    }, HEARTBEAT_MS);
    try {
      const outcome = await this.process(jobId, leaseToken);
      if (outcome === 'completed' || outcome === 'failed') {
        // Missed here (database down a moment), the event is still found by the webhook dispatcher's catch-up.
        await this.onFinal(jobId).catch((err: unknown) => this.log.error({ jobId, err }, 'recording the job\'s webhook events failed'));
      }
      return outcome;
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async process(jobId: string, leaseToken: string): Promise<RunOutcome> {
    const row = await this.jobs.findById(jobId);
    if (!row || row.lease_token !== leaseToken) return 'lost';
    const started = performance.now();
    const labels = { inputMimeType: row.mime_type, output: row.output_format, mode: row.mode };
    // Every line about this run names the job and the upload request that made it.
    const log = this.log.child({ jobId, ...(row.request_id && { [REQUEST_ID_LOG_LABEL]: row.request_id }) });
    const outcome = await this.attempt(row, leaseToken, log);
    this.metrics?.jobRan(labels, (performance.now() - started) / 1000);
    if (outcome.outcome === 'failed') this.metrics?.jobFailed(labels);
    if (outcome.outcome === 'completed' && outcome.result) {
      const { result } = outcome;
      this.metrics?.jobCompleted({ ...labels, output: MIME_TYPES[result.output.format] }, { inBytes: row.original_size, outBytes: result.output.bytes });
    }
    return outcome.outcome;
  }

  private async attempt(row: JobRow, leaseToken: string, log: Logger): Promise<{ outcome: RunOutcome; result?: CodecOutcome }> {
    const jobId = row.id;
    const resultTemp = this.blobs.tempPath();
    const previewTemp = this.blobs.tempPath();
    let input: LocalCopy | undefined;
    try {
      // With an object store the codec works on a scratch copy; with a local directory, on the stored file itself.
      input = await this.blobs.localCopy('original', jobId);
      const codecStarted = performance.now();
      const result = await this.codec.compressFile({
        inputPath: input.path,
        outputPath: resultTemp,
        previewPath: previewTemp,
        inputFormat: originalOutputOfMimeType(row.mime_type),
        inputHeader: recordedHeader(row),
        settings: codecSettingsOf(row),
        trace: traceOf(row),
      });
      this.metrics?.codecRan({ output: row.output_format, mode: row.mode }, (performance.now() - codecStarted) / 1000);
      // Taken over while we worked (our lease lapsed, another worker holds it now) or deleted: the job's files are
      // no longer ours to replace, and a re-tuned job's would then stop matching its row. The check cannot be atomic
      // with the rename below, but the lease is renewed all along, so only a stalled worker ever gets here late.
      const current = await this.jobs.findById(jobId);
      if (!current || current.lease_token !== leaseToken) {
        await Promise.all([discard(resultTemp), discard(previewTemp)]);
        return { outcome: 'lost' };
      }
      // The preview first: once the row says completed, its card may ask for it at once.
      if (result.previewWritten) await this.blobs.commit(previewTemp, 'preview', jobId, 'image/webp');
      else await discard(previewTemp);
      await this.blobs.commit(resultTemp, 'result', jobId, MIME_TYPES[result.output.format]);
      const recorded = await this.jobs.complete(
        jobId,
        leaseToken,
        {
          compressedSize: result.output.bytes,
          compressedWidth: result.output.width,
          compressedHeight: result.output.height,
          originalWidth: result.input.width,
          originalHeight: result.input.height,
          outputMimeType: MIME_TYPES[result.output.format],
          flattenedOnto: result.flattenedOnto,
          formatDecision: result.decision ? JSON.stringify(result.decision) : null,
          chosenQuality: result.chosenQuality,
          targetMet: result.targetMet,
          perceptualScore: result.perceptualScore ?? null,
          animationFrames: result.frames ?? null,
          svgRemoved: result.svgRemoved?.length ? result.svgRemoved.join(', ') : null,
          resultNote: result.notes?.length ? result.notes.join(' ') : null,
        },
        this.clock.now(),
      );
      if (!recorded) {
        // Deleted or reclaimed while we worked: our result must not outlive the row.
        const current = await this.jobs.findById(jobId);
        if (!current) await this.blobs.remove(jobId);
        return { outcome: 'lost' };
      }
      await this.onCompleted({ revision: row.revision, originalSize: row.original_size, compressedSize: result.output.bytes }).catch((err: unknown) =>
        this.log.error({ jobId, err }, 'counting the job in the instance totals failed'),
      );
      return { outcome: 'completed', result };
    } catch (err) {
      await Promise.all([discard(resultTemp), discard(previewTemp)]);
      return { outcome: await this.handleFailure(jobId, leaseToken, row.attempts, err, log) };
    } finally {
      await input?.release();
    }
  }

  private async handleFailure(jobId: string, leaseToken: string, attempts: number, err: unknown, log: Logger): Promise<RunOutcome> {
    // The object store being away is nobody's fault and may last longer than our retries: wait for it without
    // using up an attempt, so an outage never fails an accepted job.
    if (err instanceof StoreUnavailableError) {
      log.warn({ err }, 'object store unavailable, will retry');
      const due = this.clock.now() + STORE_RETRY_MS;
      return (await this.jobs.retryLater(jobId, leaseToken, due, err.message, { keepAttempt: false })) ? 'retry' : 'lost';
    }
    // The codec's own verdicts are final at the first attempt: a damaged or unsupported input, too many pixels, a
    // compression over its memory bound or over its time limit. The time limit already scales with what the job
    // asked for (time-limit.ts) and leaves room for a busy machine, so a second run would take as long again and end
    // the same way (docs/decisions/0511-codec-verdicts-are-final.md). Only crashes and faults of the machine are retried.
    const failure = triageCodecFailure(err);
    if (failure.verdict === 'refused' || (failure.verdict === 'stopped' && failure.cause === 'timeout')) {
      const message = failure.verdict === 'refused' ? failure.error.message : failure.message;
      return (await this.jobs.fail(jobId, leaseToken, message, this.clock.now())) ? 'failed' : 'lost';
    }
    if (isMissingFile(err) && !(await this.jobs.findById(jobId))) return 'lost';
    const message = transientMessage(err);
    if (attempts <= MAX_RETRIES) {
      log.warn({ attempts, err }, 'job failed, will retry');
      const due = this.clock.now() + retryDelayMs(attempts);
      return (await this.jobs.retryLater(jobId, leaseToken, due, message)) ? 'retry' : 'lost';
    }
    log.error({ attempts, err }, 'job failed after retries');
    const final = `Compression failed after ${attempts} attempts: ${message}`;
    return (await this.jobs.fail(jobId, leaseToken, final, this.clock.now())) ? 'failed' : 'lost';
  }
}

/** The row's format settings as the codec takes them (the row is the truth; queue messages carry only ids). */
const isMissingFile = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

function transientMessage(err: unknown): string {
  const failure = triageCodecFailure(err);
  if (failure.verdict === 'stopped') return failure.message;
  return classifyFault(err)?.message ?? 'An unexpected error occurred while compressing';
}
