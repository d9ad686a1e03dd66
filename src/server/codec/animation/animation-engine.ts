// The codec core's Engine for animations (docs/decisions/0402-animation.md, 0409-animation-modes.md): the same
// pipeline, strategies and candidate search as a still image, over an opened animation. `encode` writes the whole
// animation (every frame at the quality asked, with its delays and loop count) as animated WebP, the one animated
// format written; `pixels` is smart mode's sample: the first, middle and last frames stacked, which the smart search
// scores as still WebP encodings at each quality it probes (libwebp encodes an animation's frames with the same
// settings), before the whole animation is encoded once at the quality chosen.
import { basePolicy, boundsOf, CodecError, type CodecLimits, type CodecSettings, type Engine, type EncodeParams, type Encoded, type Pixels, type Size } from '#codec-core/index';
import { webpLosslessOptions, webpOptions } from '#codec-core/formats/webp';
import { Deadline } from '#server/codec/deadline';
import { encodePixels } from '#server/codec/engine/encode';
import type { SharpImage } from '#server/codec/engine/open';
import { sharpEngine } from '#server/codec/engine/sharp-engine';
import { toCodecError } from '#server/codec/errors';
import type { Sharp } from '#server/codec/sharp-setup';
import { allFrames, animationHeader, animationTooLarge, decodeApng, oneFrame, type AnimationHeader, type DecodedFrames } from './frames';
import { animatedWebpWithoutMetadata } from '#server/codec/metadata/metadata-write';

export const ANIMATION_FORMATS_MESSAGE = 'Animated images are saved as animated WebP: choose Keep original, WebP or Auto';
/** libvips's AVIF writer (heifsave) writes one picture: an animation cannot be kept as AVIF (0411). */
export const ANIMATED_AVIF_MESSAGE =
  'Animated AVIF cannot be made here: the AVIF encoder writes still pictures only. Animated images are saved as animated WebP: choose Keep original, WebP or Auto';

/** An animation opened for the core: the sharp engine's fields (so its sample encoders apply) and the frames. */
export interface AnimatedImage extends SharpImage {
  header: AnimationHeader;
  /** APNG's frames, decoded and composited when opened; null for GIF and WebP (libvips decodes them as needed). */
  decoded: DecodedFrames | null;
  /** GIF: the lossless encoding at each size asked for (one per size, whatever quality is probed). */
  lossless: Map<string, Promise<Encoded>>;
}

const run = async <T>(image: AnimatedImage, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw toCodecError(image.deadline.signal.aborted ? new Error('timeout') : error, image.deadline.seconds);
  }
};

/** The frames a smart-mode sample is taken from: first, middle and last. */
export const sampleFrames = (frames: number): number[] => [...new Set([0, Math.floor((frames - 1) / 2), frames - 1])];

async function open(bytes: Uint8Array, settings: CodecSettings, limits: CodecLimits): Promise<AnimatedImage> {
  const input = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = await animationHeader(input);
  if (!header) throw new Error('not an animation'); // the codec's entry only hands animations to this engine
  const tooLarge = animationTooLarge(header, limits.maxPixels);
  if (tooLarge) throw tooLarge;
  const deadline = new Deadline(limits.timeoutSeconds);
  try {
    const decoded = header.format === 'png' ? await decodeApng(input, header, deadline) : null;
    const upright = { width: header.width, height: header.height };
    return {
      input,
      format: header.format === 'webp' ? 'webp' : 'png',
      // Not the pipeline's upload candidate: a GIF is never kept (GIF is no output format); an APNG is weighed against
      // the result after the pipeline (compress-animation.ts).
      ...(header.format !== 'webp' && { decodedFrom: { format: header.format, bytes: input.length } }),
      upright,
      hasAlpha: header.hasAlpha,
      bounded: boundsOf(upright, settings),
      settings,
      // Animated WebP is the one animated format written: `original` and Auto mean it, the core decides (0408, 0410).
      writtenAs: 'webp',
      meta: header.meta ?? {},
      maxPixels: limits.maxPixels,
      deadline,
      stop: deadline.signal,
      failOn: 'truncated',
      // pixels() stacks these frames: the live estimate stands them for all of them.
      frames: { count: header.frames, inPixels: sampleFrames(header.frames).length },
      header,
      decoded,
      lossless: new Map(),
    } as AnimatedImage;
  } catch (error) {
    deadline.dispose();
    throw error;
  }
}

/**
 * Every frame resampled to `size` by the settings' fit, as the sharp engine does a still (engine/encode.ts): `inside`
 * sizes are already the image's shape; `cover` crops to the box, centred (libvips finds no point of interest across
 * frames); `contain` pads it with transparency.
 */
function resizedFrames(pipeline: Sharp, size: Size, settings: CodecSettings): Sharp {
  const fit = settings.fit === 'cover' || settings.fit === 'contain' ? settings.fit : 'fill';
  return pipeline.resize(size.width, size.height, { fit, kernel: 'lanczos3', position: 'centre', background: { r: 0, g: 0, b: 0, alpha: 0 } });
}

function timed(image: AnimatedImage, pipeline: Sharp): Sharp {
  return pipeline.timeout({ seconds: image.deadline.remainingSeconds() });
}

async function encodeWebp(image: AnimatedImage, params: EncodeParams, lossless: boolean): Promise<Encoded> {
  const { header } = image;
  return run(image, async () => {
    let pipeline = timed(image, allFrames(image.input, header, image.decoded, image.maxPixels));
    if (params.size) pipeline = resizedFrames(pipeline, params.size, image.settings);
    const delay = image.decoded?.delay ?? header.delay;
    const timing = { loop: header.loop, ...(delay && { delay }) };
    const options = lossless ? webpLosslessOptions() : webpOptions(params.quality);
    const { data, info } = await pipeline.webp({ ...options, ...timing }).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.pageHeight ?? info.height / header.frames };
  });
}

/**
 * The animation as animated WebP. A GIF's frames (at most 256 colours each, often dithered or drawn) are also
 * encoded losslessly, and the smaller of the two is the encoding: on the real GIFs measured lossy WebP came out
 * 0.13-11x the GIF and lossless 0.04-1.2x, neither always the smaller (`npm run bench -- animation`, 0410). The
 * lossless one is made once per size, so a size-mode search pays for it once.
 */
async function encode(image: AnimatedImage, format: string, params: EncodeParams): Promise<Encoded> {
  if (format !== 'webp') throw new CodecError('unsupported-format', ANIMATION_FORMATS_MESSAGE);
  if (params.lossless || image.header.format !== 'gif') return encodeWebp(image, params, params.lossless);
  const key = params.size ? `${params.size.width}x${params.size.height}` : 'upright';
  let lossless = image.lossless.get(key);
  if (!lossless) {
    image.lossless.set(key, (lossless = encodeWebp(image, params, true)));
    lossless.catch(() => undefined); // awaited below; a lossy failure first must not leave it unhandled
  }
  const [lossy, exact] = [await encodeWebp(image, params, false), await lossless];
  return exact.data.length < lossy.data.length ? exact : lossy;
}

/** The first, middle and last frames, each at the bounded size and flattened, stacked top to bottom. */
async function pixels(image: AnimatedImage): Promise<Pixels> {
  return run(image, async () => {
    const parts: Buffer[] = [];
    let size = { width: 0, height: 0 };
    for (const index of sampleFrames(image.header.frames)) {
      let frame = timed(image, oneFrame(image.input, image.header, image.decoded, index));
      if (image.bounded) frame = resizedFrames(frame, image.bounded, image.settings);
      const flat = frame.flatten({ background: image.settings.background }).removeAlpha().toColourspace('srgb');
      const { data, info } = await flat.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
      parts.push(data);
      size = { width: info.width, height: size.height + info.height };
    }
    return { data: Buffer.concat(parts), ...size };
  });
}

export const animationEngine: Engine<AnimatedImage> = {
  // Animated WebP is the one animated format written (0408, 0411).
  encodes: ['webp'],
  cannotEncode: (format) => (format === 'avif' ? ANIMATED_AVIF_MESSAGE : ANIMATION_FORMATS_MESSAGE),
  open,
  close: (image) => image.deadline.dispose(),
  // Only Auto looks at traits, and open() fixes the format: nothing to measure.
  traits: async (image) => ({ transparent: image.hasAlpha, photographic: true }),
  // Pixels (smart mode's sample of frames, a preview) are still pictures: the sharp engine's encoders make them.
  encode: (image, source, format, params) => (source === 'upload' ? encode(image, format, params) : encodePixels(image, source, format, params)),
  // An animated WebP upload may be the result as it came (never larger): as it is under keep-all, otherwise without
  // its EXIF and XMP chunks (their location and camera fields are not rewritten in an animation; its ICC stays).
  passOn: (image) => {
    if (image.header.format !== 'webp') return null;
    return basePolicy(image.settings.metadata) === 'keep-all' ? image.input : animatedWebpWithoutMetadata(image.input);
  },
  pixels,
  decodePixels: (image, data) => sharpEngine.decodePixels(image, data),
};
