// Which formats are worth encoding for one image (Auto's candidates), and why the others are not; and whether the
// upload itself may compete. Pure rules over the image's traits: the engines only report the traits.
import type { FormatDecision } from '#contract/api';
import { MAX_AVIF_PIXELS, MAX_PNG_PIXELS } from '#contract/limits';
import { AUTO_DEFAULT_FORMATS, FORMAT_LABELS, type ImageFormat } from '#contract/settings';
import type { ImageTraits, OpenImage } from './engine';
import type { FormatDescriptor } from './formats';
import { moreColoursThan } from './pixels';

/**
 * Above this many distinct colours an image is treated as a photograph. Screenshots, logos and diagrams in
 * the corpus stay below a few thousand (anti-aliased text included); photographs pass it within a few rows.
 */
export const PHOTO_COLOUR_COUNT = 16_384;

/** More distinct colours than PHOTO_COLOUR_COUNT among interleaved pixels of `channels` channels (stops early). */
export const countsAsPhoto = (data: Uint8Array, channels: number): boolean => moreColoursThan(data, channels, PHOTO_COLOUR_COUNT);

/** Whether any pixel is not fully opaque, for interleaved pixels whose last channel is alpha. */
export function anyTransparent(data: Uint8Array, channels: number): boolean {
  if (channels !== 2 && channels !== 4) return false;
  for (let p = channels - 1; p < data.length; p += channels) if (data[p]! < 255) return true;
  return false;
}

export interface CandidatePlan {
  formats: ImageFormat[];
  skipped: { format: ImageFormat; reason: string }[];
}

/**
 * Pruning saves encodes that cannot win or cannot keep the image as it is: JPEG has no transparency (flattening
 * changes the picture, so it is no candidate when another format can keep it), and PNG is never the smallest
 * for a photograph (see ImageTraits.photographic). A pruned format is still used when nothing else is allowed.
 */
export function planAutoCandidates(
  allowed: readonly ImageFormat[],
  traits: ImageTraits,
  formats: Record<ImageFormat, Pick<FormatDescriptor, 'supportsAlpha'>>,
): CandidatePlan {
  let kept = [...new Set(allowed)];
  const skipped: CandidatePlan['skipped'] = [];
  if (traits.transparent && kept.some((f) => formats[f].supportsAlpha)) {
    for (const f of kept.filter((f) => !formats[f].supportsAlpha)) {
      skipped.push({ format: f, reason: `${FORMAT_LABELS[f]} cannot carry transparency` });
    }
    kept = kept.filter((f) => formats[f].supportsAlpha);
  }
  if (traits.photographic && kept.includes('png') && kept.length > 1) {
    skipped.push({ format: 'png', reason: 'a photograph: PNG is never the smallest at the same quality' });
    kept = kept.filter((f) => f !== 'png');
  }
  return { formats: kept, skipped };
}

/**
 * Lossless candidates: formats that can encode pixel-identically (JPEG cannot: a JPEG upload is a candidate as
 * itself instead). Two more are pruned while lossless WebP is among them: lossless AVIF, which came out 1.2-4 times
 * the size of lossless WebP on every corpus image measured (photos, illustrations with alpha, logos) while taking 3-15
 * times as long, and PNG for a photograph, where lossless WebP's predictors and entropy coding win every time.
 */
export function planLosslessCandidates(
  allowed: readonly ImageFormat[],
  traits: Pick<ImageTraits, 'photographic'>,
  formats: Record<ImageFormat, Pick<FormatDescriptor, 'supportsLossless'>>,
): CandidatePlan {
  const unique = [...new Set(allowed)];
  const skipped: CandidatePlan['skipped'] = unique
    .filter((f) => !formats[f].supportsLossless)
    .map((f) => ({ format: f, reason: `${FORMAT_LABELS[f]} cannot be encoded losslessly` }));
  let kept = unique.filter((f) => formats[f].supportsLossless);
  if (kept.includes('webp') && kept.includes('avif')) {
    skipped.push({ format: 'avif', reason: 'lossless AVIF is larger than lossless WebP' });
    kept = kept.filter((f) => f !== 'avif');
  }
  if (traits.photographic && kept.includes('webp') && kept.includes('png')) {
    skipped.push({ format: 'png', reason: 'a photograph: lossless WebP is smaller than PNG' });
    kept = kept.filter((f) => f !== 'png');
  }
  return { formats: kept, skipped };
}

/** Auto's candidates for the mode (lossy or lossless), with PNG left out over its pixel limit. */
export function planCandidates(image: OpenImage, allowed: readonly ImageFormat[], traits: ImageTraits, formats: Record<ImageFormat, FormatDescriptor>): CandidatePlan {
  const plan =
    image.settings.mode === 'lossless' ? planLosslessCandidates(allowed, traits, formats) : planAutoCandidates(allowed, traits, formats);
  // The stored pixels, not the upright ones: the same count either way.
  if (image.upright.width * image.upright.height > MAX_PNG_PIXELS && plan.formats.includes('png') && plan.formats.length > 1) {
    plan.formats = plan.formats.filter((f) => f !== 'png');
    plan.skipped.push({ format: 'png', reason: `over the ${MAX_PNG_PIXELS / 1_000_000} megapixel limit for PNG` });
  }
  // AVIF is made at the output's size (a resize asked for makes it smaller).
  const out = image.bounded ?? image.upright;
  if (out.width * out.height > MAX_AVIF_PIXELS && plan.formats.includes('avif') && plan.formats.length > 1) {
    plan.formats = plan.formats.filter((f) => f !== 'avif');
    plan.skipped.push({ format: 'avif', reason: `over the ${MAX_AVIF_PIXELS / 1_000_000} megapixel limit for AVIF` });
  }
  return plan;
}

/** The formats Auto may choose from: the viewer's list, or every format most browsers show (not JPEG XL). */
export function allowedFormats(image: OpenImage): readonly ImageFormat[] {
  return image.settings.formats?.length ? image.settings.formats : AUTO_DEFAULT_FORMATS;
}

/** A fresh decision record for Auto, starting with what the plan skipped. */
export function newDecision(image: OpenImage, plan: CandidatePlan): FormatDecision {
  return { winner: image.format, keptOriginal: false, candidates: [], skipped: [...plan.skipped] };
}
