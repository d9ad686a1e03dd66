// Auto's candidate plan: which formats are worth encoding for one image, and why the others are not.
import type { Metadata } from 'sharp';
import type { ImageFormat } from '#contract/settings';
import { toSrgb8 } from './colour';
import type { Deadline } from './deadline';
import type { EncoderDescriptor } from './encoders';
import { FAIL_ON, sharp } from './sharp-setup';

export interface ImageTraits {
  /** Some pixel is not fully opaque. */
  transparent: boolean;
  /**
   * More distinct colours than a graphic has (or not counted). A PNG of such an image is lossless or quantised
   * to 256 colours, and at the same visual quality it is several times the size of WebP, AVIF or JPEG.
   */
  photographic: boolean;
}

/**
 * Above this many distinct colours an image is treated as a photograph. Screenshots, logos and diagrams in
 * the corpus stay below a few thousand (anti-aliased text included); photographs pass it within a few rows.
 */
export const PHOTO_COLOUR_COUNT = 16_384;

interface Source {
  input: Buffer;
  meta: Metadata;
  maxPixels: number;
  deadline: Deadline;
}

/** Decodes once and looks at the pixels: transparency always, the colour count only when asked (it stops early). */
export async function imageTraits(source: Source, { colours }: { colours: boolean }): Promise<ImageTraits> {
  const { input, meta, maxPixels, deadline } = source;
  if (!meta.hasAlpha && !colours) return { transparent: false, photographic: true };
  const pipeline = sharp(input, { failOn: FAIL_ON, limitInputPixels: maxPixels }).timeout({ seconds: deadline.remainingSeconds() });
  const { data, info } = await toSrgb8(pipeline, meta).raw().toBuffer({ resolveWithObject: true });
  const channels = info.channels;
  const hasAlpha = channels === 2 || channels === 4;
  let transparent = false;
  if (hasAlpha) {
    for (let p = channels - 1; p < data.length; p += channels) {
      if (data[p]! < 255) {
        transparent = true;
        break;
      }
    }
  }
  return { transparent, photographic: colours ? countsAsPhoto(data, channels) : true };
}

function countsAsPhoto(data: Buffer, channels: number): boolean {
  const seen = new Set<number>();
  for (let p = 0; p < data.length; p += channels) {
    let key = 0;
    for (let c = 0; c < channels; c++) key = key * 256 + data[p + c]!;
    seen.add(key);
    if (seen.size > PHOTO_COLOUR_COUNT) return true;
  }
  return false;
}

export interface AutoPlan {
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
  encoders: Record<ImageFormat, Pick<EncoderDescriptor, 'supportsAlpha'>>,
): AutoPlan {
  let formats = [...new Set(allowed)];
  const skipped: AutoPlan['skipped'] = [];
  if (traits.transparent && formats.some((f) => encoders[f].supportsAlpha)) {
    for (const f of formats.filter((f) => !encoders[f].supportsAlpha)) {
      skipped.push({ format: f, reason: `${f.toUpperCase()} cannot carry transparency` });
    }
    formats = formats.filter((f) => encoders[f].supportsAlpha);
  }
  if (traits.photographic && formats.includes('png') && formats.length > 1) {
    skipped.push({ format: 'png', reason: 'a photograph: PNG is never the smallest at the same quality' });
    formats = formats.filter((f) => f !== 'png');
  }
  return { formats, skipped };
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
  encoders: Record<ImageFormat, Pick<EncoderDescriptor, 'supportsLossless'>>,
): AutoPlan {
  const unique = [...new Set(allowed)];
  const skipped: AutoPlan['skipped'] = unique
    .filter((f) => !encoders[f].supportsLossless)
    .map((f) => ({ format: f, reason: `${f.toUpperCase()} cannot be encoded losslessly` }));
  let formats = unique.filter((f) => encoders[f].supportsLossless);
  if (formats.includes('webp') && formats.includes('avif')) {
    skipped.push({ format: 'avif', reason: 'lossless AVIF is larger than lossless WebP' });
    formats = formats.filter((f) => f !== 'avif');
  }
  if (traits.photographic && formats.includes('webp') && formats.includes('png')) {
    skipped.push({ format: 'png', reason: 'a photograph: lossless WebP is smaller than PNG' });
    formats = formats.filter((f) => f !== 'png');
  }
  return { formats, skipped };
}
