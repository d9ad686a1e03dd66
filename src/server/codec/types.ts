// The server's codec contract: bytes and settings in, bytes and facts out. No HTTP, database or queue here.
import type { CodecSettings, CompressResult as CoreResult } from '#codec-core/index';
import { FORMAT_MIME_TYPES, type ImageFormat } from '#contract/settings';

export type { ImageFormat, OutputFormat, ImageFacts, CodecErrorKind, CodecSettings, CodecLimits } from '#codec-core/index';
export { CodecError } from '#codec-core/index';

export const MIME_TYPES: Record<ImageFormat, string> = FORMAT_MIME_TYPES;

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

/** In the codec process the bytes are always a Buffer (the sharp engine's). */
export interface CompressResult extends CoreResult {
  data: Buffer;
}
