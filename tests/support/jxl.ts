// JPEG XL checked with libjxl's reference tools (Debian's libjxl-tools), independent of the codec's own calls.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function withDir<T>(fn: (dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jxl-test-'));
  try {
    return fn(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What djxl makes of `jxl` as `ext` ('png' for pixels; 'jpg' rebuilds a recompressed JPEG bit for bit). */
export function djxl(jxl: Buffer, ext: 'png' | 'jpg'): Buffer {
  return withDir((dir) => {
    fs.writeFileSync(path.join(dir, 'in.jxl'), jxl);
    execFileSync('djxl', [path.join(dir, 'in.jxl'), path.join(dir, `out.${ext}`), '--quiet'], { stdio: 'pipe' });
    return fs.readFileSync(path.join(dir, `out.${ext}`));
  });
}

/** `source` (a PNG or JPEG file) encoded by cjxl at libjxl quality `quality`. */
export function cjxlFrom(source: string, quality = 80): Buffer {
  return withDir((dir) => {
    execFileSync('cjxl', [source, path.join(dir, 'out.jxl'), '--quiet', `--quality=${quality}`, '--lossless_jpeg=0'], { stdio: 'pipe' });
    return fs.readFileSync(path.join(dir, 'out.jxl'));
  });
}

const box = (type: string, payload: Buffer) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
};

/**
 * A bare JPEG XL codestream put in the container (ISO BMFF boxes) with `extra` boxes before it, as libjxl writes
 * EXIF ('Exif', 4 bytes of TIFF header offset first) or XMP ('xml '). The container layout is in ISO/IEC 18181-2.
 * An empty codestream gives no `jxlc` box (the codestream is then in `jxlp` parts among `extra`).
 */
export function jxlContainer(codestream: Buffer, extra: { type: string; payload: Buffer }[] = []): Buffer {
  const signature = Buffer.from('0000000c4a584c200d0a870a', 'hex');
  const ftyp = box('ftyp', Buffer.from('jxl \0\0\0\0jxl ', 'latin1'));
  return Buffer.concat([signature, ftyp, ...extra.map((b) => box(b.type, b.payload)), ...(codestream.length ? [box('jxlc', codestream)] : [])]);
}

export const isJxlBytes = (b: Buffer) => (b[0] === 0xff && b[1] === 0x0a) || b.subarray(4, 8).toString('latin1') === 'JXL ';
