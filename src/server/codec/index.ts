// The server codec's public surface: the codec core run by the sharp engine, with the settings' defaults from the
// contract. Pure: no HTTP, database, queue or configuration in here.
import { compress as compressWith, estimate as estimateWith, type CodecLimits, type CodecSettings, type Estimate, type Region } from '#codec-core/index';
import { MAX_INPUT_PIXELS } from '#contract/limits';
import { DEFAULT_COMPRESS_SETTINGS } from '#contract/settings-schema';
import { animationHeader, compressAnimation } from './animation/compress-animation';
import { sharpEngine } from './engine/sharp-engine';
import { sniffInputFormat } from './input/sniff';
import { DEFAULT_TIMEOUT_SECONDS } from './time-limit';
import type { CompressOptions, CompressResult } from './types';

export { sniffImageFormat, SNIFF_BYTES } from './input/sniff';
export { ENCODERS } from './encoders';
export { codecTimeLimit, DEFAULT_TIMEOUT_SECONDS } from './time-limit';
export { makePreview, PREVIEW_MAX_EDGE } from './preview';
export * from './types';

/** The contract's defaults: the one place they live. */
const DEFAULT_SETTINGS: CodecSettings = (({ type: _type, ...settings }) => settings)(DEFAULT_COMPRESS_SETTINGS);

/** Settings given (undefined meaning "not given") over the contract's defaults, and the limits. */
export function settingsOf(options: CompressOptions): { settings: CodecSettings; limits: CodecLimits } {
  const { maxPixels, timeoutSeconds, ...given } = options;
  const defined = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as Partial<CodecSettings>;
  return {
    settings: { ...DEFAULT_SETTINGS, ...defined },
    limits: { maxPixels: maxPixels ?? MAX_INPUT_PIXELS, timeoutSeconds: timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS },
  };
}

export async function compress(input: Buffer, options: CompressOptions): Promise<CompressResult> {
  const { settings, limits } = settingsOf(options);
  // An animation keeps all its frames on a path of its own (the core's pipeline works on one picture).
  const format = sniffInputFormat(input);
  const animated = format === 'gif' || format === 'webp' ? await animationHeader(input, format) : null;
  if (animated) return compressAnimation(input, format as 'gif' | 'webp', animated, settings, limits);
  return (await compressWith(sharpEngine, input, settings, limits)) as CompressResult;
}

export interface EstimateOptions extends Omit<CompressOptions, 'metadata'> {
  /** The part of the result the user looks at; the centre when absent. */
  region?: Region;
}

export { ESTIMATE_SAMPLE_PIXELS, PREVIEW_MAX_SIDE, type Estimate, type Region } from '#codec-core/index';

export async function estimate(input: Buffer, options: EstimateOptions): Promise<Estimate> {
  const { region, ...rest } = options;
  const { settings, limits } = settingsOf(rest);
  return estimateWith(sharpEngine, input, settings, limits, region);
}
export { transformImage, type TransformRequest, type TransformResult } from './tinify-transform';
