// Adjust's live estimate: what a quality (and format, resize) would give for a finished file, in well under a second,
// while the user drags the slider. The same candidates and never-larger rule as the pipeline, with quality mode's
// search run on a sample of the image: its encoded size scaled up to the whole. The preview is the visible region
// alone, encoded with the settings at the quality chosen. Every mode: smart and size modes run their search on the
// sample (estimate-modes.ts). docs/decisions/0283-live-estimate.md, 0431-estimate-every-mode.md.
import type { Estimate as EstimateJson } from '#contract/api';
import { inputMimeType, type ImageFormat } from '#contract/settings';
import type { CodecLimits, CodecSettings, Engine, OpenImage, Pixels } from './engine';
import { sampledFixed, sampledSize, sampledSmart } from './estimate-modes';
import { candidatesOf, lastResortUpload, newJob, openWithin, searchCandidates, uploadCandidate } from './pipeline';
import { uploadWins } from './never-larger';
import { meetsTarget } from './modes/size';
import { CodecError, LOSSLESS_JPEG_MESSAGE } from './errors';
import { clampRegion, crop, proxyOf, type Region } from './pixels';
import { bytesOf, type Job, type Strategy } from './modes/strategy';

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

/** The mode's search on the sample, its sizes scaled up by the pixel ratio. */
function sampledStrategy(job: Job, sample: Pixels, scale: number): Strategy {
  const { mode, targetSize } = job.image.settings;
  if (mode === 'smart') return sampledSmart(sample, scale);
  if (mode === 'size' && targetSize) return sampledSize(sample, scale, targetSize);
  return sampledFixed(sample, scale, mode === 'lossless');
}

async function run(job: Job, region: Partial<Region> | undefined): Promise<Estimate> {
  const { engine, image } = job;
  const pixels = await job.pixels();
  const sample = proxyOf(pixels, ESTIMATE_SAMPLE_PIXELS);
  const strategy = sampledStrategy(job, sample, (pixels.width * pixels.height) / (sample.width * sample.height));
  const candidates = await candidatesOf(job);
  const kept = uploadCandidate(job, candidates);
  const { found } = await searchCandidates(job, strategy, candidates);
  const chosen = strategy.choose(found);
  const { mode, targetSize } = job.image.settings;
  // Lossless JPEG has no encoding: only a JPEG upload kept as it is can be the result (the pipeline says the same).
  if (!chosen && !kept) throw new CodecError('unsupported-format', LOSSLESS_JPEG_MESSAGE);
  const bytes = chosen ? bytesOf(chosen) : Infinity;
  // Size mode passes an upload that already fits the target on as it is, whatever an encoding would give.
  const fitsAlready = kept !== null && mode === 'size' && targetSize !== undefined && kept.length <= targetSize;
  // A conversion larger than an upload every browser shows gives the upload, as the pipeline does (0585).
  const lastResort = kept === null && chosen ? lastResortUpload(job, candidates) : null;
  const handsBack = lastResort !== null && lastResort.length < bytes;
  const keepsOriginal = handsBack || (kept !== null && (fitsAlready || !chosen || uploadWins(kept.length, bytes)));
  const passedOn = handsBack ? lastResort : kept;
  const shownRegion = clampRegion(pixels, region, PREVIEW_MAX_SIDE);
  const shown = crop(pixels, shownRegion);
  return {
    format: keepsOriginal || !chosen ? job.image.format : chosen.format,
    estimatedBytes: keepsOriginal ? passedOn!.length : bytes,
    keepsOriginal,
    sampled: sample !== pixels,
    width: pixels.width,
    height: pixels.height,
    region: shownRegion,
    quality: keepsOriginal ? null : chosen!.quality,
    // A sampled encoding's verdict is its extrapolated size's; the upload handed back is judged like any result.
    targetMet: keepsOriginal ? meetsTarget(job.image.settings, passedOn!.length) : mode === 'size' ? chosen!.fits === true : null,
    preview: keepsOriginal
      ? await engine.losslessPng(image, shown)
      : await engine.encodePixels(image, shown, chosen!.format, chosen!.quality ?? 100, false, chosen!.quality === null),
    previewFormat: keepsOriginal ? 'png' : chosen!.format,
  };
}

/** The live estimate of one upload with other settings, in the settings' mode. */
export async function estimate<Image extends OpenImage>(
  engine: Engine<Image>,
  input: Uint8Array,
  settings: CodecSettings,
  limits: CodecLimits,
  region?: Partial<Region>,
): Promise<Estimate> {
  const image = await openWithin(engine, input, settings, limits);
  try {
    return await run(newJob(engine, image), region);
  } finally {
    engine.close(image);
  }
}

/** An estimate in the API's shape (what Adjust shows, from the server or from private mode), its preview as a URL. */
export function estimateJson(estimate: Omit<Estimate, 'preview' | 'format'> & { format: ImageFormat | 'svg' }, preview: string): EstimateJson {
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
