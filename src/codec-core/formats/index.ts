// Every output format's descriptor, by format. Adding a format is adding one module here, its encoder in each
// engine, and its time and memory cost in the server's costs.
import type { ImageFormat } from '#contract/settings';
import { avifFormat } from './avif';
import type { FormatDescriptor } from './descriptor';
import { jpegFormat } from './jpeg';
import { jxlFormat } from './jxl';
import { pngFormat } from './png';
import { webpFormat } from './webp';

export const FORMATS: Record<ImageFormat, FormatDescriptor> = {
  jpeg: jpegFormat,
  png: pngFormat,
  webp: webpFormat,
  avif: avifFormat,
  jxl: jxlFormat,
};

export type { FormatDescriptor } from './descriptor';
