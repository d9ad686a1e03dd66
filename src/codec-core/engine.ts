// What the codec core needs from a platform: open an upload, look at its pixels, encode it per format, pass it on
// with its metadata. Two engines implement it: sharp in the server's codec processes (src/server/codec/engine) and
// WebAssembly encoders in the browser's workers (private mode). Everything that decides what our output is (the
// candidates, the quality mapping, the searches, never-larger) lives in the core and calls only this.
import type { CompressSettings } from '#contract/settings-schema';
import type { ImageFormat, InputFormat, MetadataPolicy } from '#contract/settings';

export type { ImageFormat, OutputFormat, CompressionMode, MetadataPolicy } from '#contract/settings';

/** The EXIF fields Tinify's `preserve` may keep. */
export type PreserveField = 'copyright' | 'creation' | 'location';

/** A metadata policy: the contract's, or Tinify's `preserve` (everything private removed except the listed fields). */
export type MetadataPolicyValue = MetadataPolicy | { preserve: readonly PreserveField[] };

/**
 * How the bounds (maxWidth, maxHeight) apply: `inside` (the default) fits the image inside them, keeping its shape
 * and never enlarging; `cover` fills exactly that box, cropping around the most interesting part; `contain` shows
 * the whole image in exactly that box, padded (transparent where the format has alpha, else the background).
 * Tinify's resize methods: fit and scale are `inside`, cover is `cover`, thumb is `contain`.
 */
export type Fit = 'inside' | 'cover' | 'contain';

/**
 * The one settings value, from the form to the encoder: the contract's schema output (defaults applied there), plus
 * what only Tinify's transforms ask for (an exact-box fit, the preserve list).
 */
export type CodecSettings = Omit<CompressSettings, 'type' | 'metadata'> & {
  metadata: MetadataPolicyValue;
  fit?: Fit;
  /**
   * The format itself is what was asked for, larger or not: a Tinify `convert` (its clients read the type they asked
   * for), so the upload is no fallback for a larger conversion (0585).
   */
  formatRequired?: boolean;
};

/** The contract's policy a policy value starts from: Tinify's preserve list strips everything it does not name. */
export const basePolicy = (policy: MetadataPolicyValue): MetadataPolicy => (typeof policy === 'string' ? policy : 'strip');

/** What the platform bounds, not the user: decoded pixels and time. */
export interface CodecLimits {
  maxPixels: number;
  timeoutSeconds: number;
  /**
   * Auto's budget for trying candidates, in seconds from the start (0516): no candidate is started that would not end
   * within it by the longest one so far. Absent: candidates are bounded by `timeoutSeconds` only.
   */
  searchSeconds?: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Interleaved 8-bit sRGB pixels, three channels (transparency flattened onto the background). */
export interface Pixels extends Size {
  data: Uint8Array;
}

export interface Encoded extends Size {
  data: Uint8Array;
  /**
   * The live estimate's sampling engine (../estimate.ts): `data` encodes a sample of the image, and this is the size
   * of the whole image it stands for (the sample's scaled up by the pixel ratio). Absent for a real encoding.
   */
  estimatedBytes?: number;
}

/** The bytes an encoding stands for: its own, or the whole image's when it encodes the estimate's sample. */
export const sizeOf = (encoded: Encoded): number => encoded.estimatedBytes ?? encoded.data.length;

/** An upload opened by an engine; engines extend it with their own state (decoder handles, deadlines). */
export interface OpenImage {
  input: Uint8Array;
  /** The upload's own format. */
  format: ImageFormat;
  /** As displayed: after the upload's orientation. */
  upright: Size;
  /** The upload has an alpha channel (not necessarily any transparent pixel: see ImageTraits). */
  hasAlpha: boolean;
  /** The size the bounds (maxWidth/maxHeight) ask for, or null when the upload fits in them. */
  bounded: Size | null;
  settings: CodecSettings;
  /**
   * The upload was in a format the engine cannot read directly (HEIC, and JPEG XL for sharp): the engine decoded it,
   * and `input`/`format` are that lossless decoding, never a result in their own right. Absent for other uploads.
   */
  decodedFrom?: { format: InputFormat; bytes: number };
  /** What opening it left out that the user may have wanted (the frames of an image sequence): said in the job's note. */
  notes?: string[];
  /**
   * An animation: its frame count, and how many of its frames `pixels` stacks top to bottom (smart mode's sample).
   * The estimate stands the stacked frames for all of them. Absent for a still image (one frame, one in `pixels`).
   */
  frames?: { count: number; inPixels: number };
  /**
   * The one format this image is written in, whatever format allows it (an animation: animated WebP, the one animated
   * format written, 0408). The core, not the engine, turns `original` and Auto into it and refuses any other format
   * in the engine's words (written-as.ts).
   */
  writtenAs?: ImageFormat;
  /**
   * The engine's own stop for this upload (the server's codec deadline), aborted with the error to report: the core
   * checks it, with the caller's signal, before and after every engine call (stoppable.ts).
   */
  stop?: AbortSignal;
}

export interface ImageTraits {
  /** Some pixel is not fully opaque. */
  transparent: boolean;
  /** More distinct colours than a graphic has (see PHOTO_COLOUR_COUNT), or not counted. */
  photographic: boolean;
}

export interface EncodeParams {
  /** Our 1-100 scale (see formats/): the same visual quality in every format. */
  quality: number;
  /** Pixel-identical output; `quality` is then ignored. Only for formats that support it. */
  lossless: boolean;
  /** Exactly this quality, without the format's guard rails (PNG's palette floor): searches need sizes that follow it. */
  exactQuality: boolean;
  /** Resample the upload to this size; null keeps its (upright) size. Always null for pixels, which have their own. */
  size: Size | null;
  /**
   * A preview, not a result: speed over size (a lossless PNG without the optimiser). Never asked of a result, whose
   * bytes are what we promise.
   */
  fast?: boolean;
}

/**
 * What an encoding starts from: the upload itself (upright, resized to `params.size`, carrying the metadata the
 * settings keep), or bare pixels (a sample, a crop, a preview region: no metadata, and never the uploaded bytes,
 * which they are not).
 */
export type EncodeSource = 'upload' | Pixels;

export interface Engine<Image extends OpenImage = OpenImage> {
  /**
   * The formats this engine can encode here. The core plans from them: Auto's candidates are the allowed formats among
   * them (another is recorded as skipped) and a fixed format outside them is refused with `cannotEncode`'s words.
   * No engine edits the user's settings to the same end.
   */
  readonly encodes: readonly ImageFormat[];
  /** Why `format` (outside `encodes`) cannot be made here, in the user's terms: what to choose instead. */
  cannotEncode(format: ImageFormat): string;
  /** Reads the header and refuses what is not taken (format, animation, pixel limits). */
  open(input: Uint8Array, settings: CodecSettings, limits: CodecLimits): Promise<Image>;
  /** Releases what open() holds (timers, handles). */
  close(image: Image): void;
  /** Looks at the decoded pixels: transparency always, the colour count only when asked. */
  traits(image: Image, wanted: { colours: boolean }): Promise<ImageTraits>;
  /** `source` in `format` with `params`: the one way anything is encoded (results, smart's probes, samples, previews). */
  encode(image: Image, source: EncodeSource, format: ImageFormat, params: EncodeParams): Promise<Encoded>;
  /** The upload's own bytes with only the metadata the settings keep, without re-encoding; null when impossible. */
  passOn(image: Image): Uint8Array | null;
  /** The pixels every encoding starts from: upright, at the bounded size, flattened onto the background. */
  pixels(image: Image): Promise<Pixels>;
  /** An encoding decoded as a browser shows it, as three-channel pixels. */
  decodePixels(image: Image, data: Uint8Array): Promise<Pixels>;
}
