// Reading and writing HEIF/AVIF boxes (ISO/IEC 14496-12 boxes, ISO/IEC 23008-12 items) over the one box walker
// (input/iso-boxes.ts): a bounds-checked cursor and box writers for rebuilding `meta`. Metadata in HEIF is items (Exif,
// XMP) and properties (an ICC profile in `colr`) that point into the file by offset, so a writer cannot splice
// bytes in as it does for JPEG or PNG: it rebuilds `meta` and moves every offset that points past it.

export { wholeBoxes as walkBoxes, type IsoBox as Box } from '#codec-core/index';

export function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

export function fullBox(type: string, version: number, flags: number, ...parts: Buffer[]): Buffer {
  const vf = Buffer.alloc(4);
  vf.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff), 0);
  return box(type, vf, ...parts);
}

/** A reader over one box's payload that throws RangeError past its end (the parsers turn that into null). */
export class Cursor {
  constructor(
    readonly buf: Buffer,
    public pos: number,
    readonly end: number,
  ) {}
  private need(n: number) {
    if (this.pos + n > this.end) throw new RangeError('box ends early');
  }
  u8() {
    this.need(1);
    return this.buf[this.pos++]!;
  }
  u16() {
    this.need(2);
    this.pos += 2;
    return this.buf.readUInt16BE(this.pos - 2);
  }
  u32() {
    this.need(4);
    this.pos += 4;
    return this.buf.readUInt32BE(this.pos - 4);
  }
  /** An unsigned integer of 0, 4 or 8 bytes, as iloc sizes its fields. */
  uint(bytes: number) {
    if (bytes === 0) return 0;
    if (bytes === 4) return this.u32();
    if (bytes === 8) {
      this.need(8);
      this.pos += 8;
      return Number(this.buf.readBigUInt64BE(this.pos - 8));
    }
    throw new RangeError(`unsupported field size ${bytes}`);
  }
  fourcc() {
    this.need(4);
    this.pos += 4;
    return this.buf.toString('latin1', this.pos - 4, this.pos);
  }
  /** A null-terminated UTF-8 string (a missing terminator ends it at the box's end). */
  cstring() {
    const zero = this.buf.indexOf(0, this.pos);
    const stop = zero === -1 || zero >= this.end ? this.end : zero;
    const text = this.buf.toString('utf8', this.pos, stop);
    this.pos = Math.min(this.end, stop + 1);
    return text;
  }
  /** Version and flags of a full box. */
  versionFlags() {
    const word = this.u32();
    return { version: word >>> 24, flags: word & 0xffffff };
  }
}

export function u8(n: number) {
  return Buffer.from([n & 0xff]);
}
export function u16(n: number) {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n, 0);
  return b;
}
export function u32(n: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0, 0);
  return b;
}
export function cstring(text: string) {
  return Buffer.concat([Buffer.from(text, 'utf8'), Buffer.from([0])]);
}
