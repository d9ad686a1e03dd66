// The number and text readers and writers every walker uses. Each is checked at an offset inside a larger array with
// distinct bytes around it, so reading or writing one byte too far (or the wrong way round) shows.
import { describe, expect, it, vi } from 'vitest';
import {
  ascii,
  concatBytes,
  crc32,
  hasAscii,
  latin1,
  u16be,
  u16le,
  u24le,
  u32be,
  u32le,
  writeU16be,
  writeU24le,
  writeU32be,
  writeU32le,
} from '#codec-core/container/bytes';

const SAMPLE = Uint8Array.of(0x11, 0x22, 0x33, 0x44, 0x55, 0x66);
const filled = () => new Uint8Array(6).fill(0xaa);

describe('reading numbers', () => {
  it('reads big- and little-endian 16, 24 and 32-bit numbers at an offset', () => {
    expect(u16be(SAMPLE, 1)).toBe(0x2233);
    expect(u16le(SAMPLE, 1)).toBe(0x3322);
    expect(u24le(SAMPLE, 1)).toBe(0x443322);
    expect(u32be(SAMPLE, 1)).toBe(0x22334455);
    expect(u32le(SAMPLE, 1)).toBe(0x55443322);
  });

  it('reads 32-bit numbers with the top bit set as unsigned', () => {
    const top = Uint8Array.of(0xff, 0xfe, 0xfd, 0xfc);
    expect(u32be(top, 0)).toBe(0xfffefdfc);
    expect(u32le(top, 0)).toBe(0xfcfdfeff);
  });
});

describe('writing numbers', () => {
  it('writes each width in its byte order, touching no byte around it', () => {
    const b16 = filled();
    writeU16be(b16, 1, 0x1234);
    expect([...b16]).toEqual([0xaa, 0x12, 0x34, 0xaa, 0xaa, 0xaa]);
    const b32 = filled();
    writeU32be(b32, 1, 0x12345678);
    expect([...b32]).toEqual([0xaa, 0x12, 0x34, 0x56, 0x78, 0xaa]);
    const l32 = filled();
    writeU32le(l32, 1, 0x12345678);
    expect([...l32]).toEqual([0xaa, 0x78, 0x56, 0x34, 0x12, 0xaa]);
    const l24 = filled();
    writeU24le(l24, 1, 0x123456);
    expect([...l24]).toEqual([0xaa, 0x56, 0x34, 0x12, 0xaa, 0xaa]);
  });

  it('writes a 32-bit number with the top bit set, and reads it back', () => {
    const b = new Uint8Array(4);
    writeU32be(b, 0, 0xdeadbeef);
    expect(u32be(b, 0)).toBe(0xdeadbeef);
    writeU32le(b, 0, 0xdeadbeef);
    expect(u32le(b, 0)).toBe(0xdeadbeef);
  });
});

describe('text', () => {
  it('reads Latin-1 text up to the end of the bytes, and writes one byte a character', () => {
    expect(ascii(latin1('ftypavif'), 4, 8)).toBe('avif');
    expect(ascii(latin1('ftypav'), 4, 8)).toBe('av');
    expect([...latin1('A\u00ff\u0141')]).toEqual([0x41, 0xff, 0x41]);
  });

  it('hasAscii: the text at the offset, up to and including the last byte', () => {
    const data = latin1('RIFFxxxxWEBP');
    expect(hasAscii(data, 8, 'WEBP')).toBe(true);
    expect(hasAscii(data, 0, 'RIFF')).toBe(true);
    expect(hasAscii(data, 9, 'WEBP')).toBe(false); // would run one byte past the end
    expect(hasAscii(data, 8, 'WEBQ')).toBe(false);
    expect(hasAscii(data, 12, '')).toBe(true); // nothing, right at the end
    expect(hasAscii(data, 13, '')).toBe(false); // an offset past the end holds no text, not even an empty one
  });

  it('concatBytes lays the parts end to end', () => {
    expect([...concatBytes([Uint8Array.of(1), new Uint8Array(0), Uint8Array.of(2, 3)])]).toEqual([1, 2, 3]);
    expect(concatBytes([])).toEqual(new Uint8Array(0));
  });
});

describe('crc32', () => {
  it('gives the known CRCs, of nothing too', () => {
    expect(crc32(new Uint8Array(0))).toBe(0);
    expect(crc32(latin1('a'))).toBe(0xe8b7be43);
    expect(crc32(latin1('123456789'))).toBe(0xcbf43926);
  });
});

describe('a freshly loaded module', () => {
  // The CRC table is built on first use and kept in the module; a copy loaded anew must build its own, and every
  // other export must work from that copy too.
  it('builds its CRC table on first use', async () => {
    vi.resetModules();
    const fresh = await import('#codec-core/container/bytes');
    expect(fresh.crc32(latin1('123456789'))).toBe(0xcbf43926);
    expect(fresh.crc32(latin1('a'))).toBe(0xe8b7be43);
  });

  it('reads, converts and joins as the first copy does', async () => {
    vi.resetModules();
    const fresh = await import('#codec-core/container/bytes');
    expect([fresh.u16be(SAMPLE, 1), fresh.u16le(SAMPLE, 1), fresh.u24le(SAMPLE, 1)]).toEqual([0x2233, 0x3322, 0x443322]);
    expect([fresh.u32be(SAMPLE, 1), fresh.u32le(SAMPLE, 1)]).toEqual([0x22334455, 0x55443322]);
    expect(fresh.ascii(SAMPLE, 0, 2)).toBe('\x11"');
    expect([...fresh.latin1('Ab')]).toEqual([0x41, 0x62]);
    expect(fresh.hasAscii(SAMPLE, 1, '"3')).toBe(true);
    expect([...fresh.concatBytes([Uint8Array.of(1), Uint8Array.of(2)])]).toEqual([1, 2]);
  });
});
