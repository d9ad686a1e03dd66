// The SVG XSS vectors of tests/fixtures/svg-xss (DOMPurify's and the HTML5 Security Cheatsheet's, licences in its
// README) and the 2026-11-28 review's payloads, each turned into the SVG documents an attacker could upload: the
// vector as written (when it is an SVG document), wrapped in an <svg> root, and as an HTML page's parser reads the
// wrapped text (jsdom), written back out as XML, so markup that is not well-formed XML still reaches the sanitiser.
import fs from 'node:fs';
import path from 'node:path';
import { JSDOM, VirtualConsole } from 'jsdom';
import { REPO_ROOT } from './paths';

const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">';
const XHTML = 'http://www.w3.org/1999/xhtml';

/** The review's payloads (T5-1), as its attack script uploads them; `HIT` is replaced by the test's loopback URL. */
export const REVIEW_PAYLOADS: Record<string, string> = {
  srcdocIframe: `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><h:iframe xmlns:h="${XHTML}" srcdoc="&lt;script&gt;parent.alert('srcdoc:'+parent.document.domain)&lt;/script&gt;"/><rect width="100" height="100" fill="red"/></svg>`,
  setHref: `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><a><set attributeName="href" to="javascript:alert('set:'+document.domain)"/><rect width="100" height="100"/></a></svg>`,
  animateHref: `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100"><a xlink:href="#x"><animate attributeName="xlink:href" values="javascript:alert('animate:'+document.domain)" begin="0s" fill="freeze"/><rect width="100" height="100"/></a></svg>`,
  cssEscapedImport: `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><style>@\\69mport "HIT/hit-import"; rect{fill:red}</style><rect width="100" height="100"/></svg>`,
  aliasedXlink: `<svg xmlns="http://www.w3.org/2000/svg" xmlns:q="http://www.w3.org/1999/xlink" width="100" height="100"><filter id="f"><feImage q:href="HIT/hit-feimage"/></filter><rect width="100" height="100" filter="url(#f)"/></svg>`,
  imageSet: `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" style="fill:red;background-image:image-set('HIT/hit-imageset' 1x)"/></svg>`,
  plainScript: `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert('script:'+document.domain)</script><rect width="100" height="100"/></svg>`,
  prefixedScript: `<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="${XHTML}" width="100" height="100"><h:script>alert('hscript:'+document.domain)</h:script><rect width="100" height="100"/></svg>`,
  onload: `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" onload="alert('onload:'+document.domain)"><rect width="100" height="100"/></svg>`,
  foreignObject: `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><foreignObject width="100" height="100"><img xmlns="${XHTML}" src="x" onerror="alert('fo:'+document.domain)"/></foreignObject><rect width="100" height="100"/></svg>`,
  // Variations of the same shapes: an animated presentation attribute fetching, escaped url(), a cursor image.
  setFillUrl: `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"><set attributeName="fill" to="url(HIT/hit-set-fill#p)"/></rect></svg>`,
  escapedUrl: `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><style>rect{fill:\\75rl(HIT/hit-escaped-url#p)}</style><rect width="100" height="100" style="stroke:u\\72l('HIT/hit-escaped-url-2#p')"/></svg>`,
  cursorUrl: `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" cursor="url(HIT/hit-cursor), auto"/></svg>`,
  fontFace: `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><style>@font-face{font-family:x;src:url(HIT/hit-font)} text{font-family:x}</style><text y="50">hi</text></svg>`,
  undeclaredDefault: `<svg width="100" height="100"><script>alert('nons:'+document.domain)</script><rect width="100" height="100" onclick="alert(1)"/></svg>`,
};

export interface SvgDocument {
  name: string;
  svg: string;
}

function htmlParsed(text: string): string | null {
  // A silent console: jsdom's complaints about the vectors' CSS are expected noise.
  const { window } = new JSDOM(`<!doctype html><body>${text}`, { virtualConsole: new VirtualConsole() });
  const svg = window.document.body.querySelector('svg');
  return svg ? new window.XMLSerializer().serializeToString(svg) : null;
}

/** Every document made from the published vectors, named by source, vector and form. */
export function svgXssDocuments(): SvgDocument[] {
  const vectors = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'tests/fixtures/svg-xss/vectors.json'), 'utf8')) as { source: string; id: string; payload: string }[];
  const documents: SvgDocument[] = [];
  for (const [i, { source, id, payload }] of vectors.entries()) {
    const name = `${source} ${i} ${id.slice(0, 60)}`;
    if (/^\s*(?:<\?xml[^>]*>\s*)?<svg[\s>/]/i.test(payload)) documents.push({ name: `${name} (as written)`, svg: payload });
    const wrapped = `${SVG_OPEN}${payload}</svg>`;
    documents.push({ name: `${name} (wrapped)`, svg: wrapped });
    const parsed = htmlParsed(payload.includes('<svg') ? payload : wrapped);
    if (parsed) documents.push({ name: `${name} (as HTML parses it)`, svg: parsed });
  }
  return documents;
}
