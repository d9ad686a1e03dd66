// Turns an uploaded SVG into one that cannot reach outside itself or run anything, minified by SVGO
// (docs/decisions/0403-svg-input.md). The sanitised text is the only SVG libvips is ever given.
import type { CustomPlugin } from 'svgo';
import { CodecError } from '#codec-core/index';
import { SVG_DOCTYPE_MESSAGE } from './sniff-svg';

export const SVG_INVALID_MESSAGE = 'This file is not a valid SVG image';

/** Elements that run script, embed other documents or HTML, or pull in other resources: removed with their content. */
const FORBIDDEN_ELEMENTS = new Set(['script', 'foreignObject', 'iframe', 'embed', 'object', 'audio', 'video', 'handler', 'listener']);
/** Attributes that hold a URL: only same-document fragments ('#id') may stay. */
const URL_ATTRIBUTES = new Set(['href', 'xlink:href', 'src', 'action', 'formaction', 'data']);
/** `url(...)` that is not a same-document fragment, and CSS `@import`: both fetch other resources. */
const EXTERNAL_CSS_URL = /url\(\s*(?!['"]?\s*#)[^)]*\)/gi;
const CSS_IMPORT = /@import[^;]*;?/gi;

const isFragment = (value: string) => value.trim().startsWith('#');
const withoutExternalCss = (css: string) => css.replace(CSS_IMPORT, '').replace(EXTERNAL_CSS_URL, 'none');

/**
 * The sanitising pass, run by SVGO before its minifying plugins: removes forbidden elements, event handler
 * attributes (on*), URL attributes that leave the document (http:, data:, javascript:, other files) and external
 * CSS references in style elements and style attributes.
 */
const removeActiveContent: CustomPlugin = {
  name: 'removeActiveContent',
  fn: () => ({
    element: {
      enter(node, parent) {
        if (FORBIDDEN_ELEMENTS.has(node.name)) {
          parent.children = parent.children.filter((child) => child !== node);
          return;
        }
        for (const name of Object.keys(node.attributes)) {
          const value = node.attributes[name]!;
          const local = name.toLowerCase();
          if (local.startsWith('on')) delete node.attributes[name];
          else if (URL_ATTRIBUTES.has(local) && !isFragment(value)) delete node.attributes[name];
          else if (local === 'style') node.attributes[name] = withoutExternalCss(value);
        }
        if (node.name === 'style') {
          for (const child of node.children) if (child.type === 'text' || child.type === 'cdata') child.value = withoutExternalCss(child.value);
        }
      },
    },
  }),
};

/**
 * A DOCTYPE with an internal subset, or any entity declaration, is refused outright rather than parsed: entities are
 * how XML bombs (billion laughs) and external entities work, and no drawing needs one. A plain DOCTYPE naming the
 * SVG DTD (Graphviz, Illustrator write one) declares nothing: SVGO's parser never fetches the DTD, and the
 * DOCTYPE is removed, so libvips never sees it (docs/decisions/0405-svg-plain-doctype.md).
 */
function refuseDoctype(text: string): void {
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>]*\[/i.test(text)) throw new CodecError('unsupported-format', SVG_DOCTYPE_MESSAGE);
}

/** svgo is loaded on the first SVG: a codec process that never sees one keeps its memory (it is retired above 1.5× its base). */
let svgo: Promise<typeof import('svgo')> | undefined;

/**
 * The minifying passes: SVGO's defaults minus what changes how an image renders (docs/decisions/0404-svg-output.md).
 * Shapes to paths and path merging change rounding and stroke joins; IDs may be referenced by CSS we keep. SVGO's
 * numbers are rounded to 3 decimals by default, which moved edges by up to 255 levels on real SVGs: path data and
 * numeric attributes keep 8 decimals here (far below a pixel at any size we render) and never change units; path
 * data is only rewritten exactly (relative/absolute, shorthands of equal commands), never within a tolerance
 * (curves made straight, quadratic or smooth, arcs re-rounded, transforms applied, segments dropped); transforms
 * are left as written. Measured by rasterising before and after with librsvg: the tests and the bench's svg section.
 */
const EXACT_PATH_DATA = {
  floatPrecision: 8,
  transformPrecision: 10,
  applyTransforms: false,
  applyTransformsStroked: false,
  straightCurves: false,
  convertToQ: false,
  curveSmoothShorthands: false,
  smartArcRounding: false,
  removeUseless: false,
};
export const RENDER_SAFE_PRESET = {
  name: 'preset-default',
  params: {
    overrides: {
      convertShapeToPath: false,
      mergePaths: false,
      cleanupIds: false,
      convertPathData: EXACT_PATH_DATA,
      cleanupNumericValues: { floatPrecision: 8, convertToPx: false },
      convertTransform: false,
    },
  },
} as const;

/** Only what never renders goes in the merely sanitised text: the XML declaration, a plain DOCTYPE and comments. */
const PROLOG_ONLY = ['removeXMLProcInst', 'removeDoctype', 'removeComments'] as const;

/**
 * The upload sanitised (scripts, handlers, external references removed) and, with `minify`, minified without changing
 * how it renders. Without `minify` the text is only sanitised: what "the upload" is when the minified one is judged.
 */
export async function sanitiseSvg(bytes: Buffer, { minify = true }: { minify?: boolean } = {}): Promise<string> {
  const text = bytes.toString('utf8');
  refuseDoctype(text);
  const { optimize } = await (svgo ??= import('svgo'));
  let data: string;
  try {
    data = optimize(text, {
      multipass: false,
      // SVGO's own script pass too (script elements, on* attributes, javascript: links), as a second net.
      plugins: minify ? [removeActiveContent, 'removeScripts', RENDER_SAFE_PRESET] : [removeActiveContent, 'removeScripts', ...PROLOG_ONLY],
    }).data;
  } catch {
    throw new CodecError('corrupt', SVG_INVALID_MESSAGE);
  }
  if (!/^<svg[\s>]/.test(data)) throw new CodecError('corrupt', SVG_INVALID_MESSAGE);
  return data;
}

/** The SVG result: the minified text, or the merely sanitised one when minifying did not make it smaller (never larger). */
export async function optimisedSvg(bytes: Buffer): Promise<string> {
  const [minified, sanitised] = await Promise.all([sanitiseSvg(bytes), sanitiseSvg(bytes, { minify: false })]);
  return Buffer.byteLength(minified) <= Buffer.byteLength(sanitised) ? minified : sanitised;
}
