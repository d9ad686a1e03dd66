// How the sharp engine encodes each format: the core's descriptor (../../../codec-core/formats: type, name,
// transparency, the mapping from our scale) joined with a libvips encode and the schema its options must pass.
import type { Metadata, Sharp } from '#server/codec/sharp-setup';
import type { z } from 'zod';
import type { FormatDescriptor, ImageFormat, MetadataPolicy } from '#codec-core/index';
import type { Deadline } from '#server/codec/deadline';

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** What an encoder may know about the upload besides the decoded pixels. */
export interface EncodeSource {
  /** The uploaded bytes. */
  input: Buffer;
  /** The upload's own format. */
  format: ImageFormat;
  /** The upload's header, as read before decoding. */
  meta: Metadata;
  /**
   * The decoded pixels were resized or are not the upload's (a sample): an encoder must not work from the uploaded
   * bytes instead of the pixels (PNG's optimisation of the original file).
   */
  resized?: boolean;
  /** The pixels are in the upload's own colour space because its ICC profile is kept (see metadata-policy.ts). */
  ownColourSpace?: boolean;
}

export interface EncodeRequest {
  /** Our scale, 1-100, the same visual quality in every format. */
  quality: number;
  source: EncodeSource;
  deadline: Deadline;
  /** Pixel-identical output; `quality` is then ignored. Only for formats with `supportsLossless`. */
  lossless?: boolean;
  /** Encode at exactly `quality`, without the format's own guard rails (PNG's palette quality floor). */
  exactQuality?: boolean;
  /** The metadata policy, for an encoder that works from the uploaded bytes (JPEG XL's lossless JPEG recompression). */
  metadata?: MetadataPolicy;
}

export interface SharpEncoder<Options extends object = object> extends FormatDescriptor<Options> {
  /** The encoder's own settings, validated (tests check every quality maps to valid options). */
  optionsSchema: z.ZodType<Options>;
  encode(decoded: Sharp, request: EncodeRequest): Promise<EncodedImage>;
}

/** sharp's result as an EncodedImage. */
export async function toEncoded(pipeline: Sharp): Promise<EncodedImage> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
