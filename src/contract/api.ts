// API shapes shared by server and client. The zod schemas are the single source of validation rules.
import { z } from 'zod';
import type { ErrorCode } from './errors';
import { MESSAGES } from './messages';
import type { CompressionMode, CompressionType, ImageFormat, MetadataPolicy, OutputFormat } from './settings';

export const JOB_STATUSES = ['pending', 'processing', 'completed', 'error'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

// Settings (quality, type, format, ...) are one schema in settings.ts; re-exported here for existing imports.
export { COMPRESSION_TYPES, type CompressionType } from './settings';
export { compressSettingsSchema as compressFieldsSchema } from './settings-schema';

export interface Job {
  id: string;
  filename: string;
  status: JobStatus;
  originalSize: number;
  compressedSize: number | null;
  originalWidth: number | null;
  originalHeight: number | null;
  compressedWidth: number | null;
  compressedHeight: number | null;
  compressionQuality: number;
  compressionType: CompressionType;
  /** Download URL (/api/download/<id>) once completed, null before. Never a filesystem path. */
  compressedPath: string | null;
  /** A small WebP preview of the result (fits 400 px) for cards and history, once completed; null before. */
  previewPath: string | null;
  /** MIME type of the original. */
  mimeType: string;
  /** The format asked for: a fixed one, `original` (the input's) or `auto` (the smallest of the candidates). */
  outputFormat: OutputFormat;
  /** MIME type of the result (the download's Content-Type); null until completed. */
  outputMimeType: string | null;
  /** The colour transparency was flattened onto ('#rrggbb'), when the output format could not carry it; else null. */
  flattenedOnto: string | null;
  /**
   * Why the result is not in the upload's format although `original` was asked for (a HEIC shown as JPEG), and once
   * completed, anything the result left out or cut short that was asked for (the frames of a HEIF image sequence,
   * Auto's search stopped at its time limit); else null.
   */
  formatNote: string | null;
  /** Once completed: an animation's frame count (all kept); null for a still image. */
  animationFrames: number | null;
  /** How `auto` chose, once completed; null for the other formats. */
  formatDecision: FormatDecision | null;
  /** How the quality is chosen (see the settings). */
  mode: CompressionMode;
  /** `size` mode's target in bytes; null in the other modes. */
  targetSize: number | null;
  /** `size` mode may downscale to reach the target. */
  allowResize: boolean;
  /** Bounds the result fits inside (never enlarged); null when not limited. */
  maxWidth: number | null;
  maxHeight: number | null;
  metadata: MetadataPolicy;
  /** 1 for the first compression; each re-tune (POST /api/jobs/:id/recompress) adds one. */
  revision: number;
  /** Once completed: the quality (1-100) the result was encoded at; null when lossless or the original was kept. */
  chosenQuality: number | null;
  /** Once completed in `size` mode: whether the result is at most `targetSize`; null otherwise. */
  targetMet: boolean | null;
  /**
   * Once completed in `smart` mode: the SSIMULACRA 2 score of the result against the original (100: identical; about
   * 90 and up: no visible difference); null otherwise.
   */
  perceptualScore: number | null;
  error: string | null;
  createdAt: string;
  completedAt: string | null;
  expiresAt: string;
}

/** A rectangle of a result, in its pixels (after orientation and resize). */
export interface ImageRegion {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Adjust's live estimate (POST /api/jobs/:id/estimate): what a quality, format or resize would give, before the
 * re-tune runs. The size is extrapolated from a sample of the image when `sampled`; the preview is the region alone.
 */
export interface Estimate {
  /**
   * `svg`: an SVG kept as SVG (its minified text; the preview is its rendering). `gif`: an animated GIF passed on as
   * it came (`keepsOriginal`), no animated WebP being smaller.
   */
  outputFormat: ImageFormat | 'svg' | 'gif';
  outputMimeType: string;
  /** Expected size of the whole result in bytes (metadata not counted). */
  estimatedSize: number;
  /** The upload would be kept as it is: re-encoding it gives no smaller file. */
  keepsOriginal: boolean;
  sampled: boolean;
  width: number;
  height: number;
  region: ImageRegion;
  /** The quality the result would be encoded at: smart and size modes' choice; null when lossless or the upload is kept. */
  quality: number | null;
  /** Size mode: whether the target is met at full size (a downscale is not estimated); null in other modes. */
  targetMet: boolean | null;
  /** The region encoded with those settings, as a data: URL. */
  preview: string;
}

/** One format Auto tried, with the size it came to (`original`: the upload itself, kept as it was). */
export interface FormatCandidate {
  format: ImageFormat;
  bytes: number;
  original?: boolean;
}

export interface FormatDecision {
  winner: ImageFormat;
  /** True when the upload itself was the smallest displayable candidate. */
  keptOriginal: boolean;
  candidates: FormatCandidate[];
  /** Formats not tried for this image, and why (e.g. JPEG cannot carry transparency). */
  skipped: { format: ImageFormat; reason: string }[];
}

export interface Preset {
  id: string;
  name: string;
  description: string;
  quality: number;
  type: CompressionType;
  recommendedFor: string[];
}

export interface QueueStatus {
  total: number;
  completed: number;
  processing: number;
  pending: number;
  failed: number;
  paused: boolean;
}

export interface QueueStats {
  processingRate: number;
  elapsedTime: number;
  queueLength: number;
  estimatedTimeRemaining: number;
  processing: boolean;
}

export interface UploadConfig {
  maxFiles: number;
  maxFileSize: number;
  maxFileSizeFormatted: string | null;
}

export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  createdAt: string;
}

export interface UploadRejection {
  filename: string;
  message: string;
  /** Why the file was refused: FILE_TOO_LARGE, GUEST_FILE_TOO_LARGE, UNSUPPORTED_TYPE, UNSUPPORTED_FEATURE or FILE_TOO_SMALL. */
  code: ErrorCode;
}

export interface CompressResponse {
  jobs: Job[];
  rejected: UploadRejection[];
  /** The owner's queue is paused: the new jobs wait in pending until it is resumed. */
  queuePaused: boolean;
  /** Only with `callbackUrl`: the callback webhook and its signing secret (shown once). */
  callback?: { id: string; secret: string };
}

/** Every error body. `field` names the offending field of a VALIDATION_FAILED; a refused upload adds `rejected`. */
/** Every answer carries the request's id in this header; a caller may send its own (docs/decisions/0542-request-ids.md). */
export const REQUEST_ID_HEADER = 'x-request-id';

export interface ApiError {
  message: string;
  code: ErrorCode;
  field?: string;
  rejected?: UploadRejection[];
  /** The request's X-Request-Id, for the user to quote to whoever runs the service. */
  requestId?: string;
}

/** Longest password we hash; longer bodies are refused before hashing (argon2 cost is per byte only marginally, but bodies are bounded). */
export const MAX_PASSWORD_LENGTH = 1024;

const email = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .max(254, MESSAGES.invalidEmail)
  .pipe(z.email({ error: MESSAGES.invalidEmail }));
const password = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(6, MESSAGES.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

// Control characters are dropped from names: they are never meant, and PostgreSQL refuses NUL in text outright.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;
const personName = (required: string) =>
  z
    .string({ error: required })
    .transform((s) => s.replace(CONTROL_CHARS, ''))
    .pipe(z.string().trim().min(1, required).max(100));

export const registerSchema = z.object({
  email,
  password,
  firstName: personName(MESSAGES.firstNameRequired),
  lastName: personName(MESSAGES.lastNameRequired),
});
export type RegisterInput = z.infer<typeof registerSchema>;
