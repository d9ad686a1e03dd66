// A PNG's dimensions from its first 24 bytes (signature, then the IHDR chunk, which the format requires first).
// Read at upload, in the server, without decoding anything: the pixel limit for PNG is enforced before queueing.
import { MAX_PNG_PIXELS } from '#contract/limits';
import { pngTooLargeMessage } from '#server/codec/errors';

export const PNG_HEADER_BYTES = 24;

export function pngDimensions(head: Uint8Array): { width: number; height: number } | null {
  if (head.length < PNG_HEADER_BYTES) return null;
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** The refusal message for a PNG over the PNG pixel limit, or null when it is within it (or not a readable PNG). */
export function pngOverLimit(head: Uint8Array): string | null {
  const d = pngDimensions(head);
  return d && d.width * d.height > MAX_PNG_PIXELS ? pngTooLargeMessage(d.width, d.height, MAX_PNG_PIXELS) : null;
}
