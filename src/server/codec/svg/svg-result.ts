// An SVG upload whose result stays SVG (docs/decisions/0404-svg-output.md): in `original` format, and in Auto, the
// result is the sanitised text minified without changing how it renders, never larger than the sanitised upload.
// Only a size asked for that the drawing does not fit makes it a raster (the pipeline renders it, as for a
// conversion); the modes have nothing to search, the text being lossless.
import {
  boundsOf,
  CodecError,
  compress as compressWith,
  CORRUPT_MESSAGE,
  estimate as estimateWith,
  meetsTarget,
  tooManyPixelsError,
  type CodecLimits,
  type CodecSettings,
  type Engine,
  type Estimate,
  type OpenImage,
  type Region,
} from '#codec-core/index';
import type { CompressResult } from '#server/codec/types';
import { optimisedSvg, removedFromSvg } from './sanitise-svg';
import { openSvg } from './svg-canvas';

/** The SVG result, or null when the settings ask for a raster (another format, or a size the drawing does not fit). */
export async function svgResult(upload: Buffer, settings: CodecSettings, limits: CodecLimits): Promise<CompressResult | null> {
  if (settings.format !== 'original' && settings.format !== 'auto') return null;
  // Auto over a list the client requires its type from (Tinify's convert): a raster among them, never SVG.
  if (settings.format === 'auto' && settings.formatRequired) return null;
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

/** An SVG upload compressed: kept as SVG text, or rendered to the raster asked for by `engine` (the sharp engine). */
export async function compressSvg(upload: Buffer, engine: Engine<OpenImage>, settings: CodecSettings, limits: CodecLimits): Promise<CompressResult> {
  const svg = await svgResult(upload, settings, limits);
  if (svg) return svg;
  const result = (await compressWith(engine, upload, settings, limits)) as CompressResult;
  // An SVG rendered to pixels was sanitised first (engine/open-svg.ts): the note names what went, as for SVG kept.
  return { ...result, svgRemoved: removedFromSvg(upload) };
}

export type SvgEstimate = Omit<Estimate, 'format'> & { format: Estimate['format'] | 'svg' };

/** The live estimate of an SVG upload; kept as SVG, its size is known exactly, from the text itself. */
export async function estimateSvg(upload: Buffer, engine: Engine<OpenImage>, settings: CodecSettings, limits: CodecLimits, region?: Region): Promise<SvgEstimate> {
  const svg = await svgResult(upload, settings, limits);
  if (!svg) return estimateWith(engine, upload, settings, limits, region);
  // The preview is the drawing's rendering of the region, lossless (PNG at 100 is pixel-exact), as the card shows it.
  const rendering = await estimateWith(engine, upload, { ...settings, format: 'png', quality: 100 }, limits, region);
  return { ...rendering, format: 'svg', estimatedBytes: svg.data.length, keepsOriginal: false, sampled: false };
}
