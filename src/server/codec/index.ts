// The server codec's public surface: the codec core run by the sharp engine, with the settings' defaults from the
// contract. Pure: no HTTP, database, queue or configuration in here.
import { compress as compressWith, estimate as estimateWith, type CodecLimits, type CodecSettings, type Estimate as CoreEstimate, type Region } from '#codec-core/index';
import { MAX_INPUT_PIXELS } from '#contract/limits';
import { DEFAULT_CODEC_FIELDS } from '#contract/settings-schema';
import { compressAnimation } from './animation/compress-animation';
import { sharpEngineHere } from './engine/sharp-engine';
import { removedFromSvg } from './svg/sanitise-svg';
import { svgResult } from './svg/svg-result';
import { sniffInputFormat } from './input/sniff';
import { DEFAULT_TIMEOUT_SECONDS } from './time-limit';
import type { CompressOptions, CompressResult, ImageFormat } from './types';

export { sniffImageFormat, SNIFF_BYTES } from './input/sniff';
export { ENCODERS } from './encoders';
export { codecTimeLimit, DEFAULT_TIMEOUT_SECONDS } from './time-limit';
export { makePreview, PREVIEW_MAX_EDGE } from './preview';
export * from './types';

/** Settings given (undefined meaning "not given") over the contract's defaults, and the limits. */
export function settingsOf(options: CompressOptions): { settings: CodecSettings; limits: CodecLimits } {
  const { maxPixels, timeoutSeconds, searchSeconds, ...given } = options;
  const defined = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as Partial<CodecSettings>;
  return {
    settings: { ...DEFAULT_CODEC_FIELDS, ...defined },
    limits: { maxPixels: maxPixels ?? MAX_INPUT_PIXELS, timeoutSeconds: timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS, ...(searchSeconds !== undefined && { searchSeconds }) },
  };
}

export async function compress(input: Buffer, options: CompressOptions): Promise<CompressResult> {
  const { settings, limits } = settingsOf(options);
  // An animation keeps all its frames: the same pipeline over the animation engine.
  const animated = await compressAnimation(input, settings, limits);
  if (animated) return animated;
  // An SVG stays SVG unless a raster is asked for (svg/svg-result.ts).
  const isSvg = sniffInputFormat(input) === 'svg';
  const svg = isSvg ? await svgResult(input, settings, limits) : null;
  if (svg) return svg;
  const result = (await compressWith(await sharpEngineHere(), input, settings, limits)) as CompressResult;
  // An SVG rendered to pixels was sanitised first (engine/open-svg.ts): the note names what went, as for SVG kept.
  return isSvg ? { ...result, svgRemoved: removedFromSvg(input) } : result;
}

export interface EstimateOptions extends Omit<CompressOptions, 'metadata'> {
  /** The part of the result the user looks at; the centre when absent. */
  region?: Region;
}

export { ESTIMATE_SAMPLE_PIXELS, PREVIEW_MAX_SIDE, type Region } from '#codec-core/index';

/** The live estimate; an SVG kept as SVG is `svg` (its result's size is known exactly, from the text itself). */
export type Estimate = Omit<CoreEstimate, 'format'> & { format: ImageFormat | 'svg' };

export async function estimate(input: Buffer, options: EstimateOptions): Promise<Estimate> {
  const { region, ...rest } = options;
  const { settings, limits } = settingsOf(rest);
  const svg = sniffInputFormat(input) === 'svg' ? await svgResult(input, settings, limits) : null;
  const engine = await sharpEngineHere();
  if (!svg) return estimateWith(engine, input, settings, limits, region);
  // The preview is the drawing's rendering of the region, lossless (PNG at 100 is pixel-exact), as the card shows it.
  const rendering = await estimateWith(engine, input, { ...settings, format: 'png', quality: 100 }, limits, region);
  return { ...rendering, format: 'svg', estimatedBytes: svg.data.length, keepsOriginal: false, sampled: false };
}
export { transformImage, type TransformRequest, type TransformResult } from './tinify-transform';
