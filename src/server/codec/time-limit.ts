// The time limit for one compression, scaled by what the encoders it will run cost.
import { AUTO_DEFAULT_FORMATS, type ImageFormat, type OutputFormat } from '#contract/settings';
import { AUTO_EXTRA_BYTES_PER_PIXEL, encoderCost, type CostControl } from './costs';

/** Seconds one JPEG or PNG compression of the largest image we accept may take on a busy machine. */
export const DEFAULT_TIMEOUT_SECONDS = 30;

/** The formats a compression will encode into: Auto tries each candidate (at most one of each format). */
export function encodedFormats(format: OutputFormat, inputFormat: ImageFormat, candidates?: readonly ImageFormat[]): ImageFormat[] {
  if (format === 'auto') return candidates?.length ? [...new Set(candidates)] : [...AUTO_DEFAULT_FORMATS];
  return [format === 'original' ? inputFormat : format];
}

/**
 * `base` fits a JPEG or PNG encode of the largest image we accept on a busy machine. AVIF and WebP get the
 * multiple their cost declares, and Auto the sum over its candidates; `control` (mode, metadata policy) scales it
 * for lossless encoders and for size mode's several encodes (costs.ts). Without `control`: quality mode.
 */
export function codecTimeLimit(base: number, format: OutputFormat, inputFormat: ImageFormat, candidates?: readonly ImageFormat[], control?: CostControl): number {
  return base * encodedFormats(format, inputFormat, candidates).reduce((sum, f) => sum + encoderCost(f, control).timeFactor, 0);
}

/**
 * Auto's budget for trying its candidates (0516): the time the slowest of them would be given alone. The candidates
 * run likeliest winner first; one is started only while the budget holds the longest so far, so Auto takes about as
 * long as its slowest format, not the sum of them all, and `codecTimeLimit` stays the hard stop behind it.
 */
export function autoSearchSeconds(base: number, candidates?: readonly ImageFormat[], control?: CostControl): number {
  return base * Math.max(...encodedFormats('auto', 'jpeg', candidates).map((f) => encoderCost(f, control).timeFactor));
}

/** Working memory per upload pixel: the hungriest encode it will run (Auto's run one after another), plus Auto's look. */
export function workingBytesPerPixel(format: OutputFormat, inputFormat: ImageFormat, candidates?: readonly ImageFormat[], control?: CostControl): number {
  const peak = Math.max(...encodedFormats(format, inputFormat, candidates).map((f) => encoderCost(f, control).workingBytesPerPixel));
  return format === 'auto' ? peak + AUTO_EXTRA_BYTES_PER_PIXEL : peak;
}
