// An SVG upload turned into what the rest of the sharp engine reads: sanitised (svg/sanitise-svg.ts), its size as a
// browser shows it read and checked against the pixel limit, then rendered by libvips's SVG loader (librsvg) at that
// size (svg/svg-canvas.ts, docs/decisions/0590) to a lossless PNG. libvips only ever sees the sanitised text, never
// the upload (docs/decisions/0403-svg-input.md).
import { CodecError, CORRUPT_MESSAGE, tooManyPixelsError } from '#codec-core/index';
import type { Deadline } from '#server/codec/deadline';
import { toCodecError } from '#server/codec/errors';
import { openSvg } from '#server/codec/svg/svg-canvas';
import { sanitiseSvg } from '#server/codec/svg/sanitise-svg';

export async function svgAsPng(upload: Buffer, maxPixels: number, deadline: Deadline): Promise<Buffer> {
  // Sanitised, not minified: minifying never changes the rendering, so rendering it would only cost time.
  const svg = await sanitiseSvg(upload, { minify: false });
  try {
    // The header first: a few bytes can declare a 100000 × 100000 canvas, refused before anything is drawn.
    const meta = await openSvg(svg, { limitInputPixels: false }).metadata();
    if (meta.format !== 'svg' || !meta.width || !meta.height) throw new CodecError('corrupt', CORRUPT_MESSAGE);
    if (meta.width * meta.height > maxPixels) throw tooManyPixelsError(meta.width, meta.height, maxPixels);
    return await openSvg(svg, { limitInputPixels: maxPixels }).png({ compressionLevel: 0 }).toBuffer();
  } catch (error) {
    if (error instanceof CodecError) throw error;
    throw toCodecError(error, deadline.seconds);
  }
}
