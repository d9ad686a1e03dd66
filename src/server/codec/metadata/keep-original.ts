// The upload itself, passed on when re-encoding would not make it smaller (or, for Auto, when it is the smallest).
import type { MetadataPolicy } from '#contract/settings';
import { stripForPassOn, stripJpeg, stripPng, withWebpMetadata, type ImageFormat } from '#codec-core/index';
import { keptBlocks, type UploadMetadata } from './metadata-policy';
import { withHeifMetadata } from './heif-metadata';
import { withJpegMetadata, withPngMetadata } from './metadata-write';

const asBuffer = (data: Uint8Array): Buffer => (Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));

/**
 * "Never larger" and "no private metadata" can pull apart: when re-encoding does not shrink a file that carries
 * EXIF/GPS, handing back the original bytes would leak them, and re-encoding anyway would break the size promise.
 * Under `strip` (and `keep-all`) the codec core's one strip policy decides (codec-core/container/strip.ts), the same
 * for both engines; this engine fills its one hook, an AVIF's EXIF and XMP items removed (heif-metadata.ts, keeping
 * the upload's profile). Null tells the caller to use the re-encoded file even though it is larger: privacy outranks
 * size.
 *
 * `keep` passes the upload's pixels byte for byte with what the policy keeps (the stripped upload, then the kept
 * blocks written back: EXIF without GPS or thumbnail, its orientation unchanged since these pixels are stored as they
 * were, XMP without location, IPTC, the ICC profile; an AVIF's items are rewritten the same way). Null means it cannot
 * be passed on without leaking what the policy removes.
 */
export function keepOriginalWith(input: Buffer, format: ImageFormat, meta: UploadMetadata, policy: MetadataPolicy): Buffer | null {
  if (policy !== 'keep') {
    const kept = stripForPassOn(input, format, policy, { heifWithoutMetadata: () => withHeifMetadata(input, { icc: meta.icc }) });
    return kept && asBuffer(kept);
  }
  const blocks = keptBlocks(meta, 'keep', { orientation: meta.orientation ?? 1, icc: true });
  if (format === 'avif') return withHeifMetadata(input, blocks);
  if (format === 'webp') {
    const written = withWebpMetadata(input, blocks);
    return written && asBuffer(written);
  }
  const stripped = format === 'jpeg' ? stripJpeg(input) : stripPng(input);
  if (!stripped) return null;
  return format === 'jpeg' ? withJpegMetadata(asBuffer(stripped), blocks) : withPngMetadata(asBuffer(stripped), blocks);
}
