// What each metadata policy keeps of the upload's metadata, and when its colour profile travels with the pixels.
//
// strip (the default): nothing private; re-encoded pixels are converted to sRGB and carry no profile.
// keep: EXIF without its GPS IFD and thumbnail, XMP without location properties, the IPTC record, the ICC profile.
// keep-all: the same with GPS.
// In every policy the orientation written is the one the written pixels need: 1 once they are rotated upright.
import type { Metadata } from '#server/codec/sharp-setup';
import type { CompressionMode, ImageFormat, MetadataPolicy } from '#contract/settings';
import { isGrey } from '#server/codec/colour/colour';
import { editExif } from './exif-edit';
import { minimalExif } from '#codec-core/index';
import { iptcResource, type MetadataBlocks } from './metadata-write';
import { editXmp } from './xmp-edit';

export type UploadMetadata = Pick<Metadata, 'exif' | 'xmp' | 'iptc' | 'icc' | 'orientation' | 'space' | 'hasAlpha'>;

/** The colour space an ICC profile describes (its header's data colour space field), e.g. 'RGB ', 'GRAY', 'CMYK'. */
function profileSpace(icc: Buffer): string {
  return icc.length >= 20 ? icc.toString('latin1', 16, 20) : '';
}

/**
 * Whether the output keeps the upload's ICC profile, and so its pixels stay in the upload's own colour space
 * instead of being converted to sRGB: under `keep` and `keep-all`, and in lossless mode under every policy (a
 * conversion to sRGB would change the pixel values; a profile is no private data). Only where the profile can
 * describe the written pixels: RGB profiles on colour images, grey profiles on grey images without alpha written
 * as JPEG or PNG (WebP and AVIF write grey as RGB). CMYK is always converted: no output format here holds it.
 */
export function keepsProfile(meta: UploadMetadata, policy: MetadataPolicy, mode: CompressionMode, format: ImageFormat): boolean {
  if (!meta.icc || (policy === 'strip' && mode !== 'lossless')) return false;
  const space = profileSpace(meta.icc);
  if (space === 'RGB ') return !isGrey(meta) && meta.space !== 'cmyk';
  if (space === 'GRAY') return isGrey(meta) && !meta.hasAlpha && (format === 'jpeg' || format === 'png');
  return false;
}

export interface Placement {
  /** The orientation the written pixels need: 1 for re-encoded (upright) pixels, the upload's for its own pixels. */
  orientation: number;
  /** The written pixel dimensions, for EXIF's PixelXDimension/PixelYDimension. */
  dimensions?: { width: number; height: number };
  /** The profile goes along (see keepsProfile). */
  icc: boolean;
}

/** The blocks a policy keeps, edited for where they go. `strip` keeps none but the profile lossless mode asks for. */
export function keptBlocks(meta: UploadMetadata, policy: MetadataPolicy, placement: Placement): MetadataBlocks {
  const blocks: MetadataBlocks = {};
  if (placement.icc && meta.icc) blocks.icc = meta.icc;
  if (policy === 'strip') return blocks;
  const removeGps = policy === 'keep';
  const exif = meta.exif ? editExif(meta.exif, { removeGps, orientation: placement.orientation, dimensions: placement.dimensions }) : null;
  if (exif) blocks.exif = exif;
  // An EXIF block that could not be edited is dropped; the upload's own pixels still need their orientation.
  else if (placement.orientation !== 1) blocks.exif = Buffer.from(minimalExif(placement.orientation));
  if (meta.xmp) {
    const xmp = editXmp(meta.xmp.toString('utf8'), { removeGps, orientation: placement.orientation });
    if (xmp !== null) blocks.xmp = xmp;
  }
  const iptc = meta.iptc ? iptcResource(meta.iptc) : null;
  if (iptc) blocks.iptc = iptc;
  return blocks;
}
