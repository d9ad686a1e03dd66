// The libvips operations the server's sharp pipeline runs, spelled out for libvips in WebAssembly (wasm-vips), step
// by step in sharp's order, so the same upload gives the same pixels and the same bytes on both sides. Each function
// says which sharp call it stands for. Platform-neutral: the browser's workers and Node's tests run it alike.
import type VipsModule from 'wasm-vips';

export type Vips = Awaited<ReturnType<typeof VipsModule>>;
export type VipsImage = InstanceType<Vips['Image']>;

/** sharp's FAIL_ON (src/server/codec/sharp-setup.ts): truncated data is refused, benign warnings are not. */
export const FAIL_ON = 'truncated';

/**
 * Every image a step makes, deleted when the step is over: embind handles live in WebAssembly's memory, not the
 * garbage collector's, and a photo's pixels would otherwise stay there until the worker ends.
 */
export class Images {
  private readonly held: VipsImage[] = [];
  constructor(readonly vips: Vips) {}
  keep(image: VipsImage): VipsImage {
    this.held.push(image);
    return image;
  }
  release(): void {
    for (const image of this.held.splice(0)) image.delete();
  }
}

/** Runs `step` with a scope whose images are deleted afterwards, whatever happens. */
export function withImages<T>(vips: Vips, step: (images: Images) => T): T {
  const images = new Images(vips);
  try {
    return step(images);
  } finally {
    images.release();
  }
}

export interface Header {
  width: number;
  height: number;
  /** EXIF orientation, 1-8 (1 when absent). */
  orientation: number;
  hasAlpha: boolean;
  hasProfile: boolean;
  /** libvips's interpretation: srgb, rgb16, b-w, grey16, cmyk, ... */
  interpretation: string;
  /** libvips's loader, as sharp's metadata().format names it (jpeg, png, webp, heif). */
  loader: string;
  /** The stored chroma subsampling of a JPEG (sharp's metadata().chromaSubsampling), else null. */
  chromaSubsampling: string | null;
  /** AV1 or HEVC, for a HEIF container. */
  compression: string | null;
  pages: number;
}

const str = (image: VipsImage, name: string): string | null => (image.getTypeof(name) ? image.getString(name) : null);
const int = (image: VipsImage, name: string, fallback: number): number => (image.getTypeof(name) ? image.getInt(name) : fallback);

/** The loader libvips picked, from its class name (VipsForeignLoadJpegBuffer -> jpeg). */
function loaderOf(image: VipsImage): string {
  const loader = str(image, 'vips-loader') ?? '';
  return loader.replace(/load(_buffer|_source)?$/, '');
}

/** What sharp's metadata() reads from the header, for the checks the server makes before decoding. */
export function readHeader(images: Images, input: Uint8Array): Header {
  const image = images.keep(images.vips.Image.newFromBuffer(input, '', { fail_on: FAIL_ON }));
  return {
    width: image.width,
    height: image.height,
    orientation: int(image, 'orientation', 1),
    hasAlpha: image.hasAlpha(),
    hasProfile: image.getTypeof('icc-profile-data') !== 0,
    interpretation: image.interpretation,
    loader: loaderOf(image),
    chromaSubsampling: str(image, 'jpeg-chroma-subsample'),
    compression: str(image, 'heif-compression'),
    pages: int(image, 'n-pages', 1),
  };
}

export const isGrey = (interpretation: string) => interpretation === 'b-w' || interpretation === 'grey16';
const is16Bit = (interpretation: string) => interpretation === 'rgb16' || interpretation === 'grey16';

/** sharp's pipeline output colour space: the image leaves in `space` (sRGB unless grey is asked for). */
function toSpace(images: Images, image: VipsImage, space: 'srgb' | 'b-w'): VipsImage {
  let out = image;
  if (is16Bit(out.interpretation)) out = images.keep(out.cast('ushort'));
  if (out.interpretation !== space) out = images.keep(out.colourspace(space, { source_space: out.interpretation }));
  return out;
}

/** sharp's embedded-profile step: 8-bit inputs to sRGB, 16-bit to Display P3, perceptual intent. */
function fromEmbeddedProfile(images: Images, image: VipsImage): VipsImage {
  const interpretation = image.interpretation;
  if (image.getTypeof('icc-profile-data') === 0 || interpretation === 'labs' || interpretation === 'grey16') {
    return interpretation === 'cmyk' ? images.keep(image.iccTransform('srgb', { input_profile: 'cmyk', intent: 'perceptual' })) : image;
  }
  try {
    return images.keep(
      image.iccTransform(interpretation === 'rgb16' ? 'p3' : 'srgb', { embedded: true, depth: is16Bit(interpretation) ? 16 : 8, intent: 'perceptual' }),
    );
  } catch {
    return image; // sharp warns "Invalid embedded profile" and goes on without it
  }
}

/** The angle sharp turns an image by for its EXIF orientation, and whether it mirrors it afterwards. */
function orientationSteps(orientation: number): { angle: 'd0' | 'd90' | 'd180' | 'd270'; flop: boolean } {
  switch (orientation) {
    case 2: return { angle: 'd0', flop: true };
    case 3: return { angle: 'd180', flop: false };
    case 4: return { angle: 'd180', flop: true };
    case 5: return { angle: 'd90', flop: true };
    case 6: return { angle: 'd90', flop: false };
    case 7: return { angle: 'd270', flop: true };
    case 8: return { angle: 'd270', flop: false };
    default: return { angle: 'd0', flop: false };
  }
}

export interface DecodeRequest {
  /** sharp's `autoOrient: true`. */
  autoOrient: boolean;
  /** Resample to exactly this (upright) size with lanczos3 (sharp's resize with fit 'fill', fastShrinkOnLoad false). */
  size?: { width: number; height: number } | null;
  /** sharp's flatten({ background }), as r, g, b. */
  flatten?: [number, number, number] | null;
  /** sharp's removeAlpha(). */
  removeAlpha?: boolean;
  /** sharp's toColourspace(): srgb (the default) or b-w. */
  space?: 'srgb' | 'b-w';
}

/** libjpeg's shrink-on-load factor sharp picks when it must leave at least 2x to the resize (fastShrinkOnLoad false). */
function jpegShrinkOnLoad(shrink: number): number {
  let factor = shrink >= 16 ? 8 : shrink >= 8 ? 4 : shrink >= 4 ? 2 : 1;
  if (factor > 1 && Math.trunc(shrink) === factor) factor /= 2;
  return factor;
}

/**
 * One sharp pipeline from the uploaded bytes (sharp(input, { failOn, autoOrient }) then resize, flatten,
 * removeAlpha, toColourspace), in the order sharp applies them whatever the call order: profile to sRGB, flatten,
 * premultiplied resize, orientation, alpha removal, output colour space.
 */
export function decodeLikeSharp(images: Images, input: Uint8Array, request: DecodeRequest): VipsImage {
  const { vips } = images;
  let image = images.keep(vips.Image.newFromBuffer(input, '', { fail_on: FAIL_ON }));
  const { angle, flop } = request.autoOrient ? orientationSteps(int(image, 'orientation', 1)) : { angle: 'd0' as const, flop: false };
  const turned = angle === 'd90' || angle === 'd270';
  const target = request.size ? (turned ? { width: request.size.height, height: request.size.width } : request.size) : null;
  if (target && loaderOf(image) === 'jpeg') {
    const factor = jpegShrinkOnLoad(Math.min(image.width / target.width, image.height / target.height));
    if (factor > 1) {
      image = images.keep(vips.Image.newFromBuffer(input, `shrink=${factor}`, { fail_on: FAIL_ON }));
    }
  }
  if (request.autoOrient) {
    // sharp's RemoveExifOrientation: the pixels are turned, so no writer may record the old orientation (heifsave
    // would write it into the AVIF even with keep none).
    image = images.keep(image.copy());
    image.remove('orientation');
    image.remove('exif-ifd0-Orientation');
  }
  image = fromEmbeddedProfile(images, image);
  if (request.flatten && image.hasAlpha()) {
    const multiplier = is16Bit(image.interpretation) ? 256 : 1;
    image = images.keep(image.flatten({ background: request.flatten.map((v) => v * multiplier) }));
  }
  if (target && (target.width !== image.width || target.height !== image.height)) {
    const format = image.format;
    const premultiply = image.hasAlpha();
    if (premultiply) image = images.keep(images.keep(image.premultiply()).cast(format));
    image = images.keep(image.resize(target.width / image.width, { vscale: target.height / image.height, kernel: 'lanczos3' }));
    if (premultiply) image = images.keep(images.keep(image.unpremultiply()).cast(format));
  }
  if (angle !== 'd0') image = images.keep(image.rot(angle));
  if (flop) image = images.keep(image.flip('horizontal'));
  if (request.removeAlpha) while (image.bands > 1 && image.hasAlpha()) image = images.keep(image.extractBand(0, { n: image.bands - 1 }));
  return toSpace(images, image, request.space ?? 'srgb');
}

/**
 * sharp(raw pixels, { raw: { width, height, channels } }) as an encoder gets it: read as b-w for 1-2 channels and
 * sRGB for 3-4, and leaving in sRGB (sharp's default output space), so grey pixels are written as three channels.
 */
export function fromRaw(images: Images, data: Uint8Array, width: number, height: number, channels: number): VipsImage {
  const image = images.keep(images.vips.Image.newFromMemory(data, width, height, channels, images.vips.BandFormat.uchar));
  return toSpace(images, images.keep(image.copy({ interpretation: channels <= 2 ? 'b-w' : 'srgb' })), 'srgb');
}

/** An encoder's input as sharp hands it over: the pipeline's output colour space (srgb unless b-w was asked). */
export const asOutput = (images: Images, image: VipsImage, space: 'srgb' | 'b-w' = 'srgb') => toSpace(images, image, space);

export interface RawPixels {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

/** sharp's .raw().toBuffer(): the pixels as interleaved 8-bit samples. */
export function rawOf(image: VipsImage): RawPixels {
  const memory = image.writeToMemory();
  const data = new Uint8Array(memory.buffer, memory.byteOffset, memory.byteLength);
  return { data, width: image.width, height: image.height, channels: image.bands };
}
