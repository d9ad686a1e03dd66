// JPEG: mozjpeg, with chroma subsampling chosen per image from its colour detail. Our 1-100 scale is
// mozjpeg's own quality, which the other formats are calibrated against.
import { z } from 'zod';
import type { JpegOptions, Sharp } from 'sharp';
import { FORMAT_EXTENSIONS, FORMAT_MIME_TYPES } from '#contract/settings';
import { chromaDetail } from '#server/codec/chroma';
import { sharp } from '#server/codec/sharp-setup';
import { toEncoded, type EncodeSource, type EncoderDescriptor } from './descriptor';

type ChromaSubsampling = '4:2:0' | '4:4:4';

/**
 * Full-resolution chroma pays when at least this share of 2×2 blocks carries a colour difference of
 * more than 8 levels (chroma.ts): screenshots, rendered text and hard-edged graphics. Measured at
 * equal butteraugli against cjpeg 4:2:0 on corpus samples at quality 90: a UI screenshot (share
 * 0.019) costs 0.45× cjpeg in 4:4:4 against 0.95× in 4:2:0; photographs (share 0 to 0.009, JPEG
 * uploads below 0.001 because they were subsampled already) cost 0.84-0.93× in 4:2:0 against up to
 * 1.16× in 4:4:4. See docs/decisions/0221-jpeg-chroma-subsampling-per-image.md.
 */
export const FULL_CHROMA_MIN_SHARE = 0.012;

/**
 * mozjpeg mode means progressive, trellis quantisation, overshoot deringing, optimised scans and
 * quantisation table 3: about 8-12% smaller than libjpeg-turbo at equal butteraugli.
 */
export function jpegOptions(quality: number, chromaSubsampling: ChromaSubsampling = '4:2:0'): JpegOptions {
  return { quality, mozjpeg: true, chromaSubsampling };
}

export function chooseChromaSubsampling(detail: { share: number }): ChromaSubsampling {
  return detail.share >= FULL_CHROMA_MIN_SHARE ? '4:4:4' : '4:2:0';
}

/**
 * A JPEG upload stored with 4:2:0 chroma (most camera and web photos) has no full-resolution colour detail left
 * to measure: its decoded chroma is smooth upsampling, far below FULL_CHROMA_MIN_SHARE (corpus JPEGs: under
 * 0.001). It keeps 4:2:0 without the measurement, and its pixels stream from decoder to encoder instead of
 * being held whole in memory (3 bytes a pixel less at the peak: 45 MiB for a 16-megapixel photo).
 */
export function subsamplingKnownFromSource(source: EncodeSource): ChromaSubsampling | null {
  return source.format === 'jpeg' && source.meta.chromaSubsampling === '4:2:0' ? '4:2:0' : null;
}

/** Measures the decoded pixels once, then encodes them with the subsampling they call for. */
async function encodeJpeg(decoded: Sharp, quality: number, source: EncodeSource) {
  const known = subsamplingKnownFromSource(source);
  if (known) return toEncoded(decoded.jpeg(jpegOptions(quality, known)));
  const { data, info } = await decoded.raw().toBuffer({ resolveWithObject: true });
  const channels = info.channels as 1 | 2 | 3 | 4;
  const subsampling = chooseChromaSubsampling(chromaDetail({ data, width: info.width, height: info.height, channels }));
  return toEncoded(sharp(data, { raw: { width: info.width, height: info.height, channels } }).jpeg(jpegOptions(quality, subsampling)));
}

const optionsSchema = z.object({
  quality: z.number().int().min(1).max(100),
  mozjpeg: z.literal(true),
  chromaSubsampling: z.enum(['4:4:4', '4:2:0']),
});

export const jpegEncoder: EncoderDescriptor<JpegOptions> = {
  format: 'jpeg',
  mimeType: FORMAT_MIME_TYPES.jpeg,
  extension: FORMAT_EXTENSIONS.jpeg,
  supportsAlpha: false,
  // A decoded JPEG re-encoded is never identical; lossless JPEG output is the upload's own scans (compress.ts).
  supportsLossless: false,
  optionsSchema,
  options: (quality) => jpegOptions(quality),
  encode: (decoded, { quality, source, lossless }) => {
    if (lossless) throw new Error('JPEG cannot be encoded losslessly');
    return encodeJpeg(decoded, quality, source);
  },
};
