// HEIC test files made on the spot from corpus images with libheif's own encoder (Debian's libheif-examples,
// `heif-enc`, HEVC through x265), so no HEIC binary is kept in the repository.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Encodes `source` (a JPEG or PNG file) as HEIC at libheif's quality `quality` (0-100). */
export function heicFrom(source: string, quality = 70): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heic-'));
  try {
    const out = path.join(dir, 'image.heic');
    execFileSync('heif-enc', ['-q', String(quality), '-o', out, source], { stdio: 'pipe' });
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The same file with the primary image rotated by HEIF's own `irot` property (what phones write for a portrait shot):
 * heif-enc's 16-byte `pixi` property is overwritten in place with an `irot` box of the same size, so no offset in
 * the file moves. `quarterTurns` counter-clockwise, 1-3.
 */
export function withIrot(heic: Buffer, quarterTurns: 1 | 2 | 3): Buffer {
  const at = heic.indexOf('pixi', 0, 'latin1') - 4;
  if (at < 0 || heic.readUInt32BE(at) !== 16) throw new Error('expected the 16-byte pixi property heif-enc writes');
  const out = Buffer.from(heic);
  out.fill(0, at, at + 16);
  out.writeUInt32BE(16, at);
  out.write('irot', at + 4, 'latin1');
  out[at + 8] = quarterTurns;
  return out;
}

/** An ISO-BMFF box: a 32-bit size, the four-character type, then its payload (the boxes inside it, or its fields). */
function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}
/** A full box: version 0 and no flags before its fields. */
const fullBox = (type: string, ...fields: Buffer[]) => box(type, Buffer.alloc(4), ...fields);
const u32s = (...values: number[]) => {
  const out = Buffer.alloc(4 * values.length);
  values.forEach((v, i) => out.writeUInt32BE(v, 4 * i));
  return out;
};

/**
 * A HEIF image sequence with no still picture, as ISO/IEC 23008-12 lays it out: an `ftyp` naming `msf1` (and `hevc`),
 * a `moov` whose one track is a picture track (`hdlr` of `pict`) of two HEVC samples (`hvc1` sample entry), and the
 * `mdat` holding them, with no `meta` box. The reference encoder here (libheif 1.15) cannot write one and no small
 * public file of the kind is in the source packages the real corpus comes from, so it is built from its boxes; what
 * reads it (the upload's intake, the codec's refusal and its note) goes by these boxes alone, never by the samples.
 */
export function heifSequenceOnly(): Buffer {
  const ftyp = box('ftyp', Buffer.from('msf1', 'latin1'), u32s(0), Buffer.from('msf1iso8hevc', 'latin1'));
  const samples = [Buffer.from([0, 0, 0, 2, 0x26, 0x01]), Buffer.from([0, 0, 0, 2, 0x02, 0x01])];
  const mvhd = fullBox('mvhd', u32s(0, 0, 30, 2), u32s(0x00010000), Buffer.from([1, 0]), Buffer.alloc(10),
    u32s(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000), Buffer.alloc(24), u32s(2));
  const tkhd = box('tkhd', u32s(3), u32s(0, 0, 1, 0, 2), Buffer.alloc(8), Buffer.alloc(8),
    u32s(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000), u32s(64 << 16, 64 << 16));
  const mdhd = fullBox('mdhd', u32s(0, 0, 30, 2), Buffer.from([0x55, 0xc4, 0, 0]));
  const hdlr = fullBox('hdlr', u32s(0), Buffer.from('pict', 'latin1'), Buffer.alloc(12), Buffer.from('\0', 'latin1'));
  // A VisualSampleEntry of 64×64 and an hvcC of version 1 with no parameter-set arrays: enough to name the coding.
  const hvcC = box('hvcC', Buffer.from([1, 1, 0x60, 0, 0, 0, 0x90, 0, 0, 0, 0, 0, 0x5a, 0xf0, 0, 0xfc, 0xfd, 0xf8, 0xf8, 0, 0, 0x0f, 0]));
  const hvc1 = box('hvc1', Buffer.alloc(6), Buffer.from([0, 1]), Buffer.alloc(16), Buffer.from([0, 64, 0, 64]),
    u32s(0x00480000, 0x00480000, 0), Buffer.from([0, 1]), Buffer.alloc(32), Buffer.from([0, 0x18, 0xff, 0xff]), hvcC);
  const mdatHead = 8;
  const build = (chunkOffset: number) => {
    const stbl = box('stbl', fullBox('stsd', u32s(1), hvc1), fullBox('stts', u32s(1, 2, 1)), fullBox('stsc', u32s(1, 1, 2, 1)),
      fullBox('stsz', u32s(0, 2, ...samples.map((s) => s.length))), fullBox('stco', u32s(1, chunkOffset)));
    const minf = box('minf', fullBox('vmhd', Buffer.alloc(8)), box('dinf', fullBox('dref', u32s(1), box('url ', u32s(1)))), stbl);
    return box('moov', mvhd, box('trak', tkhd, box('mdia', mdhd, hdlr, minf)));
  };
  const offset = ftyp.length + build(0).length + mdatHead;
  return Buffer.concat([ftyp, build(offset), box('mdat', ...samples)]);
}
