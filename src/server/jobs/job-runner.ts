// Runs one claimed job: codec on the original, result written atomically, row updated only if we still hold it.
// Shared by every queue implementation, so retries and failure rules are the same in both deployment modes.
import { randomUUID } from 'node:crypto';
import type { Clock } from '#server/clock';
import type { BlobStore } from '#server/storage/blob-store';
import type { JobRepository } from './job-repository';
import type { JobRow } from '#server/db/schema';
import type { Logger } from '#server/logger';
// Not '../codec' itself: that loads sharp and the encoders, which only codec processes need.
import { CodecError, MIME_TYPES } from '#server/codec/planning';
import { codecTimeLimit, DEFAULT_TIMEOUT_SECONDS } from '#server/codec/planning';
import type { FileCompressor } from '#server/sandbox/protocol';
import { controlOptionsOf } from './job-settings';
import { CodecCrashError } from '#server/sandbox/codec-pool';
import { discard, type LocalCopy } from '#server/storage/blob-store';
import { StoreUnavailableError } from '#server/storage/driver';
import { classifyFault } from '#server/faults';
import { MAX_INPUT_PIXELS, MAX_RETRIES } from '#contract/limits';
import { formatOfMimeType, IMAGE_FORMATS, OUTPUT_FORMATS, type ImageFormat, type OutputFormat } from '#contract/settings';

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
    const resultTemp = this.blobs.tempPath();
    const previewTemp = this.blobs.tempPath();
    let input: LocalCopy | undefined;
    try {
      const format = formatSettingsOf(row);
      const control = controlOptionsOf(row);
      // With an object store the codec works on a scratch copy; with a local directory, on the stored file itself.
      input = await this.blobs.localCopy('original', jobId);
      const result = await this.codec.compressFile({
        inputPath: input.path,
        outputPath: resultTemp,
        previewPath: previewTemp,
        quality: row.quality,
        ...format,
        maxPixels: MAX_INPUT_PIXELS,
        timeoutSeconds: codecTimeLimit(DEFAULT_TIMEOUT_SECONDS, format.format, format.inputFormat, format.formats, control),
        control,
      });
      // Taken over while we worked (our lease lapsed, another worker holds it now) or deleted: the job's files are
      // no longer ours to replace, and a re-tuned job's would then stop matching its row. The check cannot be atomic
      // with the rename below, but the lease is renewed all along, so only a stalled worker ever gets here late.
      const current = await this.jobs.findById(jobId);
      if (!current || current.lease_token !== leaseToken) {
        await Promise.all([discard(resultTemp), discard(previewTemp)]);
        return 'lost';
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
        },
        this.clock.now(),
      );
      if (!recorded) {
        // Deleted or reclaimed while we worked: our result must not outlive the row.
        const current = await this.jobs.findById(jobId);
        if (!current) await this.blobs.remove(jobId);
        return 'lost';
      }
      return 'completed';
    } catch (err) {
      await Promise.all([discard(resultTemp), discard(previewTemp)]);
      return this.handleFailure(jobId, leaseToken, row.attempts, err);
    } finally {
      await input?.release();
    }
  }

  private async handleFailure(jobId: string, leaseToken: string, attempts: number, err: unknown): Promise<RunOutcome> {
    // The object store being away is nobody's fault and may last longer than our retries: wait for it without
    // using up an attempt, so an outage never fails an accepted job.
    if (err instanceof StoreUnavailableError) {
      this.log.warn({ jobId, err }, 'object store unavailable, will retry');
      const due = this.clock.now() + STORE_RETRY_MS;
      return (await this.jobs.retryLater(jobId, leaseToken, due, err.message, { keepAttempt: false })) ? 'retry' : 'lost';
    }
    // A wall-clock timeout may only mean the machine was busy: it is retried like any transient failure.
    if (err instanceof CodecError && err.kind !== 'timeout') {
      // The input itself is at fault: retrying cannot help.
      return (await this.jobs.fail(jobId, leaseToken, err.message, this.clock.now())) ? 'failed' : 'lost';
    }
    if (isMissingFile(err) && !(await this.jobs.findById(jobId))) return 'lost';
    const message = err instanceof CodecError ? err.message : transientMessage(err);
    if (attempts <= MAX_RETRIES) {
      this.log.warn({ jobId, attempts, err }, 'job failed, will retry');
      const due = this.clock.now() + retryDelayMs(attempts);
      return (await this.jobs.retryLater(jobId, leaseToken, due, message)) ? 'retry' : 'lost';
    }
    this.log.error({ jobId, attempts, err }, 'job failed after retries');
    const final = `Compression failed after ${attempts} attempts: ${message}`;
    return (await this.jobs.fail(jobId, leaseToken, final, this.clock.now())) ? 'failed' : 'lost';
  }
}

/** The row's format settings as the codec takes them (the row is the truth; queue messages carry only ids). */
function formatSettingsOf(row: JobRow) {
  const format: OutputFormat = (OUTPUT_FORMATS as readonly string[]).includes(row.output_format)
    ? (row.output_format as OutputFormat)
    : 'original';
  const formats = row.candidate_formats
    ?.split(',')
    .filter((f): f is ImageFormat => (IMAGE_FORMATS as readonly string[]).includes(f));
  return {
    format,
    formats: formats?.length ? formats : undefined,
    background: row.background ?? undefined,
    inputFormat: formatOfMimeType(row.mime_type) ?? 'jpeg',
  };
}

const isMissingFile = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

function transientMessage(err: unknown): string {
  if (err instanceof CodecCrashError) return err.message;
  return classifyFault(err)?.message ?? 'An unexpected error occurred while compressing';
}
