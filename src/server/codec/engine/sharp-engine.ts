// The sharp (libvips) engine: the codec core's Engine for the server's codec processes.
import { basePolicy, stripForPassOn, type Engine } from '#codec-core/index';
import { isJxl } from '#codec-core/index';
import { IMAGE_FORMATS } from '#contract/settings';
import { djxlToPng, JXL_UNAVAILABLE_MESSAGE, jxlToolsAvailable } from '#server/codec/jxl/libjxl-tools';
import { preservesAny } from '#server/codec/metadata/preserve';
import { keepOriginalWith } from '#server/codec/metadata/keep-original';
import { sharp } from '#server/codec/sharp-setup';
import { asBuffer, encodeAs, encodePixels, uprightPixels } from './encode';
import { openImage, type SharpImage } from './open';
import { imageTraits } from './traits';

/** Every format, JPEG XL through libjxl's tools: what `sharpEngineHere` gives where they run. */
export const sharpEngine: Engine<SharpImage> = {
  encodes: IMAGE_FORMATS,
  cannotEncode: (format) => (format === 'jxl' ? JXL_UNAVAILABLE_MESSAGE : `${format} cannot be made here`),
  open: openImage,
  close: (image) => image.deadline.dispose(),
  traits: imageTraits,
  encode: (image, source, format, params) => (source === 'upload' ? encodeAs(image, format, params) : encodePixels(image, source, format, params)),
  // A resized result is never replaced by the upload (the pipeline checks the bounds first). Under Tinify's preserve
  // the upload is passed on only when it holds none of the fields to write (they would need re-encoding to place).
  passOn: (image) => {
    const policy = image.settings.metadata;
    // A decoded upload: only a JPEG XL is in a format it may be the result in (the core asks for no other).
    // Its metadata boxes cannot be edited, so under any policy but keep-all it goes only when it has none.
    if (image.decodedFrom) return image.decodedFrom.format === 'jxl' && image.upload ? stripForPassOn(image.upload, 'jxl', policy === 'keep-all' ? policy : 'strip') : null;
    if (typeof policy !== 'string' && preservesAny(image.meta, policy.preserve)) return null;
    return keepOriginalWith(image.input, image.format, image.meta, basePolicy(policy));
  },
  pixels: uprightPixels,
  async decodePixels(image, data) {
    // libvips cannot read JPEG XL: libjxl's decoder turns it into a PNG first.
    const readable = isJxl(data) ? await djxlToPng(data, image.deadline.signal) : asBuffer(data);
    const { data: pixels, info } = await sharp(readable).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data: pixels, width: info.width, height: info.height };
  },
};

let here: Promise<Engine<SharpImage>> | undefined;

/** The sharp engine as this machine has it: JPEG XL only where libjxl's tools run (asked once per process). */
export function sharpEngineHere(): Promise<Engine<SharpImage>> {
  here ??= jxlToolsAvailable().then((jxl) => (jxl ? sharpEngine : { ...sharpEngine, encodes: IMAGE_FORMATS.filter((f) => f !== 'jxl') }));
  return here;
}
