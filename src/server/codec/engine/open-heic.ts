// A HEIC upload turned into what the rest of the sharp engine reads: its primary image decoded upright by libheif
// (heic/decode-heic.ts), written as an uncompressed PNG carrying the upload's colour profile, EXIF and XMP, so
// colour conversion, metadata policies and every encoder work on it exactly as on any other upload.
import type { Metadata } from '#server/codec/sharp-setup';
import { CodecError, CORRUPT_MESSAGE } from '#codec-core/index';
import { decodeHeic, releaseDecoderMemory } from '#server/codec/heic/decode-heic';
import { keptBlocks } from '#server/codec/metadata/metadata-policy';
import { withPngMetadata } from '#server/codec/metadata/metadata-write';
import { FAIL_ON, sharp } from '#server/codec/sharp-setup';

/**
 * The container's metadata, read by libvips's HEIF loader: it parses HEIC boxes (profile, EXIF, XMP) although
 * sharp's build cannot decode the HEVC pixels.
 */
async function containerMetadata(input: Buffer): Promise<Metadata> {
  try {
    return await sharp(input, { failOn: FAIL_ON, limitInputPixels: false }).metadata();
  } catch {
    throw new CodecError('corrupt', CORRUPT_MESSAGE);
  }
}

/** The HEIC's pixels as a lossless PNG (level 0: it is read once and thrown away) with the upload's metadata. */
export async function heicAsPng(input: Buffer, maxPixels: number): Promise<Buffer> {
  const header = await containerMetadata(input);
  // Written while libheif still holds the pixels (no copy of them is made), then released.
  const png = await decodeHeic(input, maxPixels, ({ width, height, channels, data }) =>
    sharp(data, { raw: { width, height, channels } }).png({ compressionLevel: 0, adaptiveFiltering: false }).toBuffer(),
  );
  releaseDecoderMemory();
  const { width, height } = (await sharp(png).metadata()) as { width: number; height: number };
  // HEIF rotates with its own boxes (irot, imir), which libheif has applied; an EXIF orientation in a HEIC is only
  // informative (ISO/IEC 23008-12) and must not turn the pixels again, so it is written as 1.
  const blocks = keptBlocks(header, 'keep-all', { orientation: 1, dimensions: { width, height }, icc: true });
  return withPngMetadata(png, blocks) ?? png;
}
