// What an SVG result may contain (docs/decisions/0500-svg-allow-list-sanitiser.md): SVG-namespace elements and
// attributes that draw, and nothing that runs script, embeds a document or fetches a resource. Anything not listed
// here is removed. The lists are ours, written from the SVG 1.1 and SVG 2 element and attribute indexes.

export const SVG_NS = 'http://www.w3.org/2000/svg';
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/**
 * SVG elements that are kept. Left out on purpose: script, foreignObject (HTML inside), handler/listener (SVG Tiny
 * events), the SVG 1.1 font elements (`font` also ends an inline `<svg>` in an HTML page), cursor (loads an image),
 * audio/video/iframe/canvas (SVG 2's HTML elements), discard/tbreak (no renderer draws them).
 */
export const SVG_ELEMENTS = new Set([
  'a', 'animate', 'animateColor', 'animateMotion', 'animateTransform', 'circle', 'clipPath', 'defs', 'desc', 'ellipse',
  'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting',
  'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR',
  'feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight',
  'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence', 'filter', 'g', 'hatch', 'hatchpath', 'image', 'line',
  'linearGradient', 'marker', 'mask', 'meshgradient', 'meshpatch', 'meshrow', 'metadata', 'mpath', 'path', 'pattern',
  'polygon', 'polyline', 'radialGradient', 'rect', 'set', 'solidcolor', 'stop', 'style', 'svg', 'switch', 'symbol',
  'text', 'textPath', 'title', 'tspan', 'use', 'view',
]);

/** The animation elements: their `to`/`from`/`by`/`values` are values of the attribute they name. */
export const ANIMATION_ELEMENTS = new Set(['animate', 'animateColor', 'animateMotion', 'animateTransform', 'set']);
export const ANIMATION_VALUE_ATTRIBUTES = new Set(['to', 'from', 'by', 'values']);

/** Elements whose href may be an embedded raster image (a data: URL): it is a picture, it cannot run anything. */
export const IMAGE_ELEMENTS = new Set(['image', 'feImage']);

/**
 * SVG presentation attributes, and the CSS properties allowed in `style` and `<style>`: their values are checked as
 * CSS (only allowed functions; `url()` only to `#fragment`), whether they come as attributes or as CSS.
 */
export const CSS_PROPERTIES = new Set([
  'alignment-baseline', 'all', 'animation', 'animation-delay', 'animation-direction', 'animation-duration',
  'animation-fill-mode', 'animation-iteration-count', 'animation-name', 'animation-play-state',
  'animation-timing-function', 'baseline-shift', 'block-progression', 'clip', 'clip-path', 'clip-rule', 'color',
  'color-interpolation', 'color-interpolation-filters', 'color-profile', 'color-rendering', 'cursor', 'cx', 'cy', 'd',
  'direction', 'display', 'dominant-baseline', 'enable-background', 'fill', 'fill-opacity', 'fill-rule', 'filter',
  'flood-color', 'flood-opacity', 'font', 'font-family', 'font-feature-settings', 'font-kerning', 'font-size',
  'font-size-adjust', 'font-stretch', 'font-style', 'font-synthesis', 'font-variant', 'font-variant-alternates',
  'font-variant-caps', 'font-variant-east-asian', 'font-variant-ligatures', 'font-variant-numeric',
  'font-variant-position', 'font-variation-settings', 'font-weight', 'glyph-orientation-horizontal',
  'glyph-orientation-vertical', 'height', 'image-rendering', 'inline-size', 'isolation', 'kerning', 'letter-spacing',
  'lighting-color', 'line-height', 'marker', 'marker-end', 'marker-mid', 'marker-start', 'mask', 'mask-type',
  'mix-blend-mode', 'opacity', 'overflow', 'paint-order', 'pointer-events', 'r', 'rx', 'ry', 'shape-inside',
  'shape-margin', 'shape-padding', 'shape-rendering', 'shape-subtract',
  'solid-color', 'solid-opacity', 'stop-color', 'stop-opacity', 'stroke', 'stroke-dasharray', 'stroke-dashoffset',
  'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-opacity', 'stroke-width', 'text-align',
  'text-anchor', 'text-decoration', 'text-decoration-color', 'text-decoration-line', 'text-decoration-style',
  'text-indent', 'text-orientation', 'text-rendering', 'text-transform', 'transform', 'transform-box',
  'transform-origin', 'transition', 'transition-delay', 'transition-duration', 'transition-property',
  'transition-timing-function', 'unicode-bidi', 'vector-effect', 'visibility', 'white-space', 'width', 'word-spacing',
  'writing-mode', 'x', 'y',
]);

/**
 * SVG attributes (no namespace) that are kept, besides CSS_PROPERTIES, `data-*` and `aria-*`. No `on*` handler is
 * here; href is judged on its own (isAllowedHref).
 */
export const SVG_ATTRIBUTES = new Set([
  'accent-height', 'accumulate', 'additive', 'amplitude', 'arabic-form', 'ascent', 'attributeName', 'attributeType',
  'azimuth', 'baseFrequency', 'baseProfile', 'begin', 'bias', 'by', 'calcMode', 'class', 'clipPathUnits',
  'contentScriptType', 'contentStyleType', 'diffuseConstant', 'divisor', 'dur', 'dx', 'dy', 'edgeMode', 'elevation',
  'end', 'exponent', 'fill', 'filterRes', 'filterUnits', 'focusable', 'fr', 'from', 'fx', 'fy', 'g1', 'g2',
  'glyphRef', 'gradientTransform', 'gradientUnits', 'href', 'hreflang', 'id', 'in', 'in2', 'intercept', 'k', 'k1',
  'k2', 'k3', 'k4', 'kernelMatrix', 'kernelUnitLength', 'keyPoints', 'keySplines', 'keyTimes', 'lang',
  'lengthAdjust', 'limitingConeAngle', 'markerHeight', 'markerUnits', 'markerWidth', 'maskContentUnits',
  'maskUnits', 'max', 'media', 'method', 'min', 'mode', 'name', 'numOctaves', 'offset', 'operator', 'order',
  'orient', 'origin', 'path', 'pathLength', 'patternContentUnits', 'patternTransform', 'patternUnits', 'points',
  'pointsAtX', 'pointsAtY', 'pointsAtZ', 'preserveAlpha', 'preserveAspectRatio', 'primitiveUnits', 'radius',
  'refX', 'refY', 'rel', 'repeatCount', 'repeatDur', 'requiredExtensions', 'requiredFeatures', 'restart', 'role',
  'rotate', 'scale', 'seed', 'side', 'slope', 'spacing', 'specularConstant', 'specularExponent', 'spreadMethod',
  'startOffset', 'stdDeviation', 'stitchTiles', 'style', 'surfaceScale', 'systemLanguage', 'tabindex',
  'tableValues', 'target', 'targetX', 'targetY', 'textLength', 'title', 'to', 'type', 'values', 'version',
  'viewBox', 'x1', 'x2', 'xChannelSelector', 'y1', 'y2', 'yChannelSelector', 'z', 'zoomAndPan',
]);

/** Attributes in the XLink and XML namespaces that are kept (`xml:base` is not: it re-bases every link). */
export const XLINK_ATTRIBUTES = new Set(['href', 'title']);
export const XML_ATTRIBUTES = new Set(['space', 'lang']);

/**
 * Editors' private namespaces (Inkscape, Sodipodi, Illustrator, Sketch, Figma, RDF metadata, ...): their elements
 * and attributes never render, and every export carries them, so removing them is minifying, not something the
 * note has to name (SVGO's defaults remove them too). The same for Inkscape's `-inkscape-*` CSS properties.
 */
export const EDITOR_NAMESPACES = new Set([
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
  'http://inkscape.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.inkscape.org/namespaces/inkscape',
  'http://krita.org/namespaces/svg/krita',
  'http://ns.adobe.com/AdobeIllustrator/10.0/',
  'http://ns.adobe.com/AdobeSVGViewerExtensions/3.0/',
  'http://ns.adobe.com/Extensibility/1.0/',
  'http://ns.adobe.com/Flows/1.0/',
  'http://ns.adobe.com/GenericCustomNamespace/1.0/',
  'http://ns.adobe.com/Graphs/1.0/',
  'http://ns.adobe.com/ImageReplacement/1.0/',
  'http://ns.adobe.com/SaveForWeb/1.0/',
  'http://ns.adobe.com/Variables/1.0/',
  'http://ns.adobe.com/XPath/1.0/',
  'http://purl.org/dc/elements/1.1/',
  'http://schemas.microsoft.com/visio/2003/SVGExtensions/',
  'http://taptrix.com/vectorillustrator/svg_extensions',
  'http://www.bohemiancoding.com/sketch/ns',
  'http://www.figma.com/figma/ns',
  'http://www.serif.com/',
  'http://www.vector.evaxdesign.sk',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'https://boxy-svg.com',
]);

/** CSS functions allowed in values: colours, maths, transforms, timing. No url() but to `#fragment` (judged apart). */
export const CSS_FUNCTIONS = new Set([
  'rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color', 'color-mix', 'calc', 'min', 'max',
  'clamp', 'abs', 'sign', 'round', 'mod', 'rem', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'pow', 'sqrt',
  'hypot', 'log', 'exp', 'matrix', 'matrix3d', 'translate', 'translatex', 'translatey', 'translatez', 'translate3d',
  'scale', 'scalex', 'scaley', 'scalez', 'scale3d', 'rotate', 'rotatex', 'rotatey', 'rotatez', 'rotate3d', 'skew',
  'skewx', 'skewy', 'perspective', 'cubic-bezier', 'steps', 'linear', 'path', 'blur', 'brightness', 'contrast',
  'drop-shadow', 'grayscale', 'hue-rotate', 'invert', 'opacity', 'saturate', 'sepia', 'inset', 'circle', 'ellipse',
  'polygon', 'rect', 'xywh', 'local',
]);

/** At-rules kept in `<style>` (their blocks sanitised in turn); every other at-rule (@import, @font-face, ...) goes. */
export const CSS_AT_RULES = new Set(['media', 'supports', 'keyframes', '-webkit-keyframes']);

/**
 * An embedded raster image: a picture, which cannot run script or fetch anything (issue 1/7: Inkscape and
 * Illustrator embed logos this way). Base64 text may be wrapped over lines (Inkscape does).
 */
const RASTER_DATA_URL = /^data:image\/(?:png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=\s]*$/i;

/** An href that stays: a same-document `#fragment`, or on an image element an embedded raster image. */
export function isAllowedHref(value: string, element: string): boolean {
  const trimmed = value.trim();
  if (trimmed.startsWith('#')) return true;
  return IMAGE_ELEMENTS.has(element) && RASTER_DATA_URL.test(trimmed);
}
