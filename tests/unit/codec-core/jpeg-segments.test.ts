// The one JPEG walker on hand-made streams: every part's kind, marker and offsets are known, so a walker that drifts
// by one byte (fill bytes, stuffed zeros, restarts inside a scan, a second scan after new tables) fails here rather
// than in a stripped upload. The strip policy's own cases are in container.test.ts.
import { describe, expect, it } from 'vitest';
import { jpegImageStart, jpegIsSubsampled, payloadStartsWith, walkJpeg, type JpegPart } from '#codec-core/container/jpeg-segments';
import { concatBytes, latin1 } from '#codec-core/container/bytes';

const bytes = (...values: number[]) => Uint8Array.from(values);
/** A marker segment: FF, marker, big-endian length (2 + payload), payload. */
const segment = (marker: number, ...payload: number[]) => bytes(0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload);
const stream = (...parts: Uint8Array[]) => concatBytes(parts);
const seg = (marker: number, start: number, end: number): JpegPart => ({ kind: 'segment', marker, start, end });
const mark = (marker: number, start: number): JpegPart => ({ kind: 'marker', marker, start, end: start + 2 });
const scan = (start: number, end: number): JpegPart => ({ kind: 'scan', marker: 0, start, end });

const SOI = bytes(0xff, 0xd8);
const EOI = bytes(0xff, 0xd9);
const DQT = segment(0xdb, 0); // 5 bytes
const SOS = segment(0xda, 0); // 5 bytes

/**
 * A progressive stream with everything the walker must step over: TEM and restart markers between segments, fill
 * bytes before a marker, a scan holding a stuffed zero, RST0 and RST7, new tables between two scans, and fill bytes
 * ending the last scan.
 */
const PROGRESSIVE = stream(
  SOI,
  bytes(0xff, 0x01, 0xff, 0xd0, 0xff, 0xd7), // TEM 2, RST0 4, RST7 6
  bytes(0xff), // a fill byte at 8
  DQT, // 9..14
  segment(0xc2, 0), // 14..19
  SOS, // 19..24
  bytes(0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78, 0xff, 0xd7, 0x9a), // scan 24..35
  segment(0xc4, 0), // DHT 35..40
  SOS, // 40..45
  bytes(0xbc, 0xff), // scan 45..47, its last byte a fill FF
  EOI, // 47..49
);

describe('walkJpeg: the whole stream', () => {
  it('walks markers, segments and scans with exact offsets, through to EOI', () => {
    expect(PROGRESSIVE.length).toBe(49);
    expect(walkJpeg(PROGRESSIVE)).toEqual([
      mark(0x01, 2),
      mark(0xd0, 4),
      mark(0xd7, 6),
      seg(0xdb, 9, 14), // starts at the last FF of the fill run
      seg(0xc2, 14, 19),
      seg(0xda, 19, 24),
      scan(24, 35), // a stuffed zero and RST0/RST7 stay inside; the DHT's marker ends it
      seg(0xc4, 35, 40),
      seg(0xda, 40, 45),
      scan(45, 47), // the fill FF before EOI stays in the scan; the next FF is EOI’s
      mark(0xd9, 47),
    ]);
  });

  it('reads SOI and EOI alone, and refuses what does not start with SOI', () => {
    expect(walkJpeg(bytes(0xff, 0xd8, 0xff, 0xd9))).toEqual([mark(0xd9, 2)]);
    expect(walkJpeg(bytes(0x00, 0xd8, 0xff, 0xd9))).toBeNull();
    expect(walkJpeg(bytes(0xff, 0x00, 0xff, 0xd9))).toBeNull();
    expect(walkJpeg(bytes(0xff, 0xd8, 0xff))).toBeNull();
  });

  it('refuses a stream without EOI, with bytes where a marker should be, or with a length past the end', () => {
    expect(walkJpeg(PROGRESSIVE.subarray(0, 47))).toBeNull(); // the last scan never ends
    expect(walkJpeg(PROGRESSIVE.subarray(0, 40))).toBeNull(); // ends after the DHT
    expect(walkJpeg(stream(SOI, DQT, bytes(0x00), EOI))).toBeNull();
    expect(walkJpeg(stream(SOI, bytes(0xff, 0xdb, 0x00, 0x10, 0), EOI))).toBeNull();
    expect(walkJpeg(stream(SOI, DQT, bytes(0xff, 0xff)))).toBeNull(); // fill bytes and no marker
  });
});

describe('walkJpeg: the header only', () => {
  it('stops before the first scan', () => {
    expect(walkJpeg(PROGRESSIVE, { header: true })).toEqual([mark(0x01, 2), mark(0xd0, 4), mark(0xd7, 6), seg(0xdb, 9, 14), seg(0xc2, 14, 19)]);
    // The rest need not be given: a head cut inside the first scan still walks.
    expect(walkJpeg(PROGRESSIVE.subarray(0, 26), { header: true })).toHaveLength(5);
  });

  it('stops at EOI when there is no scan; the whole walk keeps the EOI', () => {
    const noScan = stream(SOI, DQT, EOI);
    expect(walkJpeg(noScan, { header: true })).toEqual([seg(0xdb, 2, 7)]);
    expect(walkJpeg(noScan)).toEqual([seg(0xdb, 2, 7), mark(0xd9, 7)]);
  });

  it('gives the segments before bytes that are no marker, which the whole walk refuses', () => {
    const junk = stream(SOI, DQT, bytes(0x00, 0x01, 0xff, 0xd9));
    expect(walkJpeg(junk, { header: true })).toEqual([seg(0xdb, 2, 7)]);
    expect(walkJpeg(junk)).toBeNull();
  });

  it('refuses a head that ends before any scan or EOI, or inside a length field', () => {
    expect(walkJpeg(stream(SOI, DQT), { header: true })).toBeNull();
    expect(walkJpeg(stream(SOI, bytes(0xff, 0xdb, 0x00)), { header: true })).toBeNull();
    expect(walkJpeg(stream(SOI, bytes(0xff, 0xdb, 0x00, 0x10, 0)), { header: true })).toBeNull();
  });
});

describe('jpegImageStart', () => {
  it('is the offset of the first SOS marker', () => {
    expect(jpegImageStart(PROGRESSIVE)).toBe(19);
    expect(jpegImageStart(stream(SOI, SOS, bytes(1, 2), EOI))).toBe(2); // no header segments at all
  });

  it('skips fill bytes between the header and SOS', () => {
    expect(jpegImageStart(stream(SOI, DQT, bytes(0xff, 0xff), SOS, bytes(1), EOI))).toBe(9);
  });

  it('is EOI’s offset when the stream has no scan, even as its last two bytes', () => {
    expect(jpegImageStart(stream(SOI, DQT, EOI))).toBe(7);
  });

  it('is null when the header cannot be walked or is not followed by SOS or EOI', () => {
    expect(jpegImageStart(stream(SOI, DQT, bytes(0x00, 0xda, 0x00)))).toBeNull();
    expect(jpegImageStart(stream(SOI, DQT, bytes(0x00, 0xff, 0xda, 0x00)))).toBeNull(); // a stray byte before SOS
    expect(jpegImageStart(stream(SOI, DQT))).toBeNull();
    expect(jpegImageStart(latin1('not a jpeg'))).toBeNull();
  });
});

describe('payloadStartsWith', () => {
  const app1 = segment(0xe1, ...latin1('Exif\0\0MM'));
  const file = stream(SOI, app1, SOS, latin1('....Adobe'), EOI);
  const parts = walkJpeg(file)!;

  it('compares a segment’s payload, after marker and length, with the identifier', () => {
    expect(parts[0]).toEqual(seg(0xe1, 2, 14));
    expect(payloadStartsWith(file, parts[0]!, 'Exif\0\0')).toBe(true);
    expect(payloadStartsWith(file, parts[0]!, 'Exif\0\0MM')).toBe(true);
    expect(payloadStartsWith(file, parts[0]!, 'Exif\0\x01')).toBe(false);
    expect(payloadStartsWith(file, parts[0]!, 'ICC_PROFILE\0')).toBe(false);
  });

  it('is false for a scan, even when its coded bytes spell the identifier', () => {
    expect(parts[2]).toEqual(scan(19, 28));
    expect(payloadStartsWith(file, parts[2]!, 'Adobe')).toBe(false);
  });
});

describe('jpegIsSubsampled', () => {
  const frame420 = [8, 0, 16, 0, 16, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  const frame444 = [8, 0, 16, 0, 16, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1];
  const jpeg = (...segments: Uint8Array[]) => stream(SOI, ...segments, SOS, bytes(1), EOI);

  it('reads every frame header: baseline, progressive, lossless, arithmetic', () => {
    for (const sof of [0xc0, 0xc1, 0xc2, 0xc3, 0xc9, 0xcf]) expect(jpegIsSubsampled(jpeg(segment(sof, ...frame420)))).toBe(true);
  });

  it('takes the first frame header, and DHT, JPG, DAC and other segments are none', () => {
    for (const other of [0xc4, 0xc8, 0xcc, 0xbf, 0xdb]) {
      expect(jpegIsSubsampled(jpeg(segment(other, ...frame420), segment(0xc0, ...frame444)))).toBe(false);
    }
    expect(jpegIsSubsampled(jpeg(segment(0xc0, ...frame444), segment(0xc2, ...frame420)))).toBe(false);
  });

  it('needs only the header: a stream cut inside its scan still answers', () => {
    expect(jpegIsSubsampled(stream(SOI, segment(0xc0, ...frame420), SOS, bytes(1, 2, 3)))).toBe(true);
  });

  it('needs three components and a 2×2 luma within the frame header’s own bytes', () => {
    expect(jpegIsSubsampled(jpeg(segment(0xc0, 8, 0, 16, 0, 16, 3, 1, 0x22)))).toBe(true); // just long enough
    // Seven payload bytes: the 0x22 right after the segment is not its luma sampling.
    expect(jpegIsSubsampled(stream(SOI, segment(0xc0, 8, 0, 16, 0, 16, 3, 1), bytes(0x22, 0)))).toBe(false);
    expect(jpegIsSubsampled(jpeg(segment(0xc0, 8, 0, 16, 0, 16, 1, 1, 0x22, 0)))).toBe(false); // grayscale
    expect(jpegIsSubsampled(latin1('not a jpeg'))).toBe(false);
  });
});

describe('walkJpeg: a segment length below its own two bytes', () => {
  it('is not walked: the segment would end before its payload starts, and readers would step outside it', () => {
    for (const length of [0, 1]) {
      const broken = stream(SOI, bytes(0xff, 0xdb, 0x00, length, 0x00, 0x00), SOS, bytes(0x12), EOI);
      expect(walkJpeg(broken, { header: true }), `length ${length}`).toBeNull();
      expect(walkJpeg(broken), `length ${length}`).toBeNull();
    }
    // Exactly 2 (no payload) is a segment.
    expect(walkJpeg(stream(SOI, bytes(0xff, 0xdb, 0x00, 0x02), SOS, bytes(0x12), EOI), { header: true })).toEqual([seg(0xdb, 2, 6)]);
  });
});
