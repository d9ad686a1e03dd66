// Reading and writing numbers and names in container bytes, on Uint8Array so the same walkers run in a Node codec
// process (where a Buffer is a Uint8Array) and in a browser worker.

export const u16be = (bytes: Uint8Array, at: number): number => (bytes[at]! << 8) | bytes[at + 1]!;
export const u16le = (bytes: Uint8Array, at: number): number => bytes[at]! | (bytes[at + 1]! << 8);
export const u32be = (bytes: Uint8Array, at: number): number =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
export const u32le = (bytes: Uint8Array, at: number): number =>
  (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
export const u24le = (bytes: Uint8Array, at: number): number => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);

/** Bytes [from, to) as Latin-1 text: four-character codes, APPn identifiers. */
export const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** Text as Latin-1 bytes (one byte per character). */
export const latin1 = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);

export function writeU16be(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = (value >>> 8) & 0xff;
  bytes[at + 1] = value & 0xff;
}

export function writeU32be(bytes: Uint8Array, at: number, value: number): void {
  writeU16be(bytes, at, value >>> 16);
  writeU16be(bytes, at + 2, value & 0xffff);
}

export function writeU32le(bytes: Uint8Array, at: number, value: number): void {
  for (let i = 0; i < 4; i++) bytes[at + i] = (value >>> (8 * i)) & 0xff;
}

export function writeU24le(bytes: Uint8Array, at: number, value: number): void {
  for (let i = 0; i < 3; i++) bytes[at + i] = (value >>> (8 * i)) & 0xff;
}

/** The parts laid end to end in one new array. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Whether `bytes` holds `text` (Latin-1) at `at`. */
export const hasAscii = (bytes: Uint8Array, at: number, text: string): boolean => at + text.length <= bytes.length && ascii(bytes, at, at + text.length) === text;

let crcTable: Uint32Array | undefined;

/** CRC-32 (ISO 3309, as PNG chunks and zlib use it). */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
