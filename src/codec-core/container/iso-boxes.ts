// The one walker of ISO base media boxes (HEIF/HEIC/AVIF, the JPEG XL container), walked without decoding anything. Only
// what the given bytes hold is read: a box running past their end is reported with its declared end, and the walk
// stops at the first box whose header is damaged, so a hostile or truncated file can only make it stop early.

export interface IsoBox {
  type: string;
  /** Offset of the box itself (its header). */
  at: number;
  /** Offset of the box's payload (after its header) in the bytes walked. */
  start: number;
  /** Offset just past the box as declared; may lie beyond the bytes walked when they are a file's head. */
  end: number;
}

/** The boxes lying one after another in `bytes[from, to)`. */
export function* isoBoxes(bytes: Uint8Array, from = 0, to = bytes.length): Generator<IsoBox> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = from;
  while (at + 8 <= to) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return;
      const large = view.getBigUint64(at + 8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = to - at; // "to the end of the file"
    }
    if (size < header) return;
    yield { type, at, start: at + header, end: at + size };
    at += size;
  }
}

/** The first box of `type` among those in `bytes[from, to)`, or undefined. */
export function findBox(bytes: Uint8Array, type: string, from = 0, to = bytes.length): IsoBox | undefined {
  for (const box of isoBoxes(bytes, from, to)) if (box.type === type) return box;
  return undefined;
}

/**
 * The boxes filling `bytes[from, to)` exactly, or null when one is damaged or runs past `to`: for rewriting a file,
 * where a box we cannot see the end of must not be copied as if whole.
 */
export function wholeBoxes(bytes: Uint8Array, from = 0, to = bytes.length): IsoBox[] | null {
  const boxes: IsoBox[] = [];
  let reached = from;
  for (const box of isoBoxes(bytes, from, to)) {
    if (box.end > to) return null;
    boxes.push(box);
    reached = box.end;
  }
  return reached === to ? boxes : null;
}
