// PNG: palette quantisation when it is small and good enough, else lossless oxipng (the pipeline is in ../png.ts).
// Our scale is libimagequant's quality floor, with a structural-similarity floor on top.
import { z } from 'zod';
import { pngFormat, type PaletteSettings } from '#codec-core/formats/png';
import { encodePng } from '#server/codec/encoders/png-pipeline';
import type { SharpEncoder } from './descriptor';

const optionsSchema = z.object({
  palette: z.literal(true),
  quality: z.number().int().min(1).max(100),
  effort: z.number().int().min(1).max(10),
  dither: z.number().min(0).max(1),
  compressionLevel: z.number().int().min(0).max(9),
});

export const pngEncoder: SharpEncoder<PaletteSettings> = {
  ...pngFormat,
  optionsSchema: optionsSchema as unknown as z.ZodType<PaletteSettings>,
  encode: (decoded, { quality, source, deadline, lossless, exactQuality }) => {
    const { meta } = source;
    const fromPng = source.format === 'png';
    // oxipng can work on the upload itself only when it is a PNG whose stored pixels are what is written: upright,
    // not resized, and either what viewers show without a profile (8-bit, none) or kept with their own profile. A
    // 16-bit upload keeps its depth that way only in lossless mode; otherwise 8 bits are smaller and look the same.
    const sameColours = source.ownColourSpace
      ? lossless === true || (meta.bitsPerSample ?? 8) <= 8
      : !meta.hasProfile && (meta.bitsPerSample ?? 8) <= 8;
    return encodePng(decoded, lossless ? 100 : quality, {
      input: source.input,
      isPalette: fromPng && meta.isPalette === true,
      optimiseOriginal: fromPng && !source.resized && (meta.orientation ?? 1) === 1 && sameColours,
    }, deadline, { floor: !exactQuality });
  },
};
