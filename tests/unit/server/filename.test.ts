import { describe, expect, it } from 'vitest';
import { cutAtCharacterBoundary, decodeFormFilename, sanitizeFilename, uniqueNames, zipEntryName } from '#server/jobs/filename';
import { attachmentHeader } from '#server/http/content-disposition';

describe('sanitizeFilename', () => {
  it.each([
    ['photo.jpg', 'photo.jpg'],
    ['../../etc/passwd.png', 'passwd.png'],
    ['C:\\Users\\me\\shot.png', 'shot.png'],
    ['evil\r\nSet-Cookie: x=1.jpg', 'evilSet-Cookie_ x=1.jpg'],
    ['nul\u0000byte.png', 'nulbyte.png'],
    ['invoice\u202Egnp.exe', 'invoicegnp.exe'],
    ['CON.jpg', '_CON.jpg'],
    ['lpt1', '_lpt1'],
    ['...hidden.png', 'hidden.png'],
    ['a<b>c:d"e|f?g*.png', 'a_b_c_d"e_f_g_.png'],
    ['"double" and \'single\' quotes.jpg', '"double" and \'single\' quotes.jpg'],
    ['lone \uD83D surrogate.png', 'lone \uFFFD surrogate.png'],
    ['', 'image.jpg'],
    ['///', 'image.jpg'],
  ])('%j -> %j', (raw, expected) => {
    expect(sanitizeFilename(raw, '.jpg')).toBe(expected);
  });

  it('bounds very long names and keeps the extension', () => {
    const name = sanitizeFilename(`${'x'.repeat(10_000)}.jpeg`, '.jpg');
    expect(name.length).toBe(200);
    expect(name.endsWith('.jpeg')).toBe(true);
  });
});

describe('long names are cut between characters, never inside one', () => {
  const wellFormed = (s: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

  it('keeps emoji whole: at most 200 UTF-16 units, well-formed, extension kept', () => {
    const name = sanitizeFilename(`a${'\u{1F600}'.repeat(1000)}.jpg`, '.jpg');
    expect(wellFormed(name)).toBe(true);
    expect(name.length).toBeLessThanOrEqual(200);
    expect(name.length).toBeGreaterThanOrEqual(199);
    expect(name).toMatch(/^a(\u{1F600})+\.jpg$/u);
  });

  it.each([
    ['a family (ZWJ sequence)', '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'],
    ['a flag (regional indicator pair)', '\u{1F1EB}\u{1F1F7}'],
    ['a letter with a combining accent', 'e\u0301'],
    ['a skin-tone emoji', '\u{1F44B}\u{1F3FD}'],
  ])('never splits %s', (_what, character) => {
    for (let units = 0; units < 3 * character.length; units++) {
      const cut = cutAtCharacterBoundary(character.repeat(3), units);
      expect(cut.length % character.length, `cut at ${units}`).toBe(0);
      expect(cut.length).toBeLessThanOrEqual(units);
    }
  });
});

describe('browser-encoded names and ZIP entries', () => {
  it('undoes the form encoding browsers apply to ", CR and LF, and nothing else', () => {
    expect(decodeFormFilename('%22double%22 and \'single\' quotes.jpg')).toBe('"double" and \'single\' quotes.jpg');
    expect(decodeFormFilename('line%0D%0Abreak.png')).toBe('line\r\nbreak.png');
    expect(decodeFormFilename('100%25 %41.png')).toBe('100%25 %41.png');
    expect(sanitizeFilename(decodeFormFilename('line%0d%0abreak.png'), '.jpg')).toBe('linebreak.png');
  });

  it('replaces " in ZIP entry names, which Windows cannot extract', () => {
    expect(zipEntryName('"double" quotes.jpg')).toBe('_double_ quotes.jpg');
  });
});

describe('uniqueNames', () => {
  it('numbers duplicates like a desktop does, case-insensitively', () => {
    expect(uniqueNames(['a.jpg', 'a.jpg', 'A.JPG', 'b.png', 'a (2).jpg', 'noext', 'noext'])).toEqual([
      'a.jpg',
      'a (2).jpg',
      'A (3).JPG',
      'b.png',
      'a (2) (2).jpg',
      'noext',
      'noext (2)',
    ]);
  });
});

describe('attachmentHeader', () => {
  it('gives an ASCII fallback and an exact UTF-8 name, with nothing that can break the header', () => {
    expect(attachmentHeader('café "menu".jpg')).toBe(`attachment; filename="caf_ _menu_.jpg"; filename*=UTF-8''caf%C3%A9%20%22menu%22.jpg`);
    expect(attachmentHeader('a\r\nb.png')).not.toMatch(/[\r\n]/);
    expect(attachmentHeader("it's (1).png")).toContain(`filename*=UTF-8''it%27s%20%281%29.png`);
    const emoji = `a${'\u{1F600}'.repeat(3)}.jpg`;
    expect(attachmentHeader(emoji)).toBe(`attachment; filename="a___.jpg"; filename*=UTF-8''${encodeURIComponent(emoji)}`);
  });
});
