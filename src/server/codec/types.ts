// The codec's contract: bytes and options in, bytes and facts out. No HTTP, database or queue here.
import type { FormatDecision } from '#contract/api';
import { FORMAT_MIME_TYPES, type CompressionMode, type ImageFormat, type MetadataPolicy, type OutputFormat } from '#contract/settings';

export type { ImageFormat, OutputFormat } from '#contract/settings';

export const MIME_TYPES: Record<ImageFormat, string> = FORMAT_MIME_TYPES;

export interface CompressOptions {
  /** 1-100 */
  quality: number;
  /** What to produce; `original` (the default) keeps the input's format. */
  format?: OutputFormat;
  /** Auto's candidates (formats the viewer can display); every format when absent. */
  formats?: readonly ImageFormat[];
  /** '#rrggbb' that transparency is flattened onto for formats without alpha; white when absent. */
  background?: string;
  /** Decoded pixel cap, checked from the header before decoding. */
  maxPixels?: number;
  /** Decode/encode time limit in seconds. */
  timeoutSeconds?: number;
  /**
   * How the quality is chosen; `quality` (the default) uses `quality` as given; `smart` the lowest quality whose
   * perceptual score reaches what `quality` stands for on a typical photograph.
   */
  mode?: CompressionMode;
  /** `size` mode: the largest encoding whose length is at most this many bytes. */
  targetSize?: number;
  /** `size` mode: when even the lowest quality is too big, downscale (the least that fits) instead of giving up. */
  allowResize?: boolean;
  /** Fit inside these bounds (after orientation), keeping the aspect ratio; never enlarges. */
  maxWidth?: number;
  maxHeight?: number;
  /** `strip` (the default): private metadata removed; `keep`: EXIF, XMP, IPTC and ICC kept but GPS removed; `keep-all`. */
  metadata?: MetadataPolicy;
}

/** Width and height are as displayed, i.e. after the EXIF orientation is applied. */
export interface ImageFacts {
  format: ImageFormat;
  bytes: number;
  width: number;
  height: number;
}

export interface CompressResult {
  data: Buffer;
  input: ImageFacts;
  output: ImageFacts;
  /**
   * True when the encoded result was not smaller and the original image was returned instead (0% saved).
   * The original's pixels are kept byte for byte, but private metadata (EXIF, GPS, XMP, comments)
   * is still removed, so `data` can be a few bytes shorter than the upload.
   */
  keptOriginal: boolean;
  /** The background colour transparent pixels were flattened onto (JPEG output of a transparent image), or null. */
  flattenedOnto: string | null;
  /** For `auto`: every candidate's size and the winner. */
  decision: FormatDecision | null;
  /** The quality (our 1-100 scale) the result was encoded at: the given one, or the one `size` mode chose; null when lossless or the original was kept. */
  chosenQuality: number | null;
  /** `size` mode: whether the result is at most `targetSize`; null in the other modes. */
  targetMet: boolean | null;
  /**
   * `smart` mode: the SSIMULACRA 2 score of the result against the original (100: identical), measured on the pixels
   * the search compared; null in the other modes.
   */
  perceptualScore: number | null;
}

export type CodecErrorKind = 'unsupported-format' | 'corrupt' | 'too-many-pixels' | 'timeout';

/** A failure caused by the input itself: retrying cannot help. The message is shown to users. */
export class CodecError extends Error {
  constructor(
    readonly kind: CodecErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'CodecError';
  }
}
