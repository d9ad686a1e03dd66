// Fitting an image inside bounds: the aspect ratio kept, never enlarged. Sizes are as displayed (after the
// orientation), because every engine turns the pixels upright before it resizes them.
import type { CodecSettings, Size } from './engine';

/** The size scaled by `scale` (at most 1), each side at least one pixel. */
export function scaledBy(size: Size, scale: number): Size {
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/**
 * The size fitted inside `maxWidth` × `maxHeight` (either may be absent), or null when it fits already. The bounding
 * side lands exactly on its bound and the other, rounded, cannot pass its own: h·(maxW/w) ≤ maxH when maxW/w is the
 * smaller ratio, and rounding an integer-bounded value never crosses the integer.
 */
export function fitInside(size: Size, maxWidth?: number, maxHeight?: number): Size | null {
  const scale = Math.min(1, maxWidth ? maxWidth / size.width : 1, maxHeight ? maxHeight / size.height : 1);
  return scale < 1 ? scaledBy(size, scale) : null;
}

/**
 * The size the settings ask for, or null when the upload keeps its own: fitted inside the bounds, or with `cover`
 * and `contain` exactly the bounds' box (both must be given; a box may enlarge, up to the pixel limit).
 */
export function boundsOf(upright: Size, settings: Pick<CodecSettings, 'maxWidth' | 'maxHeight' | 'fit'>): Size | null {
  const { maxWidth, maxHeight, fit = 'inside' } = settings;
  if (fit !== 'inside' && maxWidth && maxHeight) {
    return maxWidth === upright.width && maxHeight === upright.height ? null : { width: maxWidth, height: maxHeight };
  }
  return fitInside(upright, maxWidth, maxHeight);
}
