// The server's PNG pipeline (src/server/codec/encoders/png-pipeline.ts) on libvips in WebAssembly: the core's palette
// climb (src/codec-core/formats/png-palette.ts) with its hooks filled as the server fills them: libimagequant
// palettes through libvips's PNG writer, the same decoding for the floor, the same fast-deflate carrier. Only the
// final optimiser is given by the caller (see Oxipng).
import { encodePalettePng, type RawImage } from '#codec-core/index';
import { rawOf, fromRaw, type Images, type VipsImage } from './vips-ops';

/**
 * oxipng on a PNG file; `palette` asks for the row filters the server tries on palette output (None and Sub).
 * The server runs oxipng natively; the browser's build is another version, so a PNG's last few bytes may differ.
 */
export type Oxipng = (png: Uint8Array, palette: boolean) => Promise<Uint8Array>;

export interface PngSource {
  /** The upload's bytes. */
  input: Uint8Array;
  /** Already a palette image (colour type 3). */
  isPalette: boolean;
  /** The upload itself may be optimised (a PNG whose stored pixels are what is written: see the server's png.ts). */
  optimiseOriginal: boolean;
}

const KEEP_NONE = 0;

/** sharp's png() with its defaults (no interlace, no adaptive filtering, 8 bits, dither 1, effort 7). */
function pngsave(image: VipsImage, options: { compression: number; palette?: boolean; Q?: number; effort?: number; dither?: number }): Uint8Array {
  return image.pngsaveBuffer({
    keep: KEEP_NONE,
    interlace: false,
    compression: options.compression,
    filter: 'none',
    palette: options.palette ?? false,
    Q: options.Q ?? 100,
    effort: options.effort ?? 7,
    bitdepth: 8,
    dither: options.dither ?? 1,
  });
}

/** A PNG decoded into the reference's channel layout (sharp's toColourspace, then ensureAlpha or removeAlpha). */
function decodeLike(images: Images, png: Uint8Array, reference: RawImage): RawImage {
  let image = images.keep(images.vips.Image.newFromBuffer(png));
  if (reference.channels % 2 === 0) {
    if (!image.hasAlpha()) image = images.keep(image.bandjoin(255));
  } else {
    while (image.bands > 1 && image.hasAlpha()) image = images.keep(image.extractBand(0, { n: image.bands - 1 }));
  }
  const space = reference.channels <= 2 ? 'b-w' : 'srgb';
  if (image.interpretation !== space) image = images.keep(image.colourspace(space, { source_space: image.interpretation }));
  return rawOf(image);
}

/** The upload with its ancillary chunks (text, time, EXIF, ...) dropped, for oxipng to work on. */
export type StripPng = (input: Uint8Array) => Uint8Array | null;

export async function encodePng(
  images: Images,
  decoded: VipsImage,
  quality: number,
  source: PngSource,
  oxipng: Oxipng,
  { floor = true }: { floor?: boolean } = {},
  stripPng?: StripPng,
): Promise<Uint8Array> {
  const pixels: RawImage = rawOf(decoded);
  const image = () => fromRaw(images, pixels.data, pixels.width, pixels.height, pixels.channels);
  // A cheap PNG (fast deflate) carries the pixels to oxipng, which recompresses them anyway.
  let plain: Uint8Array | undefined;
  const plainPng = () => (plain ??= pngsave(image(), { compression: 1 }));
  return encodePalettePng<Uint8Array>(pixels, { quality, floor, knownPalette: source.isPalette }, {
    quantise: async (rung) => pngsave(image(), { compression: 0, palette: true, Q: rung }),
    decode: async (quantised) => decodeLike(images, quantised, pixels),
    optimisePalette: (quantised) => oxipng(quantised, true),
    plainSize: async () => plainPng().length,
    optimiseLossless: () => oxipng((source.optimiseOriginal && stripPng ? stripPng(source.input) : null) ?? plainPng(), false),
  });
}
