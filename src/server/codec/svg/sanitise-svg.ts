// Turns an uploaded SVG into one that cannot reach outside itself or run anything (the allow-list of clean-svg.ts,
// docs/decisions/0500-svg-allow-list-sanitiser.md), minified by SVGO under a rendering guard (minify-svg.ts,
// docs/decisions/0404-svg-output.md, 0501). The sanitised text is the only SVG libvips is ever given.
import { CodecError } from '#codec-core/index';
import { cleanSvg, NotSvgError } from './clean-svg';
import { minifiedSvg } from './minify-svg';
import { SVG_DOCTYPE_MESSAGE } from './sniff-svg';

export const SVG_INVALID_MESSAGE = 'This file is not a valid SVG image';

/**
 * A DOCTYPE with an internal subset, or any entity declaration, is refused outright rather than parsed: entities are
 * how XML bombs (billion laughs) and external entities work, and no drawing needs one. A plain DOCTYPE naming the
 * SVG DTD (Graphviz, Illustrator write one) declares nothing: the XML parser never fetches the DTD, and the
 * sanitiser writes no DOCTYPE, so libvips never sees it (docs/decisions/0405-svg-plain-doctype.md).
 */
function refuseDoctype(text: string): void {
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>]*\[/i.test(text)) throw new CodecError('unsupported-format', SVG_DOCTYPE_MESSAGE);
}

/** The allow-list pass on the upload's text: the sanitised SVG and what was removed, by name. */
function cleaned(bytes: Buffer): { svg: string; removed: string[] } {
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  refuseDoctype(text);
  try {
    return cleanSvg(text);
  } catch (err) {
    if (err instanceof NotSvgError) throw new CodecError('corrupt', SVG_INVALID_MESSAGE);
    throw err;
  }
}

/**
 * The upload sanitised (scripts, handlers, foreign elements, external references removed) and, with `minify`,
 * minified without changing how it renders. Without `minify` the text is only sanitised: what "the upload" is when
 * the minified one is judged.
 */
export async function sanitiseSvg(bytes: Buffer, { minify = true }: { minify?: boolean } = {}): Promise<string> {
  const { svg } = cleaned(bytes);
  return minify ? minifiedSvg(svg) : svg;
}

/** What the sanitiser removes from an upload, by name ("<script>", "2 onclick attributes"): for the job's note. */
export function removedFromSvg(bytes: Buffer): string[] {
  return cleaned(bytes).removed;
}

/**
 * The SVG result: the minified text, or the merely sanitised one when minifying did not make it smaller (never
 * larger), with what was removed from the upload.
 */
export async function optimisedSvg(bytes: Buffer): Promise<{ svg: string; removed: string[] }> {
  const { svg: sanitised, removed } = cleaned(bytes);
  return { svg: await minifiedSvg(sanitised), removed };
}
