// Messages between the job runner's process and a codec process. Errors cross it in the core's one shape
// (SerializedError, serializeError), as they cross a browser codec worker's.
import os from 'node:os';
import type { SerializedError } from '#codec-core/index';
import type { CodecLimits, CodecSettings, CompressResult, Estimate, ImageFormat, Region } from '#server/codec/planning';

/**
 * Scheduling priority of codec processes (0 is normal, 19 the lowest). Compression is batch work: when the
 * server's event loop needs a core to answer a poll or take an upload, it gets it first, and spare CPU still
 * all goes to compression.
 */
export const CODEC_NICENESS = 19;

/** Lowers one process's (on Linux: one thread's) priority; where that is not permitted, it stays as it is. */
export function lowerPriority(pid: number): void {
  try {
    os.setPriority(pid, CODEC_NICENESS);
  } catch {
    // Some containers forbid it: the codec then competes with the server as an equal.
  }
}

/** An image's format, size and pixel count (every frame counted), read from the start of its file for planning. */
export interface ImageHeader {
  format: ImageFormat;
  pixels: number;
  width: number;
  height: number;
  /** Decoded by our own readers (HEIC, JPEG XL, GIF) before the codec sees it: its decoding is planned for too. */
  decoded?: true;
}

/** Who a codec request is for, so the codec process's log lines can be matched to the job and request (never user text). */
export interface CodecTrace {
  jobId?: string;
  requestId?: string;
}

/** The trace of work on a job: the job, and the request id of the upload that made it. */
export const traceOf = (job: { id: string; request_id: string | null }): CodecTrace => ({ jobId: job.id, ...(job.request_id && { requestId: job.request_id }) });

/**
 * One compression of a stored file: the one settings value, whole (the contract's, defaults applied), and the
 * limits, which the codec pool sets from the settings and the recorded input format (codec-pool.ts); a test may fix
 * them.
 */
export interface CodecRequest {
  /** The stored original (a local file: the store's own, or a scratch copy). */
  inputPath: string;
  /** Where the codec process writes the result; the caller commits it under the job's key. */
  outputPath: string;
  /** Where to write the card preview of the result, if wanted (see codec/preview.ts). */
  previewPath?: string;
  /** The upload's format as recorded at upload (the codec sniffs the file again; the pool plans time with it). */
  inputFormat: ImageFormat;
  settings: CodecSettings;
  limits?: Partial<CodecLimits>;
  /** Pixels of the largest output, when a resize may enlarge (a Tinify cover or thumb): the memory plan takes the larger of input and output. */
  outputPixels?: number;
  /**
   * The input's header as its caller read it already (a Tinify transformation checks its size first; null: it could
   * not be read): the pool plans memory from it rather than parsing the file again. Absent: the pool reads it.
   */
  inputHeader?: ImageHeader | null;
  trace?: CodecTrace;
}

/** What the codec made (its result without the bytes, which are in the output file). */
export interface CodecOutcome extends Omit<CompressResult, 'data'> {
  /** A preview was written to previewPath (a preview that cannot be made never fails the job). */
  previewWritten?: boolean;
}

/** Adjust's live estimate of a stored original with other settings (codec/estimate.ts); the preview goes to a file. */
export interface EstimateFileRequest {
  inputPath: string;
  previewPath: string;
  inputFormat: ImageFormat;
  /** The job's settings with the changes asked for, in any mode. */
  settings: CodecSettings;
  /** The part of the result the user looks at; the centre when absent. */
  region?: Region;
  /** As CodecRequest's: the input's header as its job recorded it at intake. */
  inputHeader?: ImageHeader | null;
  /** Set by the codec pool (see CodecRequest). */
  limits?: Partial<CodecLimits>;
  trace?: CodecTrace;
}

/** The estimate without the preview's bytes, which are in previewPath. */
export type EstimateOutcome = Omit<Estimate, 'preview'>;

/**
 * What a codec process is asked to do; its reply's outcome is the matching type. A Tinify transformation is a
 * compression with Tinify's settings (tinify/transform-plan.ts).
 */
export type CodecTask = { kind: 'compress'; request: CodecRequest } | { kind: 'estimate'; request: EstimateFileRequest };

export type RequestMessage = { id: number } & CodecTask;

/** Whatever a task gives back: CodecOutcome or EstimateOutcome, by its kind. */
export type TaskOutcome = CodecOutcome | EstimateOutcome;

export type ReplyBody = { ok: true; outcome: TaskOutcome } | { ok: false; error: SerializedError };

/** Every reply carries the codec process's resident memory after the job, so the pool can retire a bloated one. */
export type ReplyMessage = { id: number; rssBytes: number } & ReplyBody;

/**
 * Compress one stored file into another: a job (the job runner), a Tinify transformation (its lane), the rendering
 * of an original. `signal` ends the work when its client has gone.
 */
export interface FileCompressor {
  compressFile(request: CodecRequest, signal?: AbortSignal): Promise<CodecOutcome>;
}

/** Adjust's live estimate of a stored file. */
export interface FileEstimator {
  estimateFile(request: EstimateFileRequest): Promise<EstimateOutcome>;
}
