// Adjust's live estimate: what the settings would give for a finished file, in well under a second, while the user
// drags the slider. It is the pipeline itself (the same candidates, mode strategies, never-larger rule and notes),
// run over a sampling engine: every encoding the strategies ask for is of a quarter-megapixel sample of the image,
// standing for the whole by its size scaled up by the pixel ratio. The preview is the visible region alone, encoded
// at the format and quality the run chose. docs/decisions/0283-live-estimate.md, 0431-estimate-every-mode.md.
import type { Estimate as EstimateJson } from '#contract/api';
import { inputMimeType, type ImageFormat } from '#contract/settings';
import type { CodecLimits, CodecSettings, EncodeParams, Engine, OpenImage, Pixels, Size } from './engine';
import { newJob, stoppedBy } from './job';
import { openWithin, runJob } from './pipeline';
import { meetsTarget } from './modes/size';
import { clampRegion, crop, proxyOf, type Region } from './pixels';

/** The sample whose encoded size is scaled up to the whole image: a quarter megapixel of tiles spread over it. */
export const ESTIMATE_SAMPLE_PIXELS = 1 << 18;
/** The preview's longest side, at most: about what a comparison pane shows. */
export const PREVIEW_MAX_SIDE = 800;

export interface Estimate {
  /** The format the result would have (Auto: the smallest candidate on the sample). */
  format: ImageFormat;
  /** The whole result's expected size in bytes, metadata not counted. */
  estimatedBytes: number;
  /** The upload itself would be kept: no encoding is expected to be smaller than it as it would be passed on. */
  keepsOriginal: boolean;
  /** The size was scaled up from a sample rather than measured on the whole image. */
  sampled: boolean;
  /** The result's dimensions. */
  width: number;
  height: number;
  /** The region previewed. */
  region: Region;
  /** The quality the result would be encoded at (smart and size modes: the one their search chose); null when lossless or kept. */
  quality: number | null;
  /** Size mode: whether the target is met at full size; null in the other modes. */
  targetMet: boolean | null;
  /** The region encoded with the settings, in `previewFormat`: `format`, or lossless PNG when the upload is kept. */
  preview: Uint8Array;
  previewFormat: ImageFormat;
}

/**
 * `engine` with every encoding of the upload replaced by the sample's, which stands for the whole image (its
 * `estimatedBytes`, for `frames` frames of the `whole` size); the pixels the modes score are the sample. Everything
 * else is the engine's own. Only the image's own output size is sampled: the estimate asks for no downscale (see run).
 */
export function samplingEngine<Image extends OpenImage>(engine: Engine<Image>, sample: Pixels, whole: Size, frames = 1): Engine<Image> {
  const scale = (whole.width * whole.height * frames) / (sample.width * sample.height);
  return {
    encodes: engine.encodes,
    cannotEncode: (format) => engine.cannotEncode(format),
    open: (input, settings, limits) => engine.open(input, settings, limits),
    close: (image) => engine.close(image),
    traits: (image, wanted) => engine.traits(image, wanted),
    async encode(image, source, format, params) {
      if (source !== 'upload') return engine.encode(image, source, format, params);
      const size = params.size ?? image.upright;
      if (size.width !== whole.width || size.height !== whole.height) throw new RangeError('the estimate samples the image at its output size only');
      const { data } = await engine.encode(image, sample, format, { ...params, size: null });
      return { data, width: whole.width, height: whole.height, estimatedBytes: Math.round(data.length * scale) };
    },
    passOn: (image) => engine.passOn(image),
    pixels: async () => sample,
    decodePixels: (image, data) => engine.decodePixels(image, data),
  };
}

/** The preview's encoding: the result's format and quality, or for an upload kept as it is a fast lossless PNG. */
const previewParams = (kept: boolean, quality: number | null): EncodeParams =>
  kept ? { quality: 100, lossless: true, exactQuality: false, size: null, fast: true } : { quality: quality ?? 100, lossless: quality === null, exactQuality: false, size: null };

/**
 * The upload passed on after the run in place of what it made, as a caller weighs it (an animated GIF or APNG against
 * its animated WebP, which the pipeline cannot hand back itself, GIF being no output format): its size, or null.
 */
export type UploadInstead = (made: { format: ImageFormat; bytes: number }) => Promise<{ bytes: number } | null>;

async function run<Image extends OpenImage>(given: Engine<Image>, image: Image, region: Partial<Region> | undefined, signal: AbortSignal | undefined, uploadInstead?: UploadInstead): Promise<Estimate> {
  // The whole image's pixels and the preview are engine calls too: checked against the same stops as the run's.
  const engine = stoppedBy(given, image, signal);
  const pixels = await engine.pixels(image);
  const sample = proxyOf(pixels, ESTIMATE_SAMPLE_PIXELS);
  // An animation's pixels stack a few of its frames: they stand for every frame, and the preview shows the first.
  const { count, inPixels } = image.frames ?? { count: 1, inPixels: 1 };
  const frame = inPixels > 1 ? crop(pixels, { left: 0, top: 0, width: pixels.width, height: pixels.height / inPixels }) : pixels;
  // A downscale (size mode's fallback) is not estimated: the sample is of the image at its output size, so the answer
  // says whether the target is met at that size (0431).
  const fullSize: Image = { ...image, settings: { ...image.settings, allowResize: false } };
  const result = await runJob(newJob(samplingEngine(engine, sample, frame, count), fullSize));
  const instead = result.keptOriginal ? null : await uploadInstead?.({ format: result.output.format, bytes: result.output.bytes });
  const kept = result.keptOriginal || Boolean(instead);
  const shownRegion = clampRegion(frame, region, PREVIEW_MAX_SIDE);
  const shown = crop(frame, shownRegion);
  const quality = kept ? null : result.chosenQuality;
  const { format } = result.output;
  const previewFormat = kept ? 'png' : format;
  return {
    format,
    estimatedBytes: instead ? instead.bytes : result.output.bytes,
    keepsOriginal: kept,
    sampled: sample !== pixels || count > inPixels,
    width: frame.width,
    height: frame.height,
    region: shownRegion,
    quality,
    targetMet: instead ? meetsTarget(image.settings, instead.bytes) : result.targetMet,
    preview: (await engine.encode(image, shown, previewFormat, previewParams(kept, quality))).data,
    previewFormat,
  };
}

/**
 * The live estimate of one upload with other settings, in the settings' mode. `uploadInstead` weighs an upload the
 * caller passes on after the pipeline (compress-animation.ts on the server).
 */
export async function estimate<Image extends OpenImage>(
  engine: Engine<Image>,
  input: Uint8Array,
  settings: CodecSettings,
  limits: CodecLimits,
  region?: Partial<Region>,
  signal?: AbortSignal,
  uploadInstead?: UploadInstead,
): Promise<Estimate> {
  signal?.throwIfAborted();
  const image = await openWithin(engine, input, settings, limits);
  try {
    return await run(engine, image, region, signal, uploadInstead);
  } finally {
    engine.close(image);
  }
}

/** An estimate in the API's shape (what Adjust shows, from the server or from private mode), its preview as a URL. */
export function estimateJson(estimate: Omit<Estimate, 'preview' | 'format'> & { format: EstimateJson['outputFormat'] }, preview: string): EstimateJson {
  return {
    outputFormat: estimate.format,
    outputMimeType: inputMimeType(estimate.format),
    estimatedSize: estimate.estimatedBytes,
    keepsOriginal: estimate.keepsOriginal,
    sampled: estimate.sampled,
    width: estimate.width,
    height: estimate.height,
    region: estimate.region,
    quality: estimate.quality,
    targetMet: estimate.targetMet,
    preview,
  };
}
