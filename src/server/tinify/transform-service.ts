// Tinify's POST /output/<id> as a use case: a resize, conversion or metadata choice of a finished job, made from its
// stored original in a codec process, as an ordinary compression with Tinify's settings (transform-plan.ts, 0603).
// Bounded so one key cannot hold the codec for everyone (F2 of the 2026-11-27 attack,
// docs/decisions/0322-transforms-share-the-codec-fairly.md): at most TRANSFORMS_PER_USER at once per user,
// run in the transform lane (its own codec process, so queued jobs never wait behind transformations), and stopped
// when the client goes away. Outputs past the pixel limits are refused before any decode (transform-plan.ts). The
// image is charged once the transformation is known to go ahead, and given back if it fails.
import { IMAGE_FORMATS, originalOutputOfMimeType, type ImageFormat } from '#contract/settings';
import type { TinifyOutputRequest } from '#contract/tinify';
import { CodecError } from '#server/codec/planning';
import type { JobRow } from '#server/db/schema';
import type { AuthenticatedKey } from '#server/auth/api-key-service';
import type { FairUse } from '#server/fair-use/fair-use';
import { triageCodecFailure } from '#server/sandbox/codec-failure';
import { recordedHeader } from '#server/jobs/input-header';
import { readImageHeader } from '#server/sandbox/memory-estimate';
import { traceOf, type CodecOutcome, type FileCompressor } from '#server/sandbox/protocol';
import { discard, type BlobStore } from '#server/storage/blob-store';
import { TinifyError } from './tinify-error';
import type { TinifyOutputs } from './tinify-outputs';
import { checkTransformSize, convertFormats, transformSettings, unconvertedFormat } from './transform-plan';

/** What a transformation made: one of the formats asked for, its size, and its bytes' count (the bytes are in a file). */
export interface TransformOutcome {
  format: ImageFormat;
  width: number;
  height: number;
  bytes: number;
}

/** Transformations one user may have running or queued at once; past it, 429 with a retry hint. */
export const TRANSFORMS_PER_USER = 2;

export class TransformService {
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly outputs: TinifyOutputs,
    private readonly blobs: BlobStore,
    private readonly lane: Pick<FileCompressor, 'compressFile'>,
    private readonly fairUse: FairUse,
  ) {}

  /** Runs the transformation into a new temp file (the caller sends, then removes it). */
  async transform(key: AuthenticatedKey, id: string, options: TinifyOutputRequest, gone: AbortSignal): Promise<TransformOutcome & { outputPath: string }> {
    const job = await this.outputs.finished(key, id, gone);
    const current = unconvertedFormat(job.output_mime_type ?? job.mime_type);
    const formats = options.convert ? convertFormats(options.convert.type) : [current];
    const inputFormat = originalOutputOfMimeType(job.mime_type);
    // The codec process reads a local file: the stored original itself, or a scratch copy from an object store.
    const input = await this.blobs.localCopy('original', job.id);
    try {
      return await this.transformLocal(key, job, input.path, { options, formats, inputFormat }, gone);
    } finally {
      await input.release();
    }
  }

  private async transformLocal(
    key: AuthenticatedKey,
    job: JobRow,
    inputPath: string,
    { options, formats, inputFormat }: { options: TinifyOutputRequest; formats: ImageFormat[]; inputFormat: ImageFormat },
    gone: AbortSignal,
  ): Promise<TransformOutcome & { outputPath: string }> {
    // The header its job recorded at intake (input-header.ts); a job older than that record is read here, once.
    const read = recordedHeader(job) ?? (await readImageHeader(inputPath));
    const outputPixels = checkTransformSize(read ?? { format: inputFormat, pixels: 0 }, options.resize, formats);

    const mine = this.inFlight.get(key.user_id) ?? 0;
    if (mine >= TRANSFORMS_PER_USER) {
      throw new TinifyError(429, 'TooManyRequests', `At most ${TRANSFORMS_PER_USER} transformations per account run at once; retry when one has finished.`, { 'Retry-After': '5' });
    }
    this.inFlight.set(key.user_id, mine + 1);
    const outputPath = this.blobs.tempPath();
    try {
      await this.fairUse.chargeImages(key, 1);
      try {
        const outcome = await this.lane.compressFile(
          {
            inputPath,
            outputPath,
            inputFormat,
            settings: transformSettings({ resize: options.resize, formats, preserve: options.preserve ?? [], quality: job.quality, background: options.transform?.background }),
            outputPixels,
            // Read once: the pool plans this transformation's memory from it.
            inputHeader: read,
            trace: traceOf(job),
          },
          gone,
        );
        return { ...outcomeOf(outcome), outputPath };
      } catch (err) {
        await this.fairUse.refundImages(key, 1);
        throw asTinifyError(err);
      }
    } catch (err) {
      await discard(outputPath);
      throw err;
    } finally {
      const left = (this.inFlight.get(key.user_id) ?? 1) - 1;
      if (left <= 0) this.inFlight.delete(key.user_id);
      else this.inFlight.set(key.user_id, left);
    }
  }
}

/** The transformation's answer: always one of the formats asked, which Tinify's clients require. */
function outcomeOf({ output }: CodecOutcome): TransformOutcome {
  const { format, width, height, bytes } = output;
  if (!(IMAGE_FORMATS as readonly string[]).includes(format)) throw new CodecError('unsupported-format', `The result would be ${format.toUpperCase()}, which a transformation does not give`);
  return { format: format as ImageFormat, width, height, bytes };
}

/** A transformation the codec could not finish, in Tinify's terms: busy or stopped is worth a retry, a bad image is not. */
function asTinifyError(err: unknown): unknown {
  const failure = triageCodecFailure(err);
  if (failure.verdict === 'refused') return new TinifyError(415, 'Unsupported media type', failure.error.message);
  if (failure.verdict === 'stopped') return new TinifyError(503, 'ServiceUnavailable', `${failure.message}. Please try again.`, { 'Retry-After': '5' });
  return err;
}
