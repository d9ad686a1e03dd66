// The SVG sanitiser and sniffer on their own: every hostile construct removed, a DOCTYPE declaring entities refused
// (a plain one naming the SVG DTD taken and removed), and a plain
// drawing rendered the same before and after (SVGO's passes never change how it looks).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CodecError } from '#codec-core/index';
import { sanitiseSvg } from '#server/codec/svg/sanitise-svg';
import { sniffSvg, SVG_DOCTYPE_MESSAGE, svgOverLimit } from '#server/codec/svg/sniff-svg';
import { sniffInputFormat } from '#server/codec/input/sniff';
import { ENTITY_BOMB_SVG, HOSTILE_SVGS, HUGE_CANVAS_SVG, PLAIN_SVG } from '../support/svg-files';

const rasterise = (svg: string) => sharp(Buffer.from(svg)).raw().toBuffer();

describe('sanitiseSvg', () => {
  it.each(HOSTILE_SVGS)('removes every trace of: $name', async ({ svg, mustNotContain }) => {
    const out = await sanitiseSvg(Buffer.from(svg));
    expect(out).toMatch(/^<svg[\s>]/);
    for (const text of mustNotContain) expect(out).not.toContain(text);
    // The drawing itself stays.
    expect(out).toContain('#00f');
  });

  it('refuses a DOCTYPE (entity bomb) before parsing anything', async () => {
    await expect(sanitiseSvg(Buffer.from(ENTITY_BOMB_SVG))).rejects.toThrow(new CodecError('unsupported-format', SVG_DOCTYPE_MESSAGE));
  });

  it('takes a plain DOCTYPE naming the SVG DTD (Graphviz, Illustrator) and removes it; refuses one with an internal subset', async () => {
    const dtd = '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">';
    const plain = PLAIN_SVG.replace('<!-- a comment', `${dtd}\n<!-- a comment`);
    expect(sniffSvg(Buffer.from(plain))).toEqual({ doctype: false, size: { width: 120, height: 80 } });
    for (const minify of [true, false]) expect(await sanitiseSvg(Buffer.from(plain), { minify })).toMatch(/^<svg[\s>]/);
    const subset = plain.replace('svg11.dtd">', 'svg11.dtd" [ <!ATTLIST svg x CDATA "1"> ]>');
    expect(sniffSvg(Buffer.from(subset))?.doctype).toBe(true);
    await expect(sanitiseSvg(Buffer.from(subset))).rejects.toThrow(new CodecError('unsupported-format', SVG_DOCTYPE_MESSAGE));
  });

  it('refuses XML whose root is not <svg>', async () => {
    await expect(sanitiseSvg(Buffer.from('<html><body>hi</body></html>'))).rejects.toThrow(CodecError);
  });

  it('makes a plain drawing smaller without changing a pixel of its rendering', async () => {
    const out = await sanitiseSvg(Buffer.from(PLAIN_SVG));
    expect(out.length).toBeLessThan(PLAIN_SVG.length);
    expect((await rasterise(out)).equals(await rasterise(PLAIN_SVG))).toBe(true);
  });

  it('keeps same-document references', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="4" height="4"><defs><rect id="r" width="4" height="4" fill="#0f0"/></defs><use xlink:href="#r"/></svg>';
    expect(await sanitiseSvg(Buffer.from(svg))).toContain('href="#r"');
  });
});

describe('sniffSvg', () => {
  it('recognises an SVG after a prolog, and notices a DOCTYPE', () => {
    expect(sniffInputFormat(Buffer.from(PLAIN_SVG))).toBe('svg');
    expect(sniffSvg(Buffer.from(PLAIN_SVG))).toEqual({ doctype: false, size: { width: 120, height: 80 } });
    expect(sniffSvg(Buffer.from(ENTITY_BOMB_SVG))).toEqual({ doctype: true, size: { width: 10, height: 10 } });
  });

  it('reads the declared size in CSS pixels, as the codec renders it, and refuses one over the limit', async () => {
    expect(svgOverLimit(sniffSvg(Buffer.from(HUGE_CANVAS_SVG)), 100_000_000)).toBe('The image is 100000×100000 pixels (10000 megapixels); the limit is 100 megapixels');
    expect(svgOverLimit(sniffSvg(Buffer.from(PLAIN_SVG)), 100_000_000)).toBeNull();
    const sized = (attributes: string) => sniffSvg(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" ${attributes}/>`))?.size;
    // 96 to the inch, rounded up (377.95 × 188.98): a browser's size, not libvips's 72 dpi (283 × 142).
    expect(sized('width="10cm" height="5cm"')).toEqual({ width: 378, height: 189 });
    expect(sized("width='72pt' height='1in'")).toEqual({ width: 96, height: 96 });
    // A missing or percentage side from the viewBox's shape; the viewBox alone is the size.
    expect(sized('width="30" viewBox="0 0 60 20"')).toEqual({ width: 30, height: 10 });
    expect(sized('width="100%" height="100%" viewBox="0,0,64.5,32"')).toEqual({ width: 65, height: 32 });
    expect(sized('width="100%"')).toBeUndefined();
    // In inches it is still a gigapixel canvas, refused at upload.
    expect(svgOverLimit(sniffSvg(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200in" height="100in"/>')), 100_000_000)).toBe(
      'The image is 19200×9600 pixels (184.3 megapixels); the limit is 100 megapixels',
    );
  });

  it('does not take other XML or text for an SVG', async () => {
    expect(sniffSvg(Buffer.from('<?xml version="1.0"?><html/>'))).toBeNull();
    expect(sniffSvg(Buffer.from('plain text <svg>'))).toBeNull();
  });
});
