// Container bytes are read and written by the codec core only (docs/decisions/0570-one-core-decides-every-byte.md):
// the client holds no byte walker of its own, so the two engines cannot drift apart again.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/paths';

/** What a walker of container bytes is made of: views for reading numbers, four-character codes, magic bytes. */
const WALKER_SIGNS: [string, RegExp][] = [
  ['a DataView', /\bDataView\b/],
  ['bytes read as text', /String\.fromCharCode\(/],
  ['a container four-character code', /['"](ftyp|RIFF|WEBP|VP8X|IHDR|IDAT|IEND|acTL|eXIf|tEXt|infe|iinf|Exif\\0)['"]/],
  ['JPEG markers', /0xff,\s*0xd8|0xffd8|\b0xe1\b|\b0xda\b/],
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

export function walkerSigns(text: string): string[] {
  return WALKER_SIGNS.filter(([, sign]) => sign.test(text)).map(([name]) => name);
}

describe('bytes are decided in the core', () => {
  it('src/client reads no container bytes itself', () => {
    const found = sources(path.join(REPO_ROOT, 'src', 'client')).flatMap((file) =>
      walkerSigns(fs.readFileSync(file, 'utf8')).map((sign) => `${path.relative(REPO_ROOT, file)}: ${sign}`),
    );
    expect(found).toEqual([]);
  });

  it('notices a walker (the check bites)', () => {
    expect(walkerSigns("const view = new DataView(bytes.buffer);\nif (ascii(bytes, 4, 8) === 'ftyp') {}")).toEqual(['a DataView', 'a container four-character code']);
    expect(walkerSigns('if (bytes[0] === 0xff && bytes[1] === 0xd8) {}')).toEqual([]);
    expect(walkerSigns('const SOI = [0xff, 0xd8];')).toEqual(['JPEG markers']);
  });
});
