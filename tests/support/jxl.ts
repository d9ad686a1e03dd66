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

export const isJxlBytes = (b: Buffer) => (b[0] === 0xff && b[1] === 0x0a) || b.subarray(4, 8).toString('latin1') === 'JXL ';
