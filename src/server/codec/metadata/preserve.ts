// Tinify's `preserve` as a metadata policy: everything private removed except the listed fields (copyright, creation
// time, location), written where each format keeps them. Tinify keeps only the copyright in a PNG, as a text chunk.
import type { PreserveField } from '#codec-core/index';
import type { ImageFormat } from '#contract/settings';
import { sharp, type Metadata } from '#server/codec/sharp-setup';
import { preservedExif, type ExifTags } from './exif-preserve';
import { payloadStartsWith, walkJpeg } from '#codec-core/index';
import type { MetadataBlocks } from './metadata-write';

/** A PNG text chunk's value by keyword (libvips reads tEXt, zTXt and iTXt). */
function pngText(meta: Metadata, keyword: string): string | undefined {
  return meta.comments?.find((c) => c.keyword === keyword)?.text || undefined;
}

/**
 * The EXIF block (a TIFF structure) holding only `tags`: sharp writes them into a 1×1 JPEG, whose APP1 segment's
 * TIFF is taken (after its "Exif\0\0").
 */
async function exifBlock(tags: ExifTags): Promise<Buffer | undefined> {
  const carrier = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).withExif(tags).jpeg().toBuffer();
  const app1 = walkJpeg(carrier, { header: true })?.find((s) => s.marker === 0xe1 && payloadStartsWith(carrier, s, 'Exif\0\0'));
  return app1 ? carrier.subarray(app1.start + 10, app1.end) : undefined;
}

/** The blocks `preserve` keeps of the upload, for `format`. */
export async function preservedBlocks(meta: Metadata, fields: readonly PreserveField[], format: ImageFormat): Promise<MetadataBlocks> {
  const tags = preservedExif(meta.exif, fields);
  // A PNG carries its copyright as a text chunk rather than EXIF; either source reaches every output format.
  const copyright = fields.includes('copyright') ? (tags.IFD0?.Copyright ?? pngText(meta, 'Copyright')) : undefined;
  if (format === 'png') return copyright ? { text: { Copyright: copyright } } : {};
  if (copyright) tags.IFD0 = { ...tags.IFD0, Copyright: copyright };
  return Object.keys(tags).length > 0 ? { exif: await exifBlock(tags) } : {};
}

/** Whether the upload holds any field the list preserves. */
export function preservesAny(meta: Metadata, fields: readonly PreserveField[]): boolean {
  return Object.keys(preservedExif(meta.exif, fields)).length > 0 || (fields.includes('copyright') && pngText(meta, 'Copyright') !== undefined);
}
