// A private-mode job as the tool's components show it: the contract's Job, filled from the file, the settings and
// the codec core's result. Its download and preview are object URLs of Blobs held in this tab, never server paths.
import type { CompressionType, Estimate as ContractEstimate, Job } from '#contract/api';
import { DEFAULT_BACKGROUND, FORMAT_MIME_TYPES, type ImageFormat, type OutputFormat } from '#contract/settings';
import { RETENTION_HOURS } from '#contract/limits';
import { estimateJson, type CompressResult, type Estimate } from '#codec-core/index';

/** What the settings card hands over: the same as an upload's settings. */
export interface LocalSettings {
  quality: number;
  type: CompressionType;
  format: OutputFormat;
  background: string;
  fields?: Record<string, string>;
}

/** What Auto may choose in the browser: the formats it shows, less JPEG XL, which only the server encodes. */
const encodableHere = (displayable: readonly ImageFormat[]) => displayable.filter((f) => f !== 'jxl');

/** The settings as the API's form fields, which the worker parses with the contract's schema. */
export function settingsFields(settings: LocalSettings, displayable: readonly ImageFormat[]): Record<string, string> {
  return {
    quality: String(settings.quality),
    type: settings.type,
    format: settings.format,
    background: settings.background || DEFAULT_BACKGROUND,
    ...(settings.format === 'auto' ? { formats: encodableHere(displayable).join(',') } : {}),
    ...settings.fields,
    // Encodings in the browser carry no metadata (see browser-engine.ts).
    metadata: 'strip',
  };
}

const numberOr = (text: string | undefined, fallback: number | null) => (text && Number.isFinite(Number(text)) ? Number(text) : fallback);

export function pendingJob(id: string, file: File, format: ImageFormat, fields: Record<string, string>, now: number): Job {
  return {
    id,
    filename: file.name,
    status: 'pending',
    originalSize: file.size,
    compressedSize: null,
    originalWidth: null,
    originalHeight: null,
    compressedWidth: null,
    compressedHeight: null,
    compressionQuality: numberOr(fields.quality, 80)!,
    compressionType: (fields.type as CompressionType) ?? 'web',
    compressedPath: null,
    previewPath: null,
    mimeType: FORMAT_MIME_TYPES[format],
    outputFormat: (fields.format as OutputFormat) ?? 'original',
    outputMimeType: null,
    flattenedOnto: null,
    formatDecision: null,
    mode: (fields.mode as Job['mode']) ?? 'quality',
    targetSize: fields.mode === 'size' ? numberOr(fields.targetSize, null) : null,
    allowResize: fields.allowResize === 'true',
    maxWidth: numberOr(fields.maxWidth, null),
    maxHeight: numberOr(fields.maxHeight, null),
    metadata: 'strip',
    revision: 1,
    chosenQuality: null,
    targetMet: null,
    perceptualScore: null,
    formatNote: null,
    animationFrames: null,
    error: null,
    createdAt: new Date(now).toISOString(),
    completedAt: null,
    expiresAt: new Date(now + RETENTION_HOURS * 3_600_000).toISOString(),
  };
}

export function completedJob(job: Job, result: Omit<CompressResult, 'data'>, url: string, now: number): Job {
  return {
    ...job,
    status: 'completed',
    originalWidth: result.input.width,
    originalHeight: result.input.height,
    compressedSize: result.output.bytes,
    compressedWidth: result.output.width,
    compressedHeight: result.output.height,
    compressedPath: url,
    previewPath: url,
    outputMimeType: FORMAT_MIME_TYPES[result.output.format],
    flattenedOnto: result.flattenedOnto,
    formatDecision: result.decision,
    chosenQuality: result.chosenQuality,
    targetMet: result.targetMet,
    perceptualScore: result.perceptualScore,
    completedAt: new Date(now).toISOString(),
  };
}

export const failedJob = (job: Job, message: string, now: number): Job => ({ ...job, status: 'error', error: message, completedAt: new Date(now).toISOString() });

/**
 * The fields of a re-tune (Adjust) or an estimate: the job's own with the changes the panel sends (null removes a
 * bound), target-size fields only in size mode, Auto's list of displayable formats, and metadata always removed.
 */
export function retunedFields(fields: Record<string, string>, changes: Record<string, unknown>, displayable: readonly ImageFormat[]): Record<string, string> {
  const next = { ...fields };
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined) delete next[name];
    else next[name] = String(value);
  }
  if (next.mode !== 'size') {
    delete next.targetSize;
    delete next.allowResize;
  }
  if (next.format === 'auto') next.formats = encodableHere(displayable).join(',');
  else delete next.formats;
  next.metadata = 'strip';
  return next;
}

/** A pending job again, for a re-tune: the same file and id, the next revision. */
export function retunedJob(job: Job, file: File, format: ImageFormat, fields: Record<string, string>, now: number): Job {
  return { ...pendingJob(job.id, file, format, fields, now), revision: job.revision + 1 };
}

/** The core's estimate as the Adjust panel shows it (the API's shape), its preview as a data: URL. */
export async function toContractEstimate(estimate: Estimate): Promise<ContractEstimate> {
  const preview = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('preview unreadable'));
    reader.readAsDataURL(new Blob([estimate.preview as BlobPart], { type: FORMAT_MIME_TYPES[estimate.previewFormat] }));
  });
  return estimateJson(estimate, preview);
}
