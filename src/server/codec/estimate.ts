// Adjust's live estimate: what a quality (and format, resize) would give for a finished file, in well under a second,
// while the user drags the slider. Not the job's result: the file size is extrapolated from a sample of the image
// and the preview is the visible region alone, encoded with the settings. The real result comes when the re-tune
// runs. Quality mode only: smart and size modes search, and a search is no live preview.
import { IMAGE_FORMATS } from '#contract/settings';
import { openJob } from './compress';
import { uprightPixels, type Job, type RgbPixels } from './encode';
import { ENCODERS } from './encoders';
import { sharp } from './sharp-setup';
import { proxyOf } from './smart-mode';
import type { CompressOptions, ImageFormat } from './types';

/** The sample whose encoded size is scaled up to the whole image: a quarter megapixel of tiles spread over it. */
export const ESTIMATE_SAMPLE_PIXELS = 1 << 18;
/** The preview's longest side, at most: about what a comparison pane shows. */
export const PREVIEW_MAX_SIDE = 800;

/** A rectangle in the result's pixels (after orientation and resize). */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface EstimateOptions extends Omit<CompressOptions, 'mode' | 'targetSize' | 'allowResize' | 'metadata'> {
  /** The part of the result the user looks at; the centre when absent. Clamped to the image and to PREVIEW_MAX_SIDE. */
  region?: Region;
}

export interface Estimate {
  /** The format the result would have (Auto: the smallest candidate on the sample). */
  format: ImageFormat;
  /** The whole result's expected size in bytes, metadata not counted. */
  estimatedBytes: number;
  /** The upload itself would be kept: the encode came out no smaller than it, in its own format and size. */
  keepsOriginal: boolean;
  /** The size was scaled up from a sample rather than measured on the whole image. */
  sampled: boolean;
  /** The result's dimensions. */
  width: number;
  height: number;
  /** The region previewed. */
  region: Region;
  /** The region encoded with the settings, in `previewFormat`: `format`, or lossless PNG when the upload is kept. */
  preview: Buffer;
  previewFormat: ImageFormat;
}

function clampRegion(image: RgbPixels, wanted: Region | undefined): Region {
  const width = Math.max(1, Math.min(image.width, PREVIEW_MAX_SIDE, Math.round(wanted?.width ?? PREVIEW_MAX_SIDE)));
  const height = Math.max(1, Math.min(image.height, PREVIEW_MAX_SIDE, Math.round(wanted?.height ?? PREVIEW_MAX_SIDE)));
  const centreLeft = (image.width - width) / 2;
  const centreTop = (image.height - height) / 2;
  const left = Math.min(image.width - width, Math.max(0, Math.round(wanted?.left ?? centreLeft)));
  const top = Math.min(image.height - height, Math.max(0, Math.round(wanted?.top ?? centreTop)));
  return { left, top, width, height };
}

function crop(image: RgbPixels, region: Region): RgbPixels {
  const data = Buffer.alloc(region.width * region.height * 3);
  for (let y = 0; y < region.height; y++) {
    const from = ((region.top + y) * image.width + region.left) * 3;
    image.data.copy(data, y * region.width * 3, from, from + region.width * 3);
  }
  return { data, width: region.width, height: region.height };
}

/** `pixels` encoded in `format` at the job's quality. */
async function encodePixels(job: Job, format: ImageFormat, pixels: RgbPixels): Promise<Buffer> {
  const raw = { raw: { width: pixels.width, height: pixels.height, channels: 3 as const } };
  // These pixels are not the upload: no encoder may work from the uploaded bytes instead (PNG's optimiser would).
  const source = { input: job.input, format: job.inputFormat, meta: job.meta, resized: true, ownColourSpace: false };
  const encoded = await ENCODERS[format].encode(sharp(pixels.data, raw), { quality: job.quality, source, deadline: job.deadline });
  return encoded.data;
}

export async function estimate(input: Buffer, options: EstimateOptions): Promise<Estimate> {
  const { job, format } = await openJob(input, { ...options, mode: 'quality' });
  try {
    const image = await uprightPixels(job);
    const candidates: readonly ImageFormat[] =
      format === 'auto' ? (options.formats?.length ? options.formats : IMAGE_FORMATS) : [format === 'original' ? job.inputFormat : format];
    const sample = proxyOf(image, ESTIMATE_SAMPLE_PIXELS);
    const scale = (image.width * image.height) / (sample.width * sample.height);
    let best: { format: ImageFormat; bytes: number } | null = null;
    for (const candidate of candidates) {
      const bytes = Math.round((await encodePixels(job, candidate, sample)).length * scale);
      if (!best || bytes < best.bytes) best = { format: candidate, bytes };
    }
    const chosen = best!;
    // As compress() does: the upload is kept when re-encoding it into its own format at its own size gives no less.
    const keepsOriginal = chosen.format === job.inputFormat && !job.bounded && chosen.bytes >= input.length;
    const region = clampRegion(image, options.region);
    const shown = crop(image, region);
    const raw = { raw: { width: shown.width, height: shown.height, channels: 3 as const } };
    return {
      format: chosen.format,
      estimatedBytes: keepsOriginal ? input.length : chosen.bytes,
      keepsOriginal,
      sampled: sample !== image,
      width: image.width,
      height: image.height,
      region,
      preview: keepsOriginal ? await sharp(shown.data, raw).png().toBuffer() : await encodePixels(job, chosen.format, shown),
      previewFormat: keepsOriginal ? 'png' : chosen.format,
    };
  } finally {
    job.deadline.dispose();
  }
}
