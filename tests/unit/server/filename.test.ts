import { describe, expect, it } from 'vitest';
import { sanitizeFilename, uniqueNames } from '../../../src/server/jobs/filename';
import { attachmentHeader } from '../../../src/server/http/content-disposition';

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
    ['a<b>c:d"e|f?g*.png', 'a_b_c_d_e_f_g_.png'],
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
  });
});
