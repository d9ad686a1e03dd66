// AVIF through libvips's libheif and libaom, with the core's calibrated quality.
import { z } from 'zod';
import { avifFormat, avifLosslessOptions, avifOptions, type AvifSettings } from '#codec-core/formats/avif';
import { toEncoded, type SharpEncoder } from './descriptor';

const optionsSchema = z.object({
  quality: z.number().int().min(1).max(100),
  effort: z.number().int().min(0).max(9),
  chromaSubsampling: z.enum(['4:4:4', '4:2:0']),
  bitdepth: z.literal(8),
});

export const avifEncoder: SharpEncoder<AvifSettings> = {
  ...avifFormat,
  optionsSchema: optionsSchema as z.ZodType<AvifSettings>,
  encode: (decoded, { quality, lossless }) => toEncoded(decoded.avif(lossless ? avifLosslessOptions() : avifOptions(quality))),
};
