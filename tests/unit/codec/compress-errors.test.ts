// Hostile and broken inputs: every one ends in a CodecError with a readable message, or (for the
// few files whose damage is harmless) in a valid image; nothing else ever escapes.
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { CodecError, type CodecErrorKind } from '#server/codec/index';
import { compress } from './unhurried';
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
    const input = readCorpus('png/jxl-p3-color-ring-icc.png'); // seconds of PNG work
    // The deadline's clock is faked, so the limit passes exactly when we say, however loaded the machine is: once
    // the codec is at work (setImmediate is not faked). How fast it gives up is a speed question, not asserted here.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const result = compress(input, { ...options, timeoutSeconds: 10 });
      result.catch(() => undefined);
      while (sharp.counters().process === 0) await new Promise((r) => setImmediate(r));
      await vi.advanceTimersByTimeAsync(10_000);
      await expect(result).rejects.toMatchObject({ kind: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });
});

/** An AVIF file relabelled as HEIC: the container HEIC shares with AVIF, with HEIC's brands. */
async function heicBrandedBytes(): Promise<Buffer> {
  const avif = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#3366cc' } }).avif().toBuffer();
  const size = avif.readUInt32BE(0);
  for (let at = 8; at + 4 <= size; at += 4) {
    const brand = avif.toString('latin1', at, at + 4);
    if (brand === 'avif' || brand === 'avis') avif.write('heic', at, 'latin1');
  }
  return avif;
}

describe('only the decoders of the formats we take are reachable (JPEG, PNG, WebP, AVIF, GIF, sanitised SVG; HEIC and JPEG XL outside libvips)', () => {
  const image = () => sharp({ create: { width: 32, height: 24, channels: 3, background: '#3366cc' } });
  // SVG's loader is open to sanitised SVG text only (docs/decisions/0403-svg-input.md): an SVG upload is rendered.
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="24"><rect width="32" height="24" fill="#36c"/></svg>');

  it.each([['TIFF', () => image().tiff().toBuffer()]])('refuses %s bytes as an unsupported format', async (_name, make) => {
    const bytes = await make();
    await expect(compress(bytes, options)).rejects.toMatchObject({ kind: 'unsupported-format' });
  });

  it('refuses AV1 data behind HEIC brands as damaged: HEIC is decoded by libheif, which finds no HEVC image', async () => {
    await expect(compress(await heicBrandedBytes(), options)).rejects.toMatchObject({ kind: 'corrupt' });
  });

  it.each([['TIFF', () => image().tiff().toBuffer()]])('keeps the %s loader blocked even behind a JPEG or PNG name', async (_name, make) => {
    // The codec module configured sharp when it was imported; libvips itself must refuse.
    const bytes = await make();
    await expect(sharp(bytes).metadata()).rejects.toThrow(/unsupported image format/);
  });

  it('renders an SVG (after sanitising) at its intrinsic size', async () => {
    // As a raster: in `original` format an SVG stays SVG (docs/decisions/0404-svg-output.md).
    const result = await compress(svg, { ...options, format: 'png' });
    expect([result.output.format, result.output.width, result.output.height]).toEqual(['png', 32, 24]);
  });

  it('still decodes JPEG, PNG, WebP and AVIF', async () => {
    const encoders = [() => image().jpeg().toBuffer(), () => image().png().toBuffer(), () => image().webp().toBuffer(), () => image().avif().toBuffer()];
    for (const encode of encoders) {
      const result = await compress(await encode(), options);
      expect([result.output.width, result.output.height]).toEqual([32, 24]);
    }
  });
});

describe('JPEGs whose scan ends before the picture does', () => {
  // A scan that meets the end-of-image marker early is not "truncated" to libvips (the file ends properly), and
  // libjpeg fills the missing rows with flat grey. Such a file must fail as damaged, not "complete" as grey blocks.
  const withEndMarker = (bytes: Buffer) => Buffer.concat([bytes, Buffer.from([0xff, 0xd9])]);
  const scanStart = (jpeg: Buffer) => jpeg.indexOf(Buffer.from([0xff, 0xda]));
  const cutScan = (jpeg: Buffer, fraction: number) => {
    const start = scanStart(jpeg);
    return withEndMarker(jpeg.subarray(0, start + Math.floor((jpeg.length - start) * fraction)));
  };
  const photoAsJpeg = (progressive: boolean) => sharp(readCorpus('photos/kodim03.png')).jpeg({ quality: 90, progressive }).toBuffer();

  it.each([
    ['a baseline photo cut in the middle of its scan', async () => cutScan(await photoAsJpeg(false), 0.5)],
    ['a progressive photo cut in the middle of its scans', async () => cutScan(await photoAsJpeg(true), 0.5)],
    ['a corpus photo cut in the middle of its scan', async () => cutScan(readCorpus('photos/exif-orient6-landscape.jpg'), 0.6)],
    [
      'a JPEG whose header claims far more pixels than its scan holds',
      async () => {
        const jpeg = Buffer.from(await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } }).jpeg().toBuffer());
        const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
        jpeg.writeUInt16BE(2000, sof + 5);
        jpeg.writeUInt16BE(2000, sof + 7);
        return jpeg;
      },
    ],
  ])('refuses %s as damaged', async (_what, make) => {
    const result = await outcome(await make());
    expect(result).toBeInstanceOf(CodecError);
    expect((result as CodecError).kind).toBe('corrupt');
    expect((result as CodecError).message).toBe('The image file is damaged or incomplete and could not be decoded');
  });

  it('still compresses a JPEG with harmless stray bytes before a marker', async () => {
    const jpeg = readCorpus('photos/turbo-testorig.jpg');
    const at = scanStart(jpeg);
    const stray = Buffer.concat([jpeg.subarray(0, at), Buffer.from([0x00, 0x11, 0x22]), jpeg.subarray(at)]);
    // Decoded, not refused (whether the original can be kept as is is keep-original's business, not this test's).
    const result = await compress(stray, options);
    const { info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([227, 149]);
  });
});
