// JPEG through libvips's mozjpeg, with the chroma subsampling the core chooses from the image's colour detail.
import { z } from 'zod';
import type { Sharp } from '#server/codec/sharp-setup';
import { chooseChromaSubsampling, jpegFormat, jpegOptions, type ChromaSubsampling, type JpegSettings } from '#codec-core/formats/jpeg';
import { chromaDetail } from '#codec-core/metrics/chroma';
import { sharp } from '#server/codec/sharp-setup';
import { toEncoded, type EncodeSource, type SharpEncoder } from './descriptor';

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

export const jpegEncoder: SharpEncoder<JpegSettings> = {
  ...jpegFormat,
  optionsSchema,
  encode: (decoded, { quality, source, lossless }) => {
    if (lossless) throw new Error('JPEG cannot be encoded losslessly');
    return encodeJpeg(decoded, quality, source);
  },
};
