// A JPEG XL upload passed on as the result (never-larger, docs/decisions/0201-never-larger-across-formats.md, 0406): its
// own bytes, as long as they carry no metadata the settings would remove. A bare codestream has none; the container
// keeps EXIF, XMP and JUMBF in boxes of their own (or Brotli-compressed in `brob` boxes, which may hide either).
import type { MetadataPolicyValue } from '#codec-core/index';
import { isoBoxes } from '#server/codec/input/iso-boxes';

const METADATA_BOXES = new Set(['Exif', 'xml ', 'jumb', 'brob']);

export function passOnJxl(upload: Buffer, policy: MetadataPolicyValue): Buffer | null {
  if (policy === 'keep-all') return upload;
  const container = upload.length >= 12 && upload.toString('latin1', 4, 8) === 'JXL ';
  if (!container) return upload;
  for (const box of isoBoxes(upload)) if (METADATA_BOXES.has(box.type)) return null;
  return upload;
}
