// The SVG sanitiser: an allow-list over a namespace-aware XML parse (saxes), so an element or attribute is judged by
// its namespace URI and local name, never by how its prefix is spelt (docs/decisions/0500-svg-allow-list-sanitiser.md).
// What stays: SVG-namespace elements and attributes on the lists in svg-allow-list.ts, hrefs to a `#fragment` (or an
// embedded raster image on <image>/<feImage>), CSS that sanitise-css.ts keeps, and text. Everything else is removed
// and named (svg-removals.ts). The text is written out anew by us, so nothing the parser skipped can come back.
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';
import { sanitisePresentationValue, sanitiseStyleAttribute, sanitiseStylesheet } from './sanitise-css';
import {
  ANIMATION_ELEMENTS,
  ANIMATION_VALUE_ATTRIBUTES,
  CSS_PROPERTIES,
  EDITOR_NAMESPACES,
  isAllowedHref,
  SVG_ATTRIBUTES,
  SVG_ELEMENTS,
  SVG_NS,
  XLINK_ATTRIBUTES,
  XLINK_NS,
  XML_ATTRIBUTES,
  XML_NS,
  XMLNS_NS,
} from './svg-allow-list';
import { SvgRemovals } from './svg-removals';

/** The root was not an SVG element, or the XML was not well-formed. */
export class NotSvgError extends Error {}

interface Element {
  name: string;
  attributes: [string, string][];
  children: (Element | string)[];
}

/** Elements whose content is text only (a child element there is not drawn; in an HTML page it would be HTML). */
const TEXT_ONLY = new Set(['style', 'title', 'desc']);
const DATA_OR_ARIA = /^(?:data|aria)-[\w.-]+$/;
const EVENT_HANDLER = /^on/i;
/**
 * A prefix used without a declaration: xlink means what everyone means by it; any other is foreign. No default
 * namespace at all is no namespace (see cleanSvg).
 */
const unboundPrefix = (prefix: string) => (prefix === '' ? '' : prefix === 'xlink' ? XLINK_NS : `urn:undeclared-prefix:${prefix}`);

/** The attribute's name in the output, and its value, or null when it goes. */
function keptAttribute(element: string, attr: SaxesAttributeNS, removals: SvgRemovals): [string, string] | null {
  const { uri, local, name, value } = attr;
  if (uri === XMLNS_NS || name === 'xmlns') return null; // written anew on the root
  if (EDITOR_NAMESPACES.has(uri)) return null;
  if (uri === XLINK_NS) {
    if (local === 'href') {
      if (isAllowedHref(value, element)) return ['xlink:href', value];
      removals.attribute(name);
      return null;
    }
    if (XLINK_ATTRIBUTES.has(local)) return [`xlink:${local}`, value];
  } else if (uri === XML_NS) {
    if (XML_ATTRIBUTES.has(local)) return [`xml:${local}`, value];
  } else if (uri === '') {
    if (EVENT_HANDLER.test(local)) {
      removals.attribute(local);
      return null;
    }
    if (local === 'href') {
      if (isAllowedHref(value, element)) return ['href', value];
      removals.attribute(local);
      return null;
    }
    if (local === 'style') {
      const css = sanitiseStyleAttribute(value, removals);
      return css ? ['style', css] : null;
    }
    if (CSS_PROPERTIES.has(local)) {
      const kept = sanitisePresentationValue(value, removals);
      return kept === null ? null : [local, kept];
    }
    if (SVG_ATTRIBUTES.has(local) || DATA_OR_ARIA.test(local)) return [local, value];
  }
  removals.attribute(name);
  return null;
}

/**
 * An animation element may stay only if what it animates may be written: never an href (under any prefix), an
 * event handler or `style`; and its to/from/by/values must pass as values of that attribute (a `fill` animated to
 * `url(http:…)` fetches like a `fill` written so).
 */
function animationAllowed(tag: SaxesTagNS, removals: SvgRemovals): boolean {
  const attributes = Object.values(tag.attributes);
  const target = attributes.find((a) => a.uri === '' && a.local === 'attributeName')?.value.trim();
  if (target === undefined) return true;
  const local = target.slice(target.lastIndexOf(':') + 1);
  if (local.toLowerCase() === 'href' || EVENT_HANDLER.test(local) || local === 'style') return false;
  if (!SVG_ATTRIBUTES.has(local) && !CSS_PROPERTIES.has(local)) return false;
  if (!CSS_PROPERTIES.has(local)) return true;
  return attributes
    .filter((a) => a.uri === '' && ANIMATION_VALUE_ATTRIBUTES.has(a.local))
    .every((a) => a.value.split(';').every((v) => sanitisePresentationValue(v, removals) !== null));
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');

function serialise(element: Element, out: string[]): void {
  out.push(`<${element.name}`);
  for (const [name, value] of element.attributes) out.push(` ${name}="${escapeAttribute(value)}"`);
  if (!element.children.length) {
    out.push('/>');
    return;
  }
  out.push('>');
  for (const child of element.children) {
    if (typeof child === 'string') out.push(escapeText(child));
    else serialise(child, out);
  }
  out.push(`</${element.name}>`);
}

/**
 * The SVG text with only what the allow-list keeps, and what was removed, by name. Throws NotSvgError when the text
 * is not well-formed XML or its root is not an SVG `<svg>` (a root with no namespace at all is taken as SVG, as
 * an HTML page takes an inline `<svg>`; the result declares it).
 */
export function cleanSvg(text: string): { svg: string; removed: string[] } {
  const removals = new SvgRemovals();
  const parser = new SaxesParser({ xmlns: true, position: false, resolvePrefix: unboundPrefix });
  const stack: Element[] = [];
  let root: Element | undefined;
  let rootUndeclared = false;
  let skipping = 0;
  let usesXlink = false;

  parser.on('opentag', (tag) => {
    if (skipping) {
      skipping += 1;
      return;
    }
    if (!root && !stack.length) {
      rootUndeclared = tag.uri === '' && tag.local === 'svg';
      if ((tag.uri !== SVG_NS && !rootUndeclared) || tag.local !== 'svg') throw new NotSvgError('root is not <svg>');
    }
    const uri = tag.uri === '' && rootUndeclared ? SVG_NS : tag.uri;
    const parent = stack[stack.length - 1];
    const allowed =
      uri === SVG_NS && SVG_ELEMENTS.has(tag.local) && !(parent && TEXT_ONLY.has(parent.name)) && (!ANIMATION_ELEMENTS.has(tag.local) || animationAllowed(tag, removals));
    if (!allowed) {
      if (!EDITOR_NAMESPACES.has(uri)) removals.element(tag.name);
      skipping = tag.isSelfClosing ? 0 : 1;
      return;
    }
    const attributes: [string, string][] = [];
    for (const attr of Object.values(tag.attributes)) {
      const kept = keptAttribute(tag.local, attr, removals);
      if (!kept) continue;
      if (kept[0].startsWith('xlink:')) usesXlink = true;
      attributes.push(kept);
    }
    const element: Element = { name: tag.local, attributes, children: [] };
    if (parent) parent.children.push(element);
    else root = element;
    if (!tag.isSelfClosing) stack.push(element);
  });
  parser.on('closetag', (tag) => {
    if (skipping) {
      skipping -= 1;
      return;
    }
    if (tag.isSelfClosing) return;
    const element = stack.pop()!;
    if (element.name === 'style') {
      const css = sanitiseStylesheet(element.children.join(''), removals);
      element.children = css ? [css] : [];
    }
  });
  const onText = (text: string) => {
    if (!skipping && stack.length) stack[stack.length - 1]!.children.push(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('processinginstruction', (pi) => {
    if (stack.length && !skipping) removals.element(`?${pi.target}`);
  });
  parser.on('error', (err) => {
    throw err;
  });
  try {
    parser.write(text).close();
  } catch (err) {
    if (err instanceof NotSvgError) throw err;
    throw new NotSvgError(err instanceof Error ? err.message : String(err));
  }
  if (!root) throw new NotSvgError('no <svg> element');
  root.attributes.unshift(['xmlns', SVG_NS], ...(usesXlink ? ([['xmlns:xlink', XLINK_NS]] as [string, string][]) : []));
  const out: string[] = [];
  serialise(root, out);
  return { svg: out.join(''), removed: removals.items() };
}
