// The server's codec contract: bytes and settings in, bytes and facts out. No HTTP, database or queue here.
import type { CodecSettings, CompressResult as CoreResult } from '#codec-core/index';
import { FORMAT_MIME_TYPES, INPUT_ONLY_MIME_TYPES, type ImageFormat } from '#contract/settings';

export type { ImageFormat, OutputFormat, ImageFacts, CodecErrorKind, CodecSettings, CodecLimits } from '#codec-core/index';
export { CodecError } from '#codec-core/index';

/** A result's format: an image format, or SVG kept as SVG (svg/svg-result.ts). */
export type ResultFormat = ImageFormat | 'svg';

export const MIME_TYPES: Record<ResultFormat, string> = { ...FORMAT_MIME_TYPES, svg: INPUT_ONLY_MIME_TYPES.svg };

/**
 * The settings, any of them left out (the contract's defaults fill them), with the codec's limits: what tests, the
 * bench and the codec process hand to compress().
 */
export type CompressOptions = Partial<CodecSettings> & {
  quality: number;
  /** Decoded pixel cap, checked from the header before decoding. */
  maxPixels?: number;
  /** Decode/encode time limit in seconds. */
  timeoutSeconds?: number;
};

/** In the codec process the bytes are always a Buffer (the sharp engine's); an SVG may stay SVG. */
export interface CompressResult extends Omit<CoreResult, 'output'> {
  data: Buffer;
  output: CoreResult['output'] | (Omit<CoreResult['output'], 'format'> & { format: 'svg' });
}
