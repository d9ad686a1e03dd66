// Kept metadata written into an HEIF/AVIF file without touching its image data, as metadata-write.ts does for JPEG,
// PNG and WebP: EXIF and XMP as items describing the primary image (`cdsc`), the ICC profile as a `colr` property of
// it. What the file carried of these kinds is replaced, never duplicated, and the replaced bytes are zeroed, so
// stripping a location really removes it from the file. IPTC and PNG text have no place in HEIF.
import { isMetadataItem, XMP_CONTENT_TYPE } from '#codec-core/index';
import { box, u32 } from './heif-boxes';
import { itemInfo, readHeifMeta, writeHeifMeta, type HeifMeta } from './heif-meta';
import type { MetadataBlocks } from './metadata-write';

const TRANSFORMATIVE = new Set(['clap', 'irot', 'imir', 'iscl']);
const EXIF_ID = Buffer.from('Exif\0\0', 'latin1');

/** The file with exactly `blocks`' EXIF, XMP and ICC profile; null when it cannot be walked (see heif-meta.ts). */
export function withHeifMetadata(file: Buffer, blocks: MetadataBlocks): Buffer | null {
  const model = readHeifMeta(file);
  if (!model) return null;
  const out = Buffer.from(file);
  const removed = new Set(model.items.filter((i) => isMetadataItem(i.type, i.contentType)).map((i) => i.id));
  for (const loc of model.locations) {
    if (!removed.has(loc.id)) continue;
    // Refuse rather than leave the old block readable where we cannot find its bytes.
    if (loc.constructionMethod !== 0 || loc.dataReference !== 0) return null;
    for (const e of loc.extents) {
      if (e.offset + e.length > out.length) return null;
      out.fill(0, e.offset, e.offset + e.length);
    }
  }
  const next: HeifMeta = {
    ...model,
    items: model.items.filter((i) => !removed.has(i.id)),
    locations: model.locations.filter((l) => !removed.has(l.id)),
    references: model.references
      .filter((r) => !removed.has(r.from))
      .map((r) => ({ ...r, to: r.to.filter((t) => !removed.has(t)) }))
      .filter((r) => r.to.length > 0),
  };
  const appended = addItems(next, blocks);
  setIccProfile(next, blocks.icc);
  return writeHeifMeta(out, next, appended.data, appended.ids);
}

/** New Exif and XMP items describing the primary image, their data laid end to end. */
function addItems(model: HeifMeta, blocks: MetadataBlocks): { data: Buffer; ids: Set<number> } {
  const payloads: { type: string; contentType?: string; data: Buffer }[] = [];
  // The Exif item starts with the offset of the TIFF header within it (ISO/IEC 23008-12 A.2.1).
  if (blocks.exif) payloads.push({ type: 'Exif', data: Buffer.concat([u32(EXIF_ID.length), EXIF_ID, blocks.exif]) });
  if (blocks.xmp !== undefined) payloads.push({ type: 'mime', contentType: XMP_CONTENT_TYPE, data: Buffer.from(blocks.xmp, 'utf8') });
  let id = Math.max(0, ...model.items.map((i) => i.id));
  let offset = 0;
  const ids = new Set<number>();
  for (const p of payloads) {
    id += 1;
    ids.add(id);
    model.items.push({ id, type: p.type, contentType: p.contentType, infe: itemInfo(id, p.type, p.contentType) });
    model.locations.push({ id, constructionMethod: 0, dataReference: 0, extents: [{ offset, length: p.data.length }] });
    model.references.push({ type: 'cdsc', from: id, to: [model.primary] });
    offset += p.data.length;
  }
  return { data: Buffer.concat(payloads.map((p) => p.data)), ids };
}

/**
 * The primary image's ICC profile: an old `prof`/`rICC` colour property is dropped from its associations (an `nclx`
 * one stays: it says how to turn YUV into RGB), and the new one added. Unused property boxes may stay in `ipco`.
 */
function setIccProfile(model: HeifMeta, icc: Buffer | undefined): void {
  const isProfile = (index: number) => {
    const p = model.properties[index - 1];
    return p !== undefined && p.toString('latin1', 4, 8) === 'colr' && ['prof', 'rICC'].includes(p.toString('latin1', 8, 12));
  };
  let primary = model.associations.find((a) => a.id === model.primary);
  if (!primary) {
    primary = { id: model.primary, properties: [] };
    model.associations.push(primary);
  }
  const kept = primary.properties.find((p) => isProfile(p.index) && icc?.equals(model.properties[p.index - 1]!.subarray(12)));
  primary.properties = primary.properties.filter((p) => p === kept || !isProfile(p.index));
  if (!icc || kept) return;
  model.properties.push(box('colr', Buffer.from('prof', 'latin1'), icc));
  // Descriptive properties come before transformative ones (rotation, mirroring, cropping) in an association list.
  const typeOf = (index: number) => model.properties[index - 1]?.toString('latin1', 4, 8);
  const firstTransform = primary.properties.findIndex((p) => TRANSFORMATIVE.has(typeOf(p.index) ?? ''));
  const at = firstTransform === -1 ? primary.properties.length : firstTransform;
  primary.properties.splice(at, 0, { essential: false, index: model.properties.length });
}
