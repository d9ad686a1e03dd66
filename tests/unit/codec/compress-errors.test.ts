// Hostile and broken inputs: every one ends in a CodecError with a readable message, or (for the
// few files whose damage is harmless) in a valid image; nothing else ever escapes.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CodecError, compress, type CodecErrorKind } from '../../../src/server/codec';
import { corpusFiles, readCorpus } from './corpus';

const options = { quality: 80, type: 'web' } as const;

/** Damage that every browser shows through (wrong CRCs only); decoding them is fine. */
const DECODABLE = new Set(['bad/pngsuite-xcsn0g01.png', 'bad/pngsuite-xhdn0g08.png']);

const EXPECTED_KIND: Record<string, CodecErrorKind> = {
  'bad/gen-empty.jpg': 'unsupported-format',
  'bad/gen-text-renamed.jpg': 'unsupported-format',
  'bad/gen-html-with-png-header.png': 'corrupt',
  'bad/gen-truncated-50pct.jpg': 'corrupt',
  'bad/gen-truncated-50pct-progressive.jpg': 'corrupt',
  'bad/sharp-truncated.jpg': 'corrupt',
  'bad/sharp-truncated.png': 'corrupt',
  'bad/lepton-singlerowtrunc.jpg': 'corrupt',
  'bad/sharp-bomb-65536x65536.png': 'too-many-pixels',
  'bad/sharp-bomb-giant-image-20000x14000.jpg': 'too-many-pixels',
  'bad/pngsuite-xs1n0g01.png': 'unsupported-format',
};

async function outcome(input: Buffer): Promise<CodecError | 'ok'> {
  try {
    const result = await compress(input, options);
    const { info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([result.output.width, result.output.height]);
    expect(result.data.length).toBeLessThanOrEqual(input.length);
    return 'ok';
  } catch (error) {
    expect(error).toBeInstanceOf(CodecError);
    return error as CodecError;
  }
}

describe('compress on damaged and hostile files', () => {
  it.each(corpusFiles('bad'))('%s', async (file) => {
    const result = await outcome(readCorpus(file));
    if (DECODABLE.has(file)) {
      expect(result).toBe('ok');
      return;
    }
    expect(result).toBeInstanceOf(CodecError);
    const error = result as CodecError;
    expect(error.message).toMatch(/^[A-Z].{20,}$/);
    expect(error.message).not.toMatch(/vips|libpng|jpeg:|Huffman|marker/i);
    if (EXPECTED_KIND[file]) expect(error.kind).toBe(EXPECTED_KIND[file]);
  });

  it('names the dimensions when a picture has too many pixels', async () => {
    const error = (await outcome(readCorpus('bad/sharp-bomb-giant-image-20000x14000.jpg'))) as CodecError;
    expect(error.kind).toBe('too-many-pixels');
    expect(error.message).toContain('20000×14000');
  });

  it('checks the pixel cap from the header, against the caller’s limit', async () => {
    const input = readCorpus('photos/turbo-testorig.jpg'); // 227×149
    await expect(compress(input, { ...options, maxPixels: 227 * 149 - 1 })).rejects.toMatchObject({ kind: 'too-many-pixels' });
    await expect(compress(input, { ...options, maxPixels: 227 * 149 })).resolves.toMatchObject({ output: { width: 227 } });
  });

  it('stops work that runs past its time limit', async () => {
    const input = readCorpus('png/jxl-p3-color-ring-icc.png'); // about 2 s of PNG work
    const started = Date.now();
    await expect(compress(input, { ...options, timeoutSeconds: 0.05 })).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe('only JPEG and PNG decoders are reachable', () => {
  const image = () => sharp({ create: { width: 32, height: 24, channels: 3, background: '#3366cc' } });
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="24"><rect width="32" height="24" fill="#36c"/></svg>');

  it.each([
    ['WebP', () => image().webp().toBuffer()],
    ['GIF', () => image().gif().toBuffer()],
    ['TIFF', () => image().tiff().toBuffer()],
    ['SVG', async () => svg],
  ])('refuses %s bytes as an unsupported format', async (_name, make) => {
    const bytes = await make();
    await expect(compress(bytes, options)).rejects.toMatchObject({ kind: 'unsupported-format' });
  });

  it.each([
    ['WebP', () => image().webp().toBuffer()],
    ['GIF', () => image().gif().toBuffer()],
    ['TIFF', () => image().tiff().toBuffer()],
    ['SVG', async () => svg],
  ])('keeps the %s loader blocked even behind a JPEG or PNG name', async (_name, make) => {
    // The codec module configured sharp when it was imported; libvips itself must refuse.
    const bytes = await make();
    await expect(sharp(bytes).metadata()).rejects.toThrow(/unsupported image format/);
  });

  it('still decodes JPEG and PNG', async () => {
    for (const encode of [() => image().jpeg().toBuffer(), () => image().png().toBuffer()]) {
      const result = await compress(await encode(), options);
      expect([result.output.width, result.output.height]).toEqual([32, 24]);
    }
  });
});
