// Every output format's sharp encoder, by format.
import type { ImageFormat } from '#contract/settings';
import { avifEncoder } from './avif';
import type { SharpEncoder } from './descriptor';
import { jpegEncoder } from './jpeg';
import { jxlEncoder } from './jxl';
import { pngEncoder } from './png';
import { webpEncoder } from './webp';

export const ENCODERS: Record<ImageFormat, SharpEncoder> = {
  jpeg: jpegEncoder,
  png: pngEncoder,
  webp: webpEncoder,
  avif: avifEncoder,
  jxl: jxlEncoder,
};

export type { EncodedImage, SharpEncoder, EncodeRequest, EncodeSource } from './descriptor';
