// A private-mode job as the tool's components show it: the contract's Job, filled from the file, the settings and
// the codec core's result. Its download and preview are object URLs of Blobs held in this tab, never server paths.
import type { Estimate as ContractEstimate, Job } from '#contract/api';
import { DEFAULT_BACKGROUND, FORMAT_MIME_TYPES, type ImageFormat, type SettingsRequest } from '#contract/settings';
import { RETENTION_HOURS } from '#contract/limits';
import { estimateJson, type CompressResult, type Estimate } from '#codec-core/index';

/**
 * The settings as this device's workers get them: the card's typed request, with Auto's candidates the formats this
 * browser shows (the engine plans only those it makes: its `encodes`) and no metadata (encodings in the browser carry
 * none: browser-engine.ts). The workers parse it with the contract's schema, as the server parses an upload's fields.
 */
export function onDeviceSettings(settings: SettingsRequest, displayable: readonly ImageFormat[]): SettingsRequest {
  const { formats: _asked, ...rest } = settings;
  return {
    ...rest,
    background: settings.background || DEFAULT_BACKGROUND,
    // Auto chooses among the formats this browser shows; the engine's `encodes` leaves out what only the server makes.
    ...(settings.format === 'auto' ? { formats: displayable.join(',') } : {}),
    metadata: 'strip',
  };
}

export function pendingJob(id: string, file: File, format: ImageFormat, settings: SettingsRequest, now: number): Job {
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
    compressionQuality: settings.quality,
    compressionType: settings.type,
    compressedPath: null,
    previewPath: null,
    mimeType: FORMAT_MIME_TYPES[format],
    outputFormat: settings.format,
    outputMimeType: null,
    flattenedOnto: null,
    formatDecision: null,
    mode: settings.mode,
    targetSize: settings.mode === 'size' ? (settings.targetSize ?? null) : null,
    allowResize: settings.allowResize === true,
    maxWidth: settings.maxWidth ?? null,
    maxHeight: settings.maxHeight ?? null,
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
 * The settings of a re-tune (Adjust) or an estimate: the job's own with the changes the panel sends (null removes a
 * bound), target-size settings only in size mode, then as this device's workers take them (onDeviceSettings).
 */
export function retunedSettings(settings: SettingsRequest, changes: Partial<SettingsRequest>, displayable: readonly ImageFormat[]): SettingsRequest {
  const next: SettingsRequest = { ...settings, ...changes };
  if (next.mode !== 'size') {
    delete next.targetSize;
    delete next.allowResize;
  }
  return onDeviceSettings(next, displayable);
}

/** A pending job again, for a re-tune: the same file and id, the next revision. */
export function retunedJob(job: Job, file: File, format: ImageFormat, settings: SettingsRequest, now: number): Job {
  return { ...pendingJob(job.id, file, format, settings, now), revision: job.revision + 1 };
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
