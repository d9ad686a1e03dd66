// The conformance matrix's verdicts (tests/support/conformance.ts) on results made here with known faults: each fault
// the matrix exists to catch is named, and a right result passes. The matrix itself runs against the real server.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { problemsOf, referenceOf, type Cell, type Outcome } from '../support/conformance';
import { readReal, REAL_FILES } from '../support/real-corpus';

const input = (file: string) => REAL_FILES.find((f) => f.file === file)!;
const result = (data: Buffer, mimeType: string, uploadSize: number, note: string | null = null): Outcome => ({ kind: 'result', data, mimeType, uploadSize, note });

describe('the conformance verdicts', () => {
  const jpegFile = 'jpeg-exif-orientation-6.jpg';
  const jpeg = readReal(jpegFile);
  const cell: Cell = { door: 'web API', input: input(jpegFile), format: 'webp', mode: 'quality' };

  it('passes a right result: upright, smaller, in the format asked for', async () => {
    const webp = await sharp(jpeg).rotate().webp({ quality: 80 }).toBuffer();
    expect(await problemsOf(cell, result(webp, 'image/webp', jpeg.length), await referenceOf(jpeg))).toEqual([]);
  });

  it('names a picture left on its side (EXIF orientation not applied)', async () => {
    const sideways = await sharp(jpeg).webp({ quality: 80 }).toBuffer();
    const problems = await problemsOf(cell, result(sideways, 'image/webp', jpeg.length), await referenceOf(jpeg));
    expect(problems.join('\n')).toMatch(/displayed as 308×231, the upload as 231×308/);
  });

  it('names a result larger than the upload, and a format neither asked for nor named in the note', async () => {
    const png = await sharp(jpeg).rotate().png().toBuffer();
    const problems = await problemsOf(cell, result(png, 'image/png', jpeg.length), await referenceOf(jpeg));
    expect(problems.join('\n')).toMatch(/asked for webp, got png with no note naming PNG/);
    expect(problems.join('\n')).toMatch(/larger than the upload/);
  });

  it('holds a JPEG upload to never larger even when the note says the conversion is larger (only uploads browsers cannot show are given larger, 0585)', async () => {
    const png = await sharp(jpeg).rotate().png().toBuffer();
    const note = 'PNG of this image is 6.1 times the size of the JPEG upload, given as asked';
    const problems = await problemsOf({ ...cell, format: 'png' }, result(png, 'image/png', jpeg.length, note), await referenceOf(jpeg));
    expect(problems.join('\n')).toMatch(/larger than the upload/);
  });

  it('names a lossless result that is not pixel-identical', async () => {
    const lossy = await sharp(jpeg).rotate().webp({ quality: 50 }).toBuffer();
    const problems = await problemsOf({ ...cell, mode: 'lossless' }, result(lossy, 'image/webp', jpeg.length * 10), await referenceOf(jpeg));
    expect(problems.join('\n')).toMatch(/not identical to the upload/);
  });

  it('names an animation flattened to its first frame without a note, and lets a note that says so stand', async () => {
    const gifFile = 'gif-animated-fire.gif';
    const gif = readReal(gifFile);
    const first = await sharp(gif).png().toBuffer();
    const gifCell: Cell = { door: 'web API', input: input(gifFile), format: 'png', mode: 'quality' };
    const reference = await referenceOf(gif);
    expect((await problemsOf(gifCell, result(first, 'image/png', first.length + 1), reference)).join('\n')).toMatch(/33 frames uploaded, 1 in the result, and no note says so/);
    expect(await problemsOf(gifCell, result(first, 'image/png', first.length + 1, 'Only the first frame of the animation was kept: PNG cannot animate'), reference)).toEqual([]);
  });

  it('takes a refusal that names its cause, and no failure after upload', async () => {
    const reference = await referenceOf(jpeg);
    expect(await problemsOf(cell, { kind: 'refused', status: 400, message: 'Animated AVIF is not supported: choose WebP' }, reference)).toEqual([]);
    expect(await problemsOf(cell, { kind: 'refused', status: 500, message: 'An unexpected error occurred' }, reference)).toHaveLength(2);
    expect(await problemsOf(cell, { kind: 'failed', message: 'Compression failed after 4 attempts' }, reference)).toEqual(['not refused at upload but failed after: "Compression failed after 4 attempts"']);
  });
});
