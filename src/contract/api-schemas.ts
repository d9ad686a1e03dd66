// Zod schemas for the API's responses, the source of the OpenAPI document's schemas. Each is checked at compile time
// against the matching TypeScript type in api.ts, so a field added there without its schema here fails the typecheck.
import { z } from 'zod';
import { ERROR_CODES } from './errors';
import { COMPRESSION_MODES, IMAGE_FORMATS, MAX_RESIZE_DIMENSION, METADATA_POLICIES, MIN_TARGET_SIZE, OUTPUT_FORMATS } from './settings';
import { COMPRESSION_TYPES, JOB_STATUSES, type CompressResponse, type Estimate, type Job, type Preset, type QueueStats, type QueueStatus, type UploadConfig, type User } from './api';

export const formatDecisionSchema = z
  .object({
    winner: z.enum(IMAGE_FORMATS).describe('The format of the result'),
    keptOriginal: z.boolean().describe('The upload itself was smallest, so it was kept as is'),
    candidates: z
      .array(z.object({ format: z.enum(IMAGE_FORMATS), bytes: z.number().int(), original: z.boolean().optional() }))
      .describe('Every format tried with its size in bytes; `original` marks the upload'),
    skipped: z.array(z.object({ format: z.enum(IMAGE_FORMATS), reason: z.string() })).describe('Formats not tried, with the reason'),
  })
  .meta({ id: 'FormatDecision' });

export const jobSchema = z
  .object({
    id: z.string().describe('The job id, for `/api/jobs/{id}` and `/api/download/{id}`'),
    filename: z.string().describe('The uploaded file name, made safe'),
    status: z.enum(JOB_STATUSES).describe('`pending` waits in the queue, `processing` runs, `completed` has a result, `error` failed (see `error`)'),
    originalSize: z.number().int().describe('Bytes of the upload'),
    compressedSize: z.number().int().nullable().describe('Bytes of the result once completed, else null'),
    originalWidth: z.number().int().nullable().describe('Pixels across the upload (after orientation), once read'),
    originalHeight: z.number().int().nullable().describe('Pixels down the upload (after orientation), once read'),
    compressedWidth: z.number().int().nullable().describe('Pixels across the result once completed'),
    compressedHeight: z.number().int().nullable().describe('Pixels down the result once completed'),
    compressionQuality: z.number().int().describe('The `quality` asked for'),
    compressionType: z.enum(COMPRESSION_TYPES).describe('The preset label sent as `type`'),
    compressedPath: z.string().nullable().describe('Download URL (/api/download/<id>) once completed, else null'),
    previewPath: z
      .string()
      .nullable()
      .describe('URL of a small WebP preview of the result (fits 400 px; immutable, versioned by completion) once completed, else null'),
    mimeType: z.string().describe('MIME type of the original'),
    outputFormat: z.enum(OUTPUT_FORMATS).describe('The format asked for'),
    outputMimeType: z.string().nullable().describe('MIME type of the result; null until completed'),
    flattenedOnto: z.string().nullable().describe('The colour transparency was flattened onto, when the output format could not carry it'),
    formatNote: z
      .string()
      .nullable()
      .describe('Why the result is not in the upload\'s format although `original` was asked for (HEIC is written as JPEG); null otherwise'),
    animationFrames: z.number().int().nullable().describe('Once completed: the number of frames of an animated image (all kept, with their timing and loop count); null for a still image'),
    formatDecision: formatDecisionSchema.nullable().describe('How `auto` chose, once completed; null for the other formats'),
    mode: z.enum(COMPRESSION_MODES).describe('How the quality is chosen: as given, smart (per image, by a perceptual metric), to fit targetSize, or lossless'),
    targetSize: z.number().int().nullable().describe("`size` mode's target in bytes; null in the other modes"),
    allowResize: z.boolean().describe('`size` mode may downscale to reach the target'),
    maxWidth: z.number().int().nullable().describe('Width the result fits inside (never enlarged); null when not limited'),
    maxHeight: z.number().int().nullable().describe('Height the result fits inside (never enlarged); null when not limited'),
    metadata: z.enum(METADATA_POLICIES).describe('`strip`: private metadata removed; `keep`: kept without GPS; `keep-all`: GPS kept too'),
    revision: z.number().int().min(1).describe('1 for the first compression; each re-tune adds one'),
    chosenQuality: z.number().int().nullable().describe('Once completed: the quality the result was encoded at; null when lossless or the original was kept'),
    targetMet: z.boolean().nullable().describe('Once completed in size mode: whether the result is at most targetSize; null otherwise'),
    perceptualScore: z
      .number()
      .nullable()
      .describe('Once completed in smart mode: the SSIMULACRA 2 score of the result against the original (100: identical; about 90 and up: no visible difference); null otherwise'),
    error: z.string().nullable().describe('Why the job failed, in words, when `status` is `error`; else null'),
    createdAt: z.string().describe('When it was uploaded (ISO 8601)'),
    completedAt: z.string().nullable().describe('When it finished (ISO 8601), else null'),
    expiresAt: z.string().describe('When the job and its files are deleted (24 hours after upload)'),
  })
  .meta({ id: 'Job' });

/** POST /api/jobs/{id}/recompress: the settings to change; the rest keep the job's current values. */
export const recompressSchema = z
  .object({
    quality: z.number().int().min(1).max(100).describe('Encoder quality in `quality` mode; the highest `smart` may use'),
    type: z.enum(COMPRESSION_TYPES).describe('The preset label; a label only'),
    format: z.enum(OUTPUT_FORMATS).describe('Output format; `original` keeps the upload\'s, `auto` picks the smallest'),
    background: z.string().describe('#rgb, #rrggbb or a basic colour name'),
    formats: z.string().describe("Auto's candidates, comma-separated"),
    mode: z.enum(COMPRESSION_MODES).describe('`quality` as given, `smart` the lowest that looks the same, `size` to fit `targetSize`, `lossless`'),
    targetSize: z.number().int().min(MIN_TARGET_SIZE).describe('size mode: the largest result in bytes'),
    allowResize: z.boolean().describe('`size` mode may downscale to reach the target'),
    maxWidth: z.number().int().min(1).max(MAX_RESIZE_DIMENSION).nullable().describe('null removes the bound'),
    maxHeight: z.number().int().min(1).max(MAX_RESIZE_DIMENSION).nullable().describe('null removes the bound'),
    metadata: z.enum(METADATA_POLICIES).describe('`strip`, `keep` (without GPS) or `keep-all`'),
  })
  .partial()
  .meta({ id: 'RecompressSettings', description: "Settings to change; those not given keep the job's current values" });

const regionSide = z.number().int().min(1).max(MAX_RESIZE_DIMENSION);
const regionOffset = z.number().int().min(0).max(MAX_RESIZE_DIMENSION);
export const imageRegionSchema = z
  .object({ left: regionOffset, top: regionOffset, width: regionSide, height: regionSide })
  .strict()
  .meta({ id: 'ImageRegion', description: "A rectangle of the result, in its pixels (after orientation and resize)" });

export const estimateRequestSchema = recompressSchema
  .pick({ quality: true, type: true, format: true, background: true, formats: true, maxWidth: true, maxHeight: true, mode: true, targetSize: true, allowResize: true })
  .extend({ region: imageRegionSchema.optional().describe('The part to preview (clamped to the image and to 800 px a side); the centre when absent') })
  .meta({ id: 'EstimateSettings', description: "Settings to try; those not given keep the job's current values. Every mode: smart and size modes search on a sample" });

export const estimateSchema = z
  .object({
    outputFormat: z.enum([...IMAGE_FORMATS, 'svg', 'gif']).describe('The result\'s format: `svg` for an SVG kept as SVG, `gif` for an animated GIF kept as it came'),
    outputMimeType: z.string(),
    estimatedSize: z.number().int().describe('Expected size of the whole result in bytes, metadata not counted'),
    keepsOriginal: z.boolean(),
    sampled: z.boolean().describe('The size was scaled up from a sample of the image'),
    width: z.number().int(),
    height: z.number().int(),
    region: imageRegionSchema,
    quality: z.number().int().nullable().describe("The quality of our 1-100 scale the result would be encoded at (smart and size modes: the one their search chose on the sample); null when lossless or the upload is kept"),
    targetMet: z.boolean().nullable().describe('Size mode: whether the target is met without a downscale (a downscale is not estimated); null in other modes'),
    preview: z.string().describe('The region encoded with these settings, as a data: URL'),
  })
  .meta({ id: 'Estimate' }) satisfies z.ZodType<Estimate>;

const errorCodeSchema = z.enum(ERROR_CODES).meta({ id: 'ErrorCode', description: 'Machine-readable reason, stable across wording changes' });

export const uploadRejectionSchema = z
  .object({ filename: z.string().describe('The refused file'), message: z.string().describe('Why, in words'), code: errorCodeSchema })
  .meta({ id: 'UploadRejection' });

/** POST /api/jobs/recompress: the jobs re-queued, and those that could not be (with the reason, as an error would give it). */
export const recompressAllResponseSchema = z
  .object({
    jobs: z.array(jobSchema).describe('The jobs back in the queue, oldest first'),
    skipped: z
      .array(z.object({ id: z.string(), filename: z.string(), code: z.string(), message: z.string() }))
      .describe('Finished jobs that were not re-run, each with the error code and message a single re-tune would have given'),
  })
  .meta({ id: 'RecompressAllResponse' });

export const compressResponseSchema = z
  .object({
    jobs: z.array(jobSchema).describe('One new `pending` job per accepted image, in upload order'),
    rejected: z.array(uploadRejectionSchema).describe('Files refused one by one (the others still went ahead)'),
    queuePaused: z.boolean().describe("The caller's queue is paused: the new jobs wait in pending until it is resumed"),
    callback: z
      .object({ id: z.string(), secret: z.string() })
      .optional()
      .describe('Only with `callbackUrl`: the callback webhook (its deliveries are at /api/webhooks/{id}/deliveries) and its signing secret, shown once'),
  })
  .meta({ id: 'CompressResponse' });

export const queueStatusSchema = z
  .object({
    total: z.number().int(),
    completed: z.number().int(),
    processing: z.number().int(),
    pending: z.number().int(),
    failed: z.number().int(),
    paused: z.boolean(),
  })
  .meta({ id: 'QueueStatus' });

export const queueStatsSchema = z
  .object({
    processingRate: z.number(),
    elapsedTime: z.number(),
    queueLength: z.number().int(),
    estimatedTimeRemaining: z.number(),
    processing: z.boolean(),
  })
  .meta({ id: 'QueueStats' });

export const uploadConfigSchema = z
  .object({ maxFiles: z.number().int(), maxFileSize: z.number().int(), maxFileSizeFormatted: z.string().nullable() })
  .meta({ id: 'UploadConfig' });

export const presetSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    quality: z.number().int(),
    type: z.enum(COMPRESSION_TYPES),
    recommendedFor: z.array(z.string()),
  })
  .meta({ id: 'Preset' });

export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });

/** Every error body: a sentence for people and a code for programs (docs/decisions/0001-errors-are-data.md). */
export const apiErrorSchema = z
  .object({
    message: z.string().describe('What went wrong, in words for people'),
    code: errorCodeSchema,
    field: z.string().optional().describe('The input field at fault, for VALIDATION_FAILED and INVALID_SETTINGS'),
    rejected: z.array(uploadRejectionSchema).optional().describe('A refused upload: every file with its reason'),
    requestId: z.string().optional().describe('The request id (also in the X-Request-Id header), to quote when reporting the error'),
  })
  .loose()
  .meta({ id: 'Error' });

export const healthSchema = z.object({ status: z.enum(['ok', 'starting']) });
export const deletedSchema = z.object({ deleted: z.number().int() });
export const clearedSchema = queueStatusSchema.extend({ cleared: z.number().int() });

// Compile-time agreement between these schemas and the TypeScript types the server and client use.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree = <T extends true>(value: T) => value;
agree<Same<z.infer<typeof jobSchema>, Job>>(true);
agree<Same<z.infer<typeof compressResponseSchema>, CompressResponse>>(true);
agree<Same<z.infer<typeof queueStatusSchema>, QueueStatus>>(true);
agree<Same<z.infer<typeof queueStatsSchema>, QueueStats>>(true);
agree<Same<z.infer<typeof uploadConfigSchema>, UploadConfig>>(true);
agree<Same<z.infer<typeof presetSchema>, Preset>>(true);
agree<Same<z.infer<typeof userSchema>, User>>(true);
