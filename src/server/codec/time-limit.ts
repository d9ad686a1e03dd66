// The time limit for one compression, scaled by what the encoders it will run cost.
import { IMAGE_FORMATS, type ImageFormat, type OutputFormat } from '../../contract/settings';
import { ENCODERS } from './encoders';

/**
 * `base` fits a JPEG or PNG encode of the largest image we accept on a busy machine. AVIF and WebP get the
 * multiple their descriptor declares, and Auto the sum over its candidates (at most one of each format).
 */
export function codecTimeLimit(base: number, format: OutputFormat, inputFormat: ImageFormat, candidates?: readonly ImageFormat[]): number {
  if (format === 'auto') {
    const formats: readonly ImageFormat[] = candidates?.length ? [...new Set(candidates)] : IMAGE_FORMATS;
    return base * formats.reduce((sum, f) => sum + ENCODERS[f].timeFactor, 0);
  }
  return base * ENCODERS[format === 'original' ? inputFormat : format].timeFactor;
}
