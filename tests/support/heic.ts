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
