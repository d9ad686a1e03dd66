// What one encode costs, by output format, known before a pixel is decoded. The server plans with these (the time
// limit in time-limit.ts, the codec pool's memory reservations) without loading the codec and sharp itself.
import type { ImageFormat } from '../../contract/settings';

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
}

export const ENCODER_COSTS: Record<ImageFormat, EncoderCost> = {
  jpeg: { timeFactor: 1, workingBytesPerPixel: 11 },
  png: { timeFactor: 1, workingBytesPerPixel: 32 },
  webp: { timeFactor: 2, workingBytesPerPixel: 7 },
  avif: { timeFactor: 4, workingBytesPerPixel: 32 },
};

/** Auto looks at the image (its colours and transparency) before trying its candidates one after the other. */
export const AUTO_EXTRA_BYTES_PER_PIXEL = 4;
