// An SVG upload whose result stays SVG (docs/decisions/0404-svg-output.md): in `original` format, and in Auto, the
// result is the sanitised text minified without changing how it renders, never larger than the sanitised upload.
// Only a size asked for that the drawing does not fit makes it a raster (the pipeline renders it, as for a
// conversion); the modes have nothing to search, the text being lossless.
import { boundsOf, CodecError, CORRUPT_MESSAGE, meetsTarget, tooManyPixelsError, type CodecLimits, type CodecSettings } from '#codec-core/index';
import type { CompressResult } from '#server/codec/types';
import { optimisedSvg } from './sanitise-svg';
import { openSvg } from './svg-canvas';

/** The SVG result, or null when the settings ask for a raster (another format, or a size the drawing does not fit). */
export async function svgResult(upload: Buffer, settings: CodecSettings, limits: CodecLimits): Promise<CompressResult | null> {
  if (settings.format !== 'original' && settings.format !== 'auto') return null;
  const { svg, removed } = await optimisedSvg(upload);
  const data = Buffer.from(svg, 'utf8');
  // Its size as a browser shows it (svg-canvas.ts): the card, the comparison and a later conversion show it so.
  const meta = await openSvg(svg, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (meta?.format !== 'svg' || !meta.width || !meta.height) throw new CodecError('corrupt', CORRUPT_MESSAGE);
  const size = { width: meta.width, height: meta.height };
  if (size.width * size.height > limits.maxPixels) throw tooManyPixelsError(size.width, size.height, limits.maxPixels);
  if (boundsOf(size, settings)) return null;
  return {
    data,
    input: { format: 'svg', bytes: upload.length, ...size },
    output: { format: 'svg', bytes: data.length, ...size },
    keptOriginal: false,
    flattenedOnto: null,
    decision: null,
    chosenQuality: null,
    targetMet: meetsTarget(settings, data.length),
    perceptualScore: null,
    svgRemoved: removed,
  };
}
