// PNG: palette quantisation when it is small and good enough, else lossless oxipng (the pipeline is in ../png.ts).
// Our scale is libimagequant's quality floor, with a structural-similarity floor on top.
import { z } from 'zod';
import { FORMAT_EXTENSIONS, FORMAT_MIME_TYPES } from '../../../contract/settings';
import { encodePng, paletteOptions } from '../png';
import type { EncoderDescriptor } from './descriptor';

type PaletteOptions = ReturnType<typeof paletteOptions>;

const optionsSchema = z.object({
  palette: z.literal(true),
  quality: z.number().int().min(1).max(100),
  effort: z.number().int().min(1).max(10),
  dither: z.number().min(0).max(1),
  compressionLevel: z.number().int().min(0).max(9),
});

export const pngEncoder: EncoderDescriptor<PaletteOptions> = {
  format: 'png',
  mimeType: FORMAT_MIME_TYPES.png,
  extension: FORMAT_EXTENSIONS.png,
  supportsAlpha: true,
  optionsSchema: optionsSchema as unknown as z.ZodType<PaletteOptions>,
  options: paletteOptions,
  encode: (decoded, { quality, source, deadline }) => {
    const { meta } = source;
    const fromPng = source.format === 'png';
    return encodePng(decoded, quality, {
      input: source.input,
      isPalette: fromPng && meta.isPalette === true,
      // oxipng can work on the upload itself only when it is a PNG whose stored pixels are what viewers show.
      optimiseOriginal: fromPng && !meta.hasProfile && (meta.bitsPerSample ?? 8) <= 8 && (meta.orientation ?? 1) === 1,
    }, deadline);
  },
};
