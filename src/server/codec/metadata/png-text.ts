// PNG text chunks written into kept metadata (Tinify's preserve keeps a PNG's copyright as text). The strip policy
// itself, the chunk writer and the orientation block are the codec core's (codec-core/container/strip.ts).
import { pngChunk } from '#codec-core/index';

/**
 * Adds one text chunk right after IHDR: `tEXt` when the text is plain ASCII (what every PNG reader shows), `iTXt`
 * in UTF-8 otherwise (tEXt is Latin-1 by the standard, but libvips and others read it as UTF-8 and garble "©").
 * Keywords are PNG's registered ones ("Copyright", "Creation Time", ...).
 */
export function withPngText(png: Buffer, keyword: string, text: string): Buffer {
  const IHDR_END = 8 + 8 + 13 + 4;
  if (png.length < IHDR_END || png.toString('latin1', 12, 16) !== 'IHDR') return png;
  return Buffer.concat([png.subarray(0, IHDR_END), pngTextChunk(keyword, text), png.subarray(IHDR_END)]);
}

/** One text chunk: `tEXt` for plain ASCII, `iTXt` in UTF-8 otherwise (see withPngText). */
export function pngTextChunk(keyword: string, text: string): Uint8Array {
  const ascii = /^[\x20-\x7e\n]*$/.test(text);
  return ascii
    ? pngChunk('tEXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]))
    : pngChunk('iTXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(text, 'utf8')]));
}
