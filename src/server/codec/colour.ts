// Brings every decoded image to 8-bit sRGB (or 8-bit grey) before encoding, since the ICC
// profile is removed with the rest of the metadata and viewers then assume sRGB.
import type { Metadata, Sharp } from 'sharp';

export function isGrey(meta: Pick<Metadata, 'space'>): boolean {
  return meta.space === 'b-w' || meta.space === 'grey16';
}

export function toSrgb8(pipeline: Sharp, meta: Pick<Metadata, 'space' | 'depth' | 'hasProfile' | 'hasAlpha'>): Sharp {
  // Grey stays one channel: three identical channels would only cost bytes. sharp's 'b-w' output
  // drops alpha, so grey with alpha goes through RGBA, which oxipng reduces back to grey+alpha.
  if (isGrey(meta) && !meta.hasAlpha) return pipeline.toColourspace('b-w');
  // sharp processes 16-bit images with a profile in Display P3 and, without an output profile,
  // would label those P3 values as sRGB (visibly duller colours). Asking for an sRGB output
  // profile that is not attached makes it convert P3 to sRGB properly.
  if (meta.depth === 'ushort' && meta.hasProfile) return pipeline.withIccProfile('srgb', { attach: false });
  // 8-bit inputs with a profile, and CMYK with or without one, are converted to sRGB by sharp itself.
  return pipeline.toColourspace('srgb');
}
