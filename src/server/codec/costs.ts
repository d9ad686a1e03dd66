// What one encode costs, by output format, known before a pixel is decoded. The server plans with these (the time
// limit in time-limit.ts, the codec pool's memory reservations) without loading the codec and sharp itself.
import { SMART_SCORED_PIXELS } from '#codec-core/modes/smart';
import type { CompressionMode, ImageFormat, MetadataPolicy } from '#contract/settings';

export interface EncoderCost {
  /**
   * Multiple of the base codec time limit this encoder may need for the same image: AVIF's encoder is several
   * times slower than mozjpeg per pixel, and a deadline that fits JPEG would cut it off on a busy machine.
   */
  timeFactor: number;
  /**
   * Peak memory of a codec process above its idle size, per pixel of the upload, when it encodes into this format
   * (decode, colour conversion, the encoder's own buffers and the quality checks together). Measured on 2026-11-23
   * with one codec process per job, VmHWM minus the 80 MiB of a process that compressed a tiny image: a 16 MP
   * photo took 6.7 B/px into JPEG from a 4:2:0 JPEG and 10.9 B/px from a 4:4:4 one, 5.8 into WebP, 30.7 into
   * AVIF (libaom's lookahead and its 10-bit copies) and 30 into PNG (quantisation, the similarity check and
   * oxipng hold the image several times); rounded up here.
   */
  workingBytesPerPixel: number;
  /**
   * The same two for lossless mode. JPEG's is the upload passed on (no encode). Measured on 2026-11-24 on one core:
   * lossless WebP took 10-11 times as long as our JPEG (an 8 MP phone photo: 22.7 s against 2.1 s) and 29 B/px at
   * its peak; lossless AVIF 1.5-4.5 times as long as lossy AVIF (its memory was not measured: the lossy figure is
   * kept). PNG's lossless path is the one its lossy path falls back to.
   */
  lossless: { timeFactor: number; workingBytesPerPixel: number };
}

export const ENCODER_COSTS: Record<ImageFormat, EncoderCost> = {
  jpeg: { timeFactor: 1, workingBytesPerPixel: 11, lossless: { timeFactor: 1, workingBytesPerPixel: 11 } },
  png: { timeFactor: 1, workingBytesPerPixel: 32, lossless: { timeFactor: 1, workingBytesPerPixel: 32 } },
  webp: { timeFactor: 2, workingBytesPerPixel: 7, lossless: { timeFactor: 4, workingBytesPerPixel: 32 } },
  avif: { timeFactor: 4, workingBytesPerPixel: 32, lossless: { timeFactor: 8, workingBytesPerPixel: 32 } },
  // cjxl runs as its own process (jxl/libjxl-tools.ts): the codec process holds the decoded pixels and the PNG handed
  // over (about 7 B/px); cjxl's own memory is outside it. Time at effort 7: about 1.2 MP/s on one core (kodim23,
  // 768×512, 0.32 s), several times mozjpeg; modular lossless about twice that.
  jxl: { timeFactor: 4, workingBytesPerPixel: 12, lossless: { timeFactor: 8, workingBytesPerPixel: 12 } },
};

/**
 * `size` mode encodes several times (size-mode.ts): 3-5 full-size encodes for a fixed format, at most 10, and when
 * a downscale is allowed and needed, 2-4 (at most 8) smaller ones. Its time limit allows eight full-size encodes of
 * each format; encodes run one after another, so its memory is that of one.
 */
export const SIZE_MODE_TIME_FACTOR = 8;

/**
 * `smart` mode (the core's modes/smart.ts) scores up to 8 encodes of a sample of at most SMART_SCORED_PIXELS, then encodes once
 * at full size: for an image that small, up to 9 encodes plus 8 runs of the metric (about 1 s a megapixel on a
 * busy core). Its memory adds the upright pixels (3 bytes a pixel) the sample is cut from, and the metric's own
 * planes, which depend on the sample's size only (smartMetricBytes).
 */
export const SMART_MODE_TIME_FACTOR = 10;
export const SMART_EXTRA_BYTES_PER_PIXEL = 3;
/** The most pixels smart mode scores per probe: a larger image is sampled (the core's modes/smart.ts). */
export { SMART_SCORED_PIXELS } from '#codec-core/modes/smart';
/**
 * SSIMULACRA 2's peak per scored pixel (the core's metrics/ssimulacra2.ts): both images in linear RGB and in XYB, five blurred planes
 * and two scratch planes, 4 bytes each (about 80), plus the sample, its encode and decode, and the collector's lag.
 * Measured: a 1-megapixel comparison raised a process's high-water mark by 130 MiB before the planes were reused.
 */
export const SMART_METRIC_BYTES_PER_SCORED_PIXEL = 100;

/** Memory smart mode's metric needs for an image of `pixels`, on top of its bytes per pixel. */
export function smartMetricBytes(pixels: number): number {
  return Math.min(pixels, SMART_SCORED_PIXELS) * SMART_METRIC_BYTES_PER_SCORED_PIXEL;
}

/**
 * AVIF with kept metadata (`keep`, `keep-all`, or a profile in lossless mode) passes its pixels through an
 * uncompressed PNG carrying the metadata (encode.ts): the PNG and its decode add about this much.
 */
export const AVIF_METADATA_EXTRA_BYTES_PER_PIXEL = 8;

/** The "control" settings that change what a compression costs. */
export interface CostControl {
  mode?: CompressionMode;
  metadata?: MetadataPolicy;
}

/** One encode's cost in the given mode. */
export function encoderCost(format: ImageFormat, control: CostControl = {}): { timeFactor: number; workingBytesPerPixel: number } {
  const cost = ENCODER_COSTS[format];
  const base = control.mode === 'lossless' ? cost.lossless : cost;
  const carrier = format === 'avif' && (control.mode === 'lossless' || (control.metadata ?? 'strip') !== 'strip');
  return {
    timeFactor: base.timeFactor * (control.mode === 'size' ? SIZE_MODE_TIME_FACTOR : control.mode === 'smart' ? SMART_MODE_TIME_FACTOR : 1),
    workingBytesPerPixel:
      base.workingBytesPerPixel + (carrier ? AVIF_METADATA_EXTRA_BYTES_PER_PIXEL : 0) + (control.mode === 'smart' ? SMART_EXTRA_BYTES_PER_PIXEL : 0),
  };
}

/** Auto looks at the image (its colours and transparency) before trying its candidates one after the other. */
export const AUTO_EXTRA_BYTES_PER_PIXEL = 4;
