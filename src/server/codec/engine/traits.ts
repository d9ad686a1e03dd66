// What the core's candidate planning asks of the pixels: transparency, and whether the image is a photograph.
import { anyTransparent, countsAsPhoto, type ImageTraits } from '#codec-core/index';
import { toSrgb8 } from '#server/codec/colour/colour';
import { FAIL_ON, sharp } from '#server/codec/sharp-setup';
import type { SharpImage } from './open';

/** Decodes once and looks at the pixels: transparency always, the colour count only when asked (it stops early). */
export async function imageTraits(image: SharpImage, { colours }: { colours: boolean }): Promise<ImageTraits> {
  const { input, meta, maxPixels, deadline } = image;
  if (!meta.hasAlpha && !colours) return { transparent: false, photographic: true };
  const pipeline = sharp(input, { failOn: FAIL_ON, limitInputPixels: maxPixels }).timeout({ seconds: deadline.remainingSeconds() });
  const { data, info } = await toSrgb8(pipeline, meta).raw().toBuffer({ resolveWithObject: true });
  return { transparent: anyTransparent(data, info.channels), photographic: colours ? countsAsPhoto(data, info.channels) : true };
}
