// A job's input header, read once at intake and carried on its row (docs/decisions/0606): every codec task on the job
// (its compressions, re-tunes, estimates, the original's rendering) is planned from it, so the pool does not parse
// the stored original again.
import { IMAGE_FORMATS } from '#contract/settings';
import { readImageHeader } from '#server/sandbox/memory-estimate';
import type { ImageHeader } from '#server/sandbox/protocol';

/** The header of an upload on disk, as its row records it; null when it cannot be read (the pool then reads the file). */
export async function headerColumn(file: string): Promise<string | null> {
  const header = await readImageHeader(file);
  return header && JSON.stringify(header);
}

const positive = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/** The recorded header, or undefined (not recorded, or not one we wrote) so that the pool reads the file itself. */
export function recordedHeader(row: { input_header: string | null }): ImageHeader | undefined {
  if (!row.input_header) return undefined;
  try {
    const h = JSON.parse(row.input_header) as Partial<ImageHeader>;
    if (!(IMAGE_FORMATS as readonly unknown[]).includes(h.format) || !positive(h.pixels) || !positive(h.width) || !positive(h.height)) return undefined;
    return { format: h.format!, pixels: h.pixels, width: h.width, height: h.height, ...(h.decoded === true && { decoded: true as const }) };
  } catch {
    return undefined;
  }
}
