// Fitting an image inside bounds: the aspect ratio kept, never enlarged. Dimensions are as displayed (after the
// EXIF orientation), because the pipeline rotates the pixels upright before it resizes them.
import type { Sharp } from 'sharp';

export interface Dimensions {
  width: number;
  height: number;
}

/** The size scaled by `scale` (at most 1), each side at least one pixel. */
export function scaledBy(size: Dimensions, scale: number): Dimensions {
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/**
 * The size fitted inside `maxWidth` × `maxHeight` (either may be absent), or null when it fits already. The bounding
 * side lands exactly on its bound and the other, rounded, cannot pass its own: h·(maxW/w) ≤ maxH when maxW/w is the
 * smaller ratio, and rounding an integer-bounded value never crosses the integer.
 */
export function fitInside(size: Dimensions, maxWidth?: number, maxHeight?: number): Dimensions | null {
  const scale = Math.min(1, maxWidth ? maxWidth / size.width : 1, maxHeight ? maxHeight / size.height : 1);
  return scale < 1 ? scaledBy(size, scale) : null;
}

/**
 * Resamples to exactly `size` with lanczos3. Shrink-on-load (JPEG's and WebP's decoding at 1/2, 1/4, 1/8) is off: it
 * can leave moiré, and the pipeline decodes the whole image anyway.
 */
export function resizedTo(pipeline: Sharp, size: Dimensions): Sharp {
  return pipeline.resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3', fastShrinkOnLoad: false });
}
