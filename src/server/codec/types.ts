// The server's codec contract: bytes and settings in, bytes and facts out. No HTTP, database or queue here.
import type { CodecSettings, CompressResult as CoreResult } from '#codec-core/index';
import { FORMAT_MIME_TYPES, INPUT_ONLY_MIME_TYPES, type ImageFormat } from '#contract/settings';

export type { ImageFormat, OutputFormat, ImageFacts, CodecErrorKind, CodecSettings, CodecLimits } from '#codec-core/index';
export { CodecError } from '#codec-core/index';

/**
 * A result's format: an image format, SVG kept as SVG (svg/svg-result.ts), or a GIF passed on as it came when no
 * WebP is smaller (animation/kept-upload.ts).
 */
export type ResultFormat = ImageFormat | 'svg' | 'gif';

export const MIME_TYPES: Record<ResultFormat, string> = { ...FORMAT_MIME_TYPES, svg: INPUT_ONLY_MIME_TYPES.svg, gif: INPUT_ONLY_MIME_TYPES.gif };

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
  /** Auto's budget for trying candidates, in seconds (0516); none when absent. */
  searchSeconds?: number;
};

/** In the codec process the bytes are always a Buffer (the sharp engine's); an SVG may stay SVG. */
export interface CompressResult extends Omit<CoreResult, 'output'> {
  data: Buffer;
  output: CoreResult['output'] | (Omit<CoreResult['output'], 'format'> & { format: 'svg' | 'gif' });
  /** An SVG upload: what its sanitiser removed, by name ("<script>", "2 onclick attributes"), for the job's note. */
  svgRemoved?: string[];
}
