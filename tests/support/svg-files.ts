// Small SVGs written for the tests: a plain two-colour drawing and hostile ones, each carrying one way an SVG can
// run script or reach outside itself.
const open = (attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="80"${attrs}>`;
const body = '<rect width="60" height="80" fill="#ff0000"/><rect x="60" width="60" height="80" fill="#0000ff"/>';

/** A 120×80 drawing: red left half, blue right half. */
export const PLAIN_SVG = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- a comment in the prolog -->\n${open()}\n  <title>two halves</title>\n  ${body}\n</svg>\n`;

/** Each hostile SVG with the text that must not survive sanitising. */
export const HOSTILE_SVGS: { name: string; svg: string; mustNotContain: string[] }[] = [
  { name: 'script', svg: `${open()}<script>fetch('/api/jobs')</script>${body}</svg>`, mustNotContain: ['<script', 'fetch('] },
  { name: 'onload', svg: `${open(' onload="alert(document.cookie)"')}${body}</svg>`, mustNotContain: ['onload', 'alert'] },
  { name: 'event handler on a shape', svg: `${open()}<rect width="9" height="9" onclick="alert(1)" onmouseover="alert(2)"/>${body}</svg>`, mustNotContain: ['onclick', 'onmouseover', 'alert'] },
  { name: 'external image href', svg: `${open()}<image href="http://attacker.example/track.png" width="10" height="10"/>${body}</svg>`, mustNotContain: ['attacker.example'] },
  { name: 'xlink to http', svg: `${open()}<a xlink:href="http://attacker.example/"><use xlink:href="http://attacker.example/s.svg#x"/></a>${body}</svg>`, mustNotContain: ['attacker.example'] },
  { name: 'javascript: link', svg: `${open()}<a href="javascript:alert(1)">${body}</a></svg>`, mustNotContain: ['javascript:', 'alert'] },
  { name: 'foreignObject', svg: `${open()}<foreignObject width="50" height="50"><iframe xmlns="http://www.w3.org/1999/xhtml" src="http://attacker.example/"/></foreignObject>${body}</svg>`, mustNotContain: ['foreignObject', 'iframe', 'attacker.example'] },
  { name: 'external CSS', svg: `${open()}<style>@import url(http://attacker.example/a.css); rect { fill: url(http://attacker.example/p.svg#p) }</style><rect width="5" height="5" style="fill:url('http://attacker.example/q')"/>${body}</svg>`, mustNotContain: ['@import', 'attacker.example'] },
];

/** The billion-laughs entity bomb: a few hundred bytes that expand to gigabytes in a parser that expands entities. */
export const ENTITY_BOMB_SVG = `<?xml version="1.0"?>
<!DOCTYPE svg [
  <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
  <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
  <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
  <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
  <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">
]>
<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&e;&e;&e;&e;&e;&e;&e;&e;</text></svg>`;

/** A few hundred bytes declaring a 100000 × 100000 canvas (10 gigapixels). */
export const HUGE_CANVAS_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000">${body}</svg>`;

/**
 * An SVG as Inkscape saves one with an embedded bitmap (File > Import, "embed"): its editor namespaces and metadata,
 * and the PNG as an `<image xlink:href="data:image/png;base64,...">` whose base64 is wrapped over lines, over and
 * beside vector shapes. Nothing in it is active: the sanitiser must keep the picture and say nothing.
 */
export function inkscapeSvgWithPng(png: Buffer): string {
  const base64 = png.toString('base64').replace(/(.{76})/g, '$1\n');
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->

<svg
   width="160"
   height="100"
   viewBox="0 0 160 100"
   version="1.1"
   id="svg5"
   inkscape:version="1.2.2 (b0a8486541, 2022-12-01)"
   sodipodi:docname="logo.svg"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:xlink="http://www.w3.org/1999/xlink"
   xmlns="http://www.w3.org/2000/svg"
   xmlns:svg="http://www.w3.org/2000/svg"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
   xmlns:cc="http://creativecommons.org/ns#"
   xmlns:dc="http://purl.org/dc/elements/1.1/">
  <sodipodi:namedview
     id="namedview7"
     pagecolor="#ffffff"
     bordercolor="#666666"
     inkscape:document-units="px"
     inkscape:zoom="4" />
  <metadata id="metadata1"><rdf:RDF><cc:Work rdf:about=""><dc:title>Logo</dc:title></cc:Work></rdf:RDF></metadata>
  <defs id="defs2" />
  <g
     inkscape:label="Layer 1"
     inkscape:groupmode="layer"
     id="layer1">
    <rect
       style="fill:#1a5fb4;fill-opacity:1;stroke:#000000;stroke-width:2;-inkscape-font-specification:'Sans Bold'"
       id="rect1"
       width="150"
       height="90"
       x="5"
       y="5" />
    <image
       width="80"
       height="60"
       preserveAspectRatio="none"
       xlink:href="data:image/png;base64,${base64}"
       id="image1"
       x="40"
       y="20" />
  </g>
</svg>
`;
}
