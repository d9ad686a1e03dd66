// Every output format's descriptor, by format.
import type { ImageFormat } from '#contract/settings';
import { avifEncoder } from './avif';
import type { EncoderDescriptor } from './descriptor';
import { jpegEncoder } from './jpeg';
import { pngEncoder } from './png';
import { webpEncoder } from './webp';

export const ENCODERS: Record<ImageFormat, EncoderDescriptor> = {
  jpeg: jpegEncoder,
  png: pngEncoder,
  webp: webpEncoder,
  avif: avifEncoder,
};

export type { EncodedImage, EncoderDescriptor, EncodeRequest, EncodeSource } from './descriptor';
