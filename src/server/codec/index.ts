// The server codec's public surface: the codec core run by the sharp engine, with the settings' defaults from the
// contract. Pure: no HTTP, database, queue or configuration in here.
import { compress as compressWith, estimate as estimateWith, type CodecLimits, type CodecSettings, type Estimate as CoreEstimate, type Region } from '#codec-core/index';
import { MAX_INPUT_PIXELS } from '#contract/limits';
import { DEFAULT_CODEC_FIELDS } from '#contract/settings-schema';
import { compressAnimation, estimateAnimation } from './animation/compress-animation';
import { engineFor } from './engine-for';
import { compressSvg, estimateSvg } from './svg/svg-result';
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

/** One upload compressed, through the door its bytes choose (engine-for.ts). */
export async function compress(input: Buffer, options: CompressOptions): Promise<CompressResult> {
  const { settings, limits } = settingsOf(options);
  const door = await engineFor(input, limits);
  if (door.kind === 'animation') return compressAnimation(input, door, settings, limits);
  if (door.kind === 'svg') return compressSvg(input, door.engine, settings, limits);
  return (await compressWith(door.engine, input, settings, limits)) as CompressResult;
}

export interface EstimateOptions extends Omit<CompressOptions, 'metadata'> {
  /** The part of the result the user looks at; the centre when absent. */
  region?: Region;
}

export { ESTIMATE_SAMPLE_PIXELS, PREVIEW_MAX_SIDE, type Region } from '#codec-core/index';

/** The live estimate: an SVG kept as SVG is `svg`, an animation's upload kept as it came is its own format. */
export type Estimate = Omit<CoreEstimate, 'format'> & { format: ImageFormat | 'svg' | 'gif' };

/** The live estimate of one upload, through the same door as its compress. */
export async function estimate(input: Buffer, options: EstimateOptions): Promise<Estimate> {
  const { region, ...rest } = options;
  const { settings, limits } = settingsOf(rest);
  const door = await engineFor(input, limits);
  if (door.kind === 'animation') return estimateAnimation(input, door, settings, limits, region);
  if (door.kind === 'svg') return estimateSvg(input, door.engine, settings, limits, region);
  return estimateWith(door.engine, input, settings, limits, region);
}

