// JPEG XL through libjxl's cjxl (jxl/libjxl-tools.ts), with the core's calibrated quality. A JPEG upload in lossless
// mode, not resized, is recompressed as it is: the JPEG can be rebuilt from the result bit for bit.
import { z } from 'zod';
import { jxlFormat, jxlLosslessOptions, jxlOptions, type JxlSettings } from '#codec-core/formats/jxl';
import { cjxlFromJpeg, cjxlFromPng } from '#server/codec/jxl/libjxl-tools';
import { keepOriginalWith } from '#server/codec/metadata/keep-original';
import { withPngMetadata } from '#server/codec/metadata/metadata-write';
import { CodecError } from '#codec-core/index';
import type { SharpEncoder } from './descriptor';

const optionsSchema = z.object({
  quality: z.number().int().min(1).max(100),
  effort: z.number().int().min(1).max(9),
});

export const jxlEncoder: SharpEncoder<JxlSettings> = {
  ...jxlFormat,
  optionsSchema: optionsSchema as z.ZodType<JxlSettings>,
  async encode(decoded, { quality, lossless, source, deadline, metadata }) {
    const options = lossless ? jxlLosslessOptions() : jxlOptions(quality);
    if (lossless && source.format === 'jpeg' && !source.resized) {
      // The upload's own scans, with only the metadata the policy keeps (no re-encoding), recompressed.
      const jpeg = keepOriginalWith(source.input, 'jpeg', source.meta, metadata ?? 'strip') ?? source.input;
      const data = await cjxlFromJpeg(jpeg, options.effort, deadline.signal).catch((error: unknown) => {
        // libjxl cannot recompress every JPEG (CMYK, arithmetic coding): those get pixel-lossless JPEG XL below.
        if (deadline.signal.aborted || error instanceof CodecError) throw error;
        return null;
      });
      const { width, height } = source.meta.autoOrient ?? { width: source.meta.width!, height: source.meta.height! };
      if (data) return { data, width, height };
    }
    // Level 1 deflate: the PNG only carries the pixels to cjxl. Kept pixels in the upload's colour space take its profile along.
    const { data: png, info } = await decoded.png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer({ resolveWithObject: true });
    const carrier = source.ownColourSpace && source.meta.icc ? (withPngMetadata(png, { icc: source.meta.icc }) ?? png) : png;
    return { data: await cjxlFromPng(carrier, options, deadline.signal), width: info.width, height: info.height };
  },
};
