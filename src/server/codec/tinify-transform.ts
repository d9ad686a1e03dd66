// Tinify-compatible transformations of a compressed job (POST /output/<id>): resize (fit, scale, cover, thumb),
// convert (a list of formats, the smallest wins) and preserve (copyright, creation, location), encoded with our own
// format descriptors from the uploaded original (one generation of loss, not two).
import { sharp, type Color, type Metadata, type Sharp } from '#server/codec/sharp-setup';
import { DEFAULT_BACKGROUND, type ImageFormat } from '#contract/settings';
import { MAX_INPUT_PIXELS } from '#contract/limits';
import { ENCODERS } from './encoders';
import { Deadline } from './deadline';
import { sniffImageFormat } from './sniff';
import { preservedExif, type ExifTags, type PreserveField } from './metadata/exif-preserve';
import { DEFAULT_TIMEOUT_SECONDS } from './time-limit';
import { CodecError } from './types';
import { toCodecError } from './errors';
import { withPngText } from './metadata/metadata-strip';

const TRANSPARENT = { r: 255, g: 255, b: 255, alpha: 0 };

export type ResizeMethod = 'fit' | 'scale' | 'cover' | 'thumb';

export interface TransformRequest {
  resize?: { method: ResizeMethod; width?: number; height?: number };
  /** Candidate output formats; the smallest result wins. */
  formats: ImageFormat[];
  preserve: PreserveField[];
  quality: number;
  background?: string;
}

export interface TransformResult {
  data: Buffer;
  format: ImageFormat;
  width: number;
  height: number;
}

/**
 * `padding` fills thumb's margins: transparent where the format has alpha, else the flattening background. sharp
 * flattens before it resizes whatever the call order, so transparent margins in a JPEG would come out black.
 */
function resized(pipeline: Sharp, resize: NonNullable<TransformRequest['resize']>, padding: Color): Sharp {
  const { method, width, height } = resize;
  switch (method) {
    case 'scale': // one dimension given, the other follows the aspect ratio
      return pipeline.resize(width ?? null, height ?? null, { fit: 'inside', withoutEnlargement: true });
    case 'fit': // within the box, aspect ratio kept
      return pipeline.resize(width, height, { fit: 'inside', withoutEnlargement: true });
    case 'cover': // exactly the box, cropped around the most interesting part
      return pipeline.resize(width, height, { fit: 'cover', position: sharp.strategy.attention });
    case 'thumb': // exactly the box, the whole image kept: a cropped-to-content thumbnail on a plain background
      return pipeline.resize(width, height, { fit: 'contain', background: padding });
  }
}

/** Runs in a codec process (sandbox/codec-process.ts), never in the server: see FileTransformer. */
export async function transformImage(original: Buffer, request: TransformRequest, timeoutSeconds = DEFAULT_TIMEOUT_SECONDS * 2): Promise<TransformResult> {
  const inputFormat = sniffImageFormat(original);
  if (!inputFormat) throw new CodecError('unsupported-format', 'The stored original is not an image we can read');
  const deadline = new Deadline(timeoutSeconds);
  try {
    const meta = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const exif = preservedExif(meta.exif, request.preserve);
    // A PNG carries its copyright as a text chunk rather than EXIF; either source reaches every output format.
    const copyright = request.preserve.includes('copyright') ? (exif.IFD0?.Copyright ?? pngText(meta, 'Copyright')) : undefined;
    if (copyright) exif.IFD0 = { ...exif.IFD0, Copyright: copyright };
    let best: TransformResult | null = null;
    for (const format of request.formats) {
      const encoder = ENCODERS[format];
      let pipeline = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
      const background = request.background ?? DEFAULT_BACKGROUND;
      if (request.resize) pipeline = resized(pipeline, request.resize, encoder.supportsAlpha ? TRANSPARENT : background);
      if (!encoder.supportsAlpha && meta.hasAlpha) pipeline = pipeline.flatten({ background });
      if (Object.keys(exif).length > 0) pipeline = pipeline.withExif(exif);
      const encoded = await deadline.race(
        encoder.encode(pipeline, { quality: request.quality, source: { input: original, format: inputFormat, meta, resized: request.resize !== undefined }, deadline }),
      );
      // The JPEG encoder may re-wrap raw pixels, which drops metadata: the EXIF is spliced in losslessly (replacing
      // whatever sharp wrote when the pixels streamed straight through).
      if (format === 'jpeg' && Object.keys(exif).length > 0) encoded.data = await withJpegExif(encoded.data, exif);
      // Our PNG encoder writes pixels only; Tinify preserves copyright alone for PNG (creation and location are JPEG-only).
      if (format === 'png' && copyright) encoded.data = withPngText(encoded.data, 'Copyright', copyright);
      if (!best || encoded.data.length < best.data.length) best = { ...encoded, format };
    }
    if (!best) throw new CodecError('unsupported-format', 'No output format to convert to');
    return best;
  } catch (error) {
    throw deadline.signal.aborted ? toCodecError(new Error('timeout'), deadline.seconds) : toCodecError(error, deadline.seconds);
  } finally {
    deadline.dispose();
  }
}

/** A PNG text chunk's value by keyword (libvips reads tEXt, zTXt and iTXt). */
function pngText(meta: Metadata, keyword: string): string | undefined {
  return meta.comments?.find((c) => c.keyword === keyword)?.text || undefined;
}

/**
 * Adds an EXIF block holding only `tags` to a JPEG without re-encoding it: sharp writes the block into a 1x1 JPEG,
 * whose APP1 segment is copied in right after our JPEG's start-of-image marker (any EXIF segment it had is dropped).
 */
async function withJpegExif(jpeg: Buffer, tags: ExifTags): Promise<Buffer> {
  const carrier = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).withExif(tags).jpeg().toBuffer();
  const app1 = findSegment(carrier, 0xe1);
  if (!app1 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return jpeg;
  const existing = findSegment(jpeg, 0xe1);
  const body = existing ? Buffer.concat([jpeg.subarray(2, existing.start), jpeg.subarray(existing.end)]) : jpeg.subarray(2);
  return Buffer.concat([jpeg.subarray(0, 2), carrier.subarray(app1.start, app1.end), body]);
}

/** The first marker segment of this type before the image data, as [start, end) offsets. */
function findSegment(jpeg: Buffer, marker: number): { start: number; end: number } | null {
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const type = jpeg[at + 1]!;
    if (type === 0xda || type === 0xd9) return null; // start of scan: no more metadata segments
    const length = jpeg.readUInt16BE(at + 2);
    if (type === marker) return { start: at, end: at + 2 + length };
    at += 2 + length;
  }
  return null;
}
