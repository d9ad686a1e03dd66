// WebP through libvips's libwebp, with the core's calibrated quality.
import { z } from 'zod';
import { webpFormat, webpLosslessOptions, webpOptions, type WebpSettings } from '#codec-core/formats/webp';
import { toEncoded, type SharpEncoder } from './descriptor';

const optionsSchema = z.object({
  quality: z.number().int().min(1).max(100),
  effort: z.number().int().min(0).max(6),
  alphaQuality: z.number().int().min(0).max(100),
});

export const webpEncoder: SharpEncoder<WebpSettings> = {
  ...webpFormat,
  optionsSchema: optionsSchema as z.ZodType<WebpSettings>,
  encode: (decoded, { quality, lossless }) => toEncoded(decoded.webp(lossless ? webpLosslessOptions() : webpOptions(quality))),
};
