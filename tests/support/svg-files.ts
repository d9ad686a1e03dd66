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
