// The upload itself, passed on when re-encoding would not make it smaller (or, for Auto, when it is the smallest).
import type { Metadata } from 'sharp';
import { stripJpegMetadata, stripPngMetadata } from './metadata-strip';
import type { ImageFormat } from './types';

/**
 * "Never larger" and "no private metadata" can pull apart: when re-encoding does not shrink a file
 * that carries EXIF/GPS, handing back the original bytes would leak them, and re-encoding
 * anyway would break the size promise. We keep the original's pixels byte for byte and drop its
 * private metadata losslessly (metadata-strip.ts), which is always at most the original size.
 * Only what changes how the image looks stays: the ICC profile, and the EXIF orientation as a
 * minimal one-tag block, so the picture still shows upright and in its own colours.
 * If the stream cannot be walked (the decoder accepted it, so this is not expected), null tells the
 * caller to use the re-encoded file even though it is larger: privacy outranks size.
 * WebP and AVIF uploads are passed on only when they carry no EXIF, XMP or IPTC at all (their
 * containers are not walked yet), otherwise null as well.
 */
export function keepOriginal(input: Buffer, format: ImageFormat, meta: Pick<Metadata, 'orientation' | 'exif' | 'xmp' | 'iptc'>): Buffer | null {
  if (format === 'webp' || format === 'avif') return meta.exif || meta.xmp || meta.iptc ? null : input;
  const stripped = format === 'jpeg' ? stripJpegMetadata(input, meta.orientation) : stripPngMetadata(input, meta.orientation);
  if (!stripped) return null;
  // Replacing a bare orientation block can cost a few bytes; the original then held nothing private.
  return stripped.data.length <= input.length ? stripped.data : input;
}
