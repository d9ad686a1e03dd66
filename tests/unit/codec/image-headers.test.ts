// The planner's header readers for the formats the codec decodes first: HEIC (`ispe` of the primary item), JPEG XL
// (the codestream's SizeHeader, bare or in the container) and GIF (canvas and frames by walking its blocks), on real
// files made by heif-enc, cjxl and ImageMagick, and the memory the planner then expects such a job to need.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ENCODER_COSTS } from '#server/codec/costs';
import { heicDimensions, jxlDimensions } from '#server/codec/planning';
import { DECODED_INPUT_BYTES_PER_PIXEL, estimateWorkingBytes, readImageHeader } from '#server/sandbox/memory-estimate';
import { animation } from '../../support/animation';
import { heicFrom } from '../../support/heic';
import { jxlContainer } from '../../support/jxl';
import { corpusPath } from '../../support/paths';
import { HEIF_ENC_MISSING, LIBJXL_TOOLS_MISSING } from '../../support/system-tools';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'headers-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
let n = 0;
const file = (bytes: Buffer) => {
  const at = path.join(tmp, String(++n));
  fs.writeFileSync(at, bytes);
  return at;
};

/** A PNG of `width` × `height` (noise, so no encoder takes a shortcut), encoded by cjxl. */
async function cjxlOf(width: number, height: number): Promise<Buffer> {
  const png = path.join(tmp, `${++n}.png`);
  await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toFile(png);
  execFileSync('cjxl', [png, `${png}.jxl`, '--quiet', '--quality=80'], { stdio: 'pipe' });
  return fs.readFileSync(`${png}.jxl`);
}

describe.skipIf(HEIF_ENC_MISSING)(`HEIC header${HEIF_ENC_MISSING ? ` (skipped: ${HEIF_ENC_MISSING})` : ''}`, () => {
  it('reads the primary item\'s ispe from a file heif-enc made, and the planner plans its JPEG with the decode', async () => {
    const heic = heicFrom(corpusPath('photos', 'kodim23.png'));
    expect(heicDimensions(heic)).toEqual({ width: 768, height: 512 });
    const at = file(heic);
    expect(await readImageHeader(at)).toEqual({ format: 'jpeg', pixels: 768 * 512, width: 768, height: 512, decoded: true });
    expect(await estimateWorkingBytes({ inputPath: at })).toBe(768 * 512 * (ENCODER_COSTS.jpeg.workingBytesPerPixel + DECODED_INPUT_BYTES_PER_PIXEL));
  });

  it('a portrait photo: the ispe of the primary item, not of another item', async () => {
    const portrait = path.join(tmp, 'portrait.png');
    await sharp(corpusPath('photos', 'kodim23.png')).resize(300, 500, { fit: 'fill' }).png().toFile(portrait);
    expect(heicDimensions(heicFrom(portrait))).toEqual({ width: 300, height: 500 });
  });
});

describe.skipIf(LIBJXL_TOOLS_MISSING)(`JPEG XL header${LIBJXL_TOOLS_MISSING ? ` (skipped: ${LIBJXL_TOOLS_MISSING})` : ''}`, () => {
  it('reads the SizeHeader of codestreams cjxl made: small sizes, fixed aspect ratios and arbitrary ones', async () => {
    // 64×64: the small form (multiples of 8) with ratio 1; 768×576 (4:3) and 1920×1080 (16:9) by ratio; 1001×333 spelt out.
    for (const [width, height] of [[64, 64], [768, 576], [1920, 1080], [1001, 333], [8, 4000]] as const) {
      expect(jxlDimensions(await cjxlOf(width, height)), `${width}×${height}`).toEqual({ width, height });
    }
  });

  it('reads it inside the container too, from a jxlc box or the first jxlp box, and plans a JPEG XL job', async () => {
    const codestream = await cjxlOf(1001, 333);
    expect(jxlDimensions(jxlContainer(codestream))).toEqual({ width: 1001, height: 333 });
    const index = (i: number) => Buffer.from([0, 0, 0, i]);
    const parts = jxlContainer(Buffer.alloc(0), [
      { type: 'jxlp', payload: Buffer.concat([index(0), codestream.subarray(0, 5)]) },
      { type: 'jxlp', payload: Buffer.concat([index(0x80 | 1), codestream.subarray(5)]) },
    ]);
    expect(jxlDimensions(parts)).toEqual({ width: 1001, height: 333 });
    const at = file(codestream);
    expect(await estimateWorkingBytes({ inputPath: at })).toBe(1001 * 333 * (ENCODER_COSTS.jxl.workingBytesPerPixel + DECODED_INPUT_BYTES_PER_PIXEL));
  });
});

describe('GIF header', () => {
  it('counts the frames of a GIF ImageMagick made: the planner plans width × height × frames', async () => {
    const gif = path.join(tmp, 'anim.gif');
    execFileSync('convert', ['-size', '40x30', 'xc:red', 'xc:blue', 'xc:green', '-loop', '0', gif], { stdio: 'pipe' });
    expect(await readImageHeader(gif)).toEqual({ format: 'webp', pixels: 40 * 30 * 3, width: 40, height: 30, decoded: true });
    expect(await estimateWorkingBytes({ inputPath: gif })).toBe(40 * 30 * 3 * (ENCODER_COSTS.webp.workingBytesPerPixel + DECODED_INPUT_BYTES_PER_PIXEL));
    const still = path.join(tmp, 'still.gif');
    execFileSync('convert', ['-size', '50x20', 'xc:red', still], { stdio: 'pipe' });
    expect((await readImageHeader(still))?.pixels).toBe(50 * 20);
  });

  it('an animated WebP is planned at width × height × frames too; a still WebP as one picture', async () => {
    const webp = path.join(tmp, 'anim.webp');
    fs.writeFileSync(webp, await animation('webp', { frames: 4, width: 50, height: 40, delay: [100, 100, 100, 100], loop: 0 }));
    expect(await readImageHeader(webp)).toEqual({ format: 'webp', pixels: 50 * 40 * 4, width: 50, height: 40 });
    const still = path.join(tmp, 'still.webp');
    await sharp({ create: { width: 50, height: 40, channels: 3, background: 'red' } }).webp().toFile(still);
    expect(await readImageHeader(still)).toEqual({ format: 'webp', pixels: 50 * 40, width: 50, height: 40 });
  });

  it('counts frames past the first 256 KiB: the whole file is walked', async () => {
    const gif = path.join(tmp, 'long.gif');
    execFileSync('convert', ['-size', '300x300', 'xc:', '+noise', 'Random', '-duplicate', '11', '-loop', '0', gif], { stdio: 'pipe' });
    expect(fs.statSync(gif).size).toBeGreaterThan(256 * 1024);
    expect((await readImageHeader(gif))?.pixels).toBe(300 * 300 * 12);
  });
});
