// The upload itself, passed on when re-encoding would not make it smaller (or, for Auto, when it is the smallest).
import type { Metadata } from '#server/codec/sharp-setup';
import type { MetadataPolicy } from '#contract/settings';
import { keptBlocks, type UploadMetadata } from './metadata-policy';
import { minimalExif, stripJpegMetadata, stripPngMetadata } from './metadata-strip';
import { withHeifMetadata } from './heif-metadata';
import { withJpegMetadata, withPngMetadata, withWebpMetadata } from './metadata-write';
import type { ImageFormat } from '#server/codec/types';

/**
 * "Never larger" and "no private metadata" can pull apart: when re-encoding does not shrink a file
 * that carries EXIF/GPS, handing back the original bytes would leak them, and re-encoding
 * anyway would break the size promise. We keep the original's pixels byte for byte and drop its
 * private metadata losslessly (metadata-strip.ts), which is always at most the original size.
 * Only what changes how the image looks stays: the ICC profile, and the EXIF orientation as a
 * minimal one-tag block, so the picture still shows upright and in its own colours.
 * If the stream cannot be walked (the decoder accepted it, so this is not expected), null tells the
 * caller to use the re-encoded file even though it is larger: privacy outranks size.
 * A WebP is rebuilt from its image chunks with only the profile and orientation (metadata-write.ts). An AVIF keeps
 * its profile and loses its EXIF and XMP items, their bytes zeroed (heif-metadata.ts); HEIF turns images with its own
 * boxes, so no EXIF orientation is needed.
 *
 * Under `keep` and `keep-all` see keepOriginalWith.
 */
export function keepOriginal(input: Buffer, format: ImageFormat, meta: Pick<Metadata, 'orientation' | 'exif' | 'xmp' | 'iptc' | 'icc'>): Buffer | null {
  const clean = !meta.exif && !meta.xmp && !meta.iptc;
  if (format === 'avif') return clean ? input : withHeifMetadata(input, { icc: meta.icc });
  if (format === 'webp') {
    if (clean) return input;
    const orientation = meta.orientation ?? 1;
    return withWebpMetadata(input, { icc: meta.icc, exif: orientation === 1 ? undefined : minimalExif(orientation) });
  }
  const stripped = format === 'jpeg' ? stripJpegMetadata(input, meta.orientation) : stripPngMetadata(input, meta.orientation);
  if (!stripped) return null;
  // Replacing a bare orientation block can cost a few bytes; the original then held nothing private.
  return stripped.data.length <= input.length ? stripped.data : input;
}

/**
 * The upload passed on under a metadata policy. `keep-all` passes it as it is. `keep` passes its pixels byte for
 * byte with what the policy keeps (keep-original's stripping, then the kept blocks written back: EXIF without GPS
 * or thumbnail, its orientation unchanged since these pixels are stored as they were, XMP without location, IPTC,
 * the ICC profile; an AVIF's items are rewritten the same way). Null means it cannot be passed on without leaking
 * what the policy removes.
 */
export function keepOriginalWith(input: Buffer, format: ImageFormat, meta: UploadMetadata, policy: MetadataPolicy): Buffer | null {
  if (policy === 'strip') return keepOriginal(input, format, meta);
  if (policy === 'keep-all') return input;
  const blocks = keptBlocks(meta, 'keep', { orientation: meta.orientation ?? 1, icc: true });
  if (format === 'avif') return withHeifMetadata(input, blocks);
  if (format === 'webp') return withWebpMetadata(input, blocks);
  const stripped = format === 'jpeg' ? stripJpegMetadata(input, undefined) : stripPngMetadata(input, undefined);
  if (!stripped) return null;
  return format === 'jpeg' ? withJpegMetadata(stripped.data, blocks) : withPngMetadata(stripped.data, blocks);
}
