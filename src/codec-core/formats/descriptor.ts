// What every output format declares, whatever engine encodes it: its type and name, whether it carries
// transparency and can be pixel-identical, and the mapping from our 1-100 scale to its encoder's own settings
// (the model is Squoosh's features/encoders/*/meta.ts). Engines turn these settings into their encoder's calls, so
// the same setting gives the same visual quality in the server and in the browser.
import { FORMAT_EXTENSIONS, FORMAT_MIME_TYPES, type ImageFormat } from '#contract/settings';

export interface FormatDescriptor<Options extends object = object> {
  format: ImageFormat;
  mimeType: string;
  /** File name extension, without the dot. */
  extension: string;
  /** False when transparency must be flattened onto a background before encoding. */
  supportsAlpha: boolean;
  /** True when it can encode pixel-identically. */
  supportsLossless: boolean;
  /** Our 1-100 scale -> the encoder's settings. */
  options(quality: number): Options;
}

/** What the calibrated lossy encoders (WebP, AVIF, JPEG XL) share: their own quality, their effort, or lossless. */
export interface EncoderSettings {
  /** The encoder's own quality scale; absent in lossless mode. */
  quality?: number;
  /** The encoder's speed/effort knob, on its own scale. */
  effort: number;
  lossless?: true;
}

/** A descriptor whose MIME type and extension come from the contract's tables for its format. */
export function describeFormat<Options extends object>(
  format: ImageFormat,
  traits: Pick<FormatDescriptor<Options>, 'supportsAlpha' | 'supportsLossless' | 'options'>,
): FormatDescriptor<Options> {
  return { format, mimeType: FORMAT_MIME_TYPES[format], extension: FORMAT_EXTENSIONS[format], ...traits };
}

/**
 * A quality mapping measured at a few points of our scale (the bench's formats-calibration section) and
 * interpolated linearly between them; the ends of the scale map to the ends of the encoder's.
 */
export function calibrated(points: readonly (readonly [ours: number, theirs: number])[]): (quality: number) => number {
  const table = [[1, 1] as const, ...points, [100, 100] as const].sort((a, b) => a[0] - b[0]);
  return (quality: number) => {
    const q = Math.min(100, Math.max(1, quality));
    for (let i = 1; i < table.length; i++) {
      const [x1, y1] = table[i]!;
      const [x0, y0] = table[i - 1]!;
      if (q <= x1) return Math.round(x1 === x0 ? y1 : y0 + ((q - x0) * (y1 - y0)) / (x1 - x0));
    }
    return 100;
  };
}
