// The sharp (libvips) engine: the codec core's Engine for the server's codec processes.
import type { Engine, ImageFormat, Pixels } from '#codec-core/index';
import { ENCODERS } from '../encoders';
import { toCodecError } from '../errors';
import { keepOriginalWith } from '../metadata/keep-original';
import { sharp } from '../sharp-setup';
import { encodeAs, uprightPixels } from './encode';
import { openImage, type SharpImage } from './open';
import { imageTraits } from './traits';

const asBuffer = (data: Uint8Array) => (Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));

const raw = (pixels: Pixels) => sharp(asBuffer(pixels.data), { raw: { width: pixels.width, height: pixels.height, channels: 3 } });

/** Bare pixels (a sample, a crop) in `format`: no metadata, and never from the uploaded bytes (they are not the upload). */
async function encodePixels(image: SharpImage, pixels: Pixels, format: ImageFormat, quality: number, exactQuality: boolean): Promise<Buffer> {
  const source = { input: image.input, format: image.format, meta: image.meta, resized: true, ownColourSpace: false };
  try {
    const encoded = await ENCODERS[format].encode(raw(pixels), { quality, exactQuality, source, deadline: image.deadline });
    return encoded.data;
  } catch (error) {
    throw toCodecError(image.deadline.signal.aborted ? new Error('timeout') : error, image.deadline.seconds);
  }
}

export const sharpEngine: Engine<SharpImage> = {
  open: openImage,
  close: (image) => image.deadline.dispose(),
  traits: imageTraits,
  encode: encodeAs,
  // A resized result is never replaced by the upload (the pipeline checks the bounds first).
  passOn: (image) => keepOriginalWith(image.input, image.format, image.meta, image.settings.metadata),
  pixels: uprightPixels,
  encodePixels,
  async decodePixels(_image, data) {
    const { data: pixels, info } = await sharp(asBuffer(data)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data: pixels, width: info.width, height: info.height };
  },
  losslessPng: (_image, pixels) => raw(pixels).png().toBuffer(),
};
