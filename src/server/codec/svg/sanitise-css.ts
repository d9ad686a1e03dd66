// CSS in an SVG (`<style>`, `style=` and presentation attributes) read by a real CSS parser (css-tree, the one SVGO
// uses), names decoded from their escapes before they are judged (`@\69mport` is @import), and kept only when it
// is on the allow-list: allowed properties, allowed functions, `url()` only to a `#fragment`, at-rules only
// @media/@supports/@keyframes (docs/decisions/0500-svg-allow-list-sanitiser.md). What it cannot read goes.
import * as csstree from 'css-tree';
import { CSS_AT_RULES, CSS_FUNCTIONS, CSS_PROPERTIES } from './svg-allow-list';
import type { SvgRemovals } from './svg-removals';

/** css-tree's plain-object tree (children as arrays), as loosely as this module reads it. */
interface Plain {
  type: string;
  name?: string;
  property?: string;
  value?: Plain | string;
  children?: Plain[];
  block?: Plain | null;
  prelude?: Plain | null;
}

const decoded = (name: string) => csstree.ident.decode(name).toLowerCase();

/** Editors' own CSS properties (Inkscape's `-inkscape-font-specification`): never rendered, removed without a word. */
const EDITOR_PROPERTY = /^-inkscape-/;

function parsed(text: string, context: string): Plain | null {
  try {
    return csstree.toPlainObject(csstree.parse(text, { context, parseValue: true, parseCustomProperty: false, positions: false })) as unknown as Plain;
  } catch {
    return null;
  }
}

/**
 * Checks every node of a value (or an at-rule's prelude), in place: identifiers re-spelt without escapes, and the
 * first thing not allowed named in `removals`. True when the whole value may stay.
 */
function valueAllowed(node: Plain, removals: SvgRemovals): boolean {
  switch (node.type) {
    case 'Raw':
      removals.css('value it could not read');
      return false;
    case 'Url':
      if (String(node.value).trim().startsWith('#')) return true;
      removals.css('url() to another file');
      return false;
    case 'Function': {
      const name = decoded(node.name ?? '');
      if (!CSS_FUNCTIONS.has(name)) {
        removals.css(`${name.slice(0, 30)}()`);
        return false;
      }
      node.name = name;
      break;
    }
    case 'Identifier': {
      node.name = csstree.ident.encode(csstree.ident.decode(node.name ?? ''));
      break;
    }
    default:
      break;
  }
  for (const child of node.children ?? []) if (!valueAllowed(child, removals)) return false;
  return true;
}

/** A declaration kept (its property re-spelt decoded), or false when it goes. */
function declarationAllowed(node: Plain, removals: SvgRemovals): boolean {
  if (node.type !== 'Declaration') {
    removals.css('rule it could not read');
    return false;
  }
  const property = decoded(node.property ?? '');
  if (EDITOR_PROPERTY.test(property)) return false;
  if (!CSS_PROPERTIES.has(property)) {
    removals.css(property.startsWith('--') ? 'custom property' : `property ${property.slice(0, 40)}`);
    return false;
  }
  node.property = property;
  return typeof node.value === 'object' && valueAllowed(node.value, removals);
}

function declarationsAllowed(list: Plain, removals: SvgRemovals): void {
  list.children = (list.children ?? []).filter((d) => declarationAllowed(d, removals));
}

/** A rule or at-rule of a stylesheet kept (its declarations filtered), or false when it goes. */
function ruleAllowed(node: Plain, removals: SvgRemovals): boolean {
  if (node.type === 'Rule') {
    if (!node.prelude || node.prelude.type === 'Raw' || !node.block) {
      removals.css('rule it could not read');
      return false;
    }
    declarationsAllowed(node.block, removals);
    return true;
  }
  if (node.type === 'Atrule') {
    const name = decoded(node.name ?? '');
    if (!CSS_AT_RULES.has(name)) {
      removals.css(`@${name.slice(0, 30)}`);
      return false;
    }
    node.name = name;
    if (node.prelude && !valueAllowed(node.prelude, removals)) return false;
    if (!node.block) return false;
    if (name === 'media' || name === 'supports') rulesAllowed(node.block, removals);
    else node.block.children = (node.block.children ?? []).filter((keyframe) => ruleAllowed(keyframe, removals));
    return true;
  }
  removals.css('rule it could not read');
  return false;
}

function rulesAllowed(list: Plain, removals: SvgRemovals): void {
  list.children = (list.children ?? []).filter((rule) => ruleAllowed(rule, removals));
}

const generated = (node: Plain) => csstree.generate(csstree.fromPlainObject(node as unknown as csstree.CssNodePlain));

/** The text of a `<style>` element, sanitised; empty when nothing could stay. */
export function sanitiseStylesheet(css: string, removals: SvgRemovals): string {
  const sheet = parsed(css, 'stylesheet');
  if (!sheet) {
    if (css.trim()) removals.css('stylesheet it could not read');
    return '';
  }
  rulesAllowed(sheet, removals);
  return generated(sheet);
}

/** A `style` attribute, sanitised; empty when nothing could stay. */
export function sanitiseStyleAttribute(css: string, removals: SvgRemovals): string {
  const list = parsed(css, 'declarationList');
  if (!list) {
    if (css.trim()) removals.css('style it could not read');
    return '';
  }
  declarationsAllowed(list, removals);
  return generated(list);
}

/**
 * A presentation attribute's value (or an animation's value for one), or null when it must go. A value with no
 * function, URL or escape cannot reach anything and is kept as written without parsing (the common case: `fill="#fff"`).
 */
export function sanitisePresentationValue(value: string, removals: SvgRemovals): string | null {
  if (!/[(\\]/.test(value)) return value;
  const node = parsed(value, 'value');
  if (!node) {
    removals.css('value it could not read');
    return null;
  }
  if (!valueAllowed(node, removals)) return null;
  // Kept as written unless escapes were spelt out: the text judged is then the text served.
  return value.includes('\\') ? generated(node) : value;
}
