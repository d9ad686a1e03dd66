// Hostile and truncated headers given to the memory planner's readers (HEIC, JPEG XL, GIF): none throws out of the
// planner, a header that cannot be read is planned as unknown (the job runs alone, as before these readers), and a
// frame bomb is planned at its full width × height × frames.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { heicDimensions, jxlDimensions } from '#server/codec/planning';
import { estimateWorkingBytes, readImageHeader, UNKNOWN_NEED_BYTES } from '#server/sandbox/memory-estimate';
import { gifFrameBomb } from '../support/animation';
import { heicFrom } from '../support/heic';
import { jxlContainer } from '../support/jxl';
import { corpusPath } from '../support/paths';
import { HEIF_ENC_MISSING } from '../support/system-tools';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-headers-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
let n = 0;
const plan = (bytes: Buffer) => {
  const at = path.join(tmp, String(++n));
  fs.writeFileSync(at, bytes);
  return estimateWorkingBytes({ inputPath: at });
};

/** A copy of `bytes` with the box of `type` changed by `edit` (given the offset of the box's size field). */
function withBox(bytes: Buffer, type: string, edit: (copy: Buffer, at: number) => void): Buffer {
  const copy = Buffer.from(bytes);
  const at = copy.indexOf(type, 0, 'latin1') - 4;
  expect(at).toBeGreaterThan(0);
  edit(copy, at);
  return copy;
}

describe.skipIf(HEIF_ENC_MISSING)(`hostile HEIC headers${HEIF_ENC_MISSING ? ` (skipped: ${HEIF_ENC_MISSING})` : ''}`, () => {
  const heic = HEIF_ENC_MISSING ? Buffer.alloc(0) : heicFrom(corpusPath('photos', 'kodim03.png'));

  it.each([
    ['cut inside the meta box', () => heic.subarray(0, heic.indexOf('iprp', 0, 'latin1') + 20)],
    ['a meta box declaring 4 GiB', () => withBox(heic, 'meta', (b, at) => b.writeUInt32BE(0xfffffff0, at))],
    ['a meta box with a 64-bit size past any file', () => withBox(heic, 'meta', (b, at) => b.writeUInt32BE(1, at))],
    [
      'an ipma claiming four billion entries, none for the primary item',
      () => withBox(withBox(heic, 'ipma', (b, at) => b.writeUInt32BE(0xffffffff, at + 12)), 'pitm', (b, at) => b.writeUInt16BE(0x7777, at + 12)),
    ],
    ['an ipma pointing at properties that do not exist', () => withBox(heic, 'ipma', (b, at) => b.fill(0x7f, at + 19, at + 23))],
    ['an ispe of zero width', () => withBox(heic, 'ispe', (b, at) => b.writeUInt32BE(0, at + 12))],
    ['a box of size 3 (shorter than its header) in the properties', () => withBox(heic, 'ipco', (b, at) => b.writeUInt32BE(3, at + 8))],
    ['a primary item no property is associated with', () => withBox(heic, 'pitm', (b, at) => b.writeUInt16BE(0x7777, at + 12))],
  ])('%s: unknown, planned to run alone', async (_name, make) => {
    const hostile = make();
    expect(heicDimensions(hostile)).toBeNull();
    expect(await plan(hostile)).toBe(UNKNOWN_NEED_BYTES);
  });
});

describe('hostile JPEG XL headers', () => {
  it.each([
    ['the signature alone', Buffer.from([0xff, 0x0a])],
    ['a SizeHeader cut in its middle', Buffer.from([0xff, 0x0a, 0xfe])],
    ['a container whose codestream box is empty', jxlContainer(Buffer.alloc(0), [{ type: 'jxlp', payload: Buffer.from([0, 0, 0, 0]) }])],
    ['a container with no codestream at all', jxlContainer(Buffer.alloc(0))],
  ])('%s: unknown, planned to run alone', async (_name, hostile) => {
    expect(jxlDimensions(hostile)).toBeNull();
    expect(await plan(hostile)).toBe(UNKNOWN_NEED_BYTES);
  });

  it('a SizeHeader declaring a billion pixels a side is planned at that size (more than any budget), not thrown', async () => {
    // small = 0, height: selector 3 then 30 one-bits; ratio 1 (square).
    const bits = [0, 1, 1, ...Array<number>(30).fill(1), 1, 0, 0];
    const bytes = Buffer.alloc(8);
    bits.forEach((bit, i) => (bytes[i >> 3]! |= bit << (i & 7)));
    const hostile = Buffer.concat([Buffer.from([0xff, 0x0a]), bytes]);
    expect(jxlDimensions(hostile)).toEqual({ width: 2 ** 30, height: 2 ** 30 });
    expect(await plan(hostile)).toBeGreaterThan(2 ** 60);
  });
});

describe('hostile GIF headers', () => {
  it('a frame bomb is planned at width × height × frames', async () => {
    const bomb = gifFrameBomb(5000);
    const at = path.join(tmp, 'bomb.gif');
    fs.writeFileSync(at, bomb);
    expect((await readImageHeader(at))?.pixels).toBe(1000 * 1000 * 5000);
  });

  it.each([
    ['a screen of zero width', Buffer.from('GIF89a\0\0\x10\0\0\0\0', 'latin1')],
    ['the signature alone', Buffer.from('GIF89a', 'latin1')],
  ])('%s: unknown, planned to run alone', async (_name, hostile) => {
    expect(await plan(hostile)).toBe(UNKNOWN_NEED_BYTES);
  });

  it('a GIF cut in the middle of a frame is planned for the frames it holds, without throwing', async () => {
    const cut = gifFrameBomb(10).subarray(0, 200);
    const at = path.join(tmp, 'cut.gif');
    fs.writeFileSync(at, cut);
    const header = await readImageHeader(at);
    expect(header?.width).toBe(1000);
    expect(header!.pixels).toBeGreaterThanOrEqual(1000 * 1000);
  });
});
