// The one walker of PNG chunk streams: stripping (metadata-strip.ts) and writing kept blocks (metadata-write.ts) go
// through it, so they agree on where a chunk starts and ends and that a stream ends with IEND.

export interface PngChunk {
  type: string;
  /** [start, end) of the whole chunk: length, type, data and CRC. */
  start: number;
  end: number;
  /** The data's offset and length. */
  data: number;
  length: number;
}

/** The chunks after the signature, through IEND; null when a chunk runs past the end or IEND never comes. */
export function walkPng(buf: Buffer): PngChunk[] | null {
  if (buf.length < 8) return null;
  const chunks: PngChunk[] = [];
  let pos = 8;
  while (pos + 12 <= buf.length) {
    const length = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (end > buf.length) return null;
    chunks.push({ type, start: pos, end, data: pos + 8, length });
    if (type === 'IEND') return chunks;
    pos = end;
  }
  return null;
}
