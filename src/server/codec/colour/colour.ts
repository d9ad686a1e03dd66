// Brings every decoded image to 8-bit sRGB (or 8-bit grey) before encoding, since the ICC
// profile is removed with the rest of the metadata and viewers then assume sRGB. The aim is the
// colours a browser shows for the original, not a print shop's idea of them.
import type { Metadata, Sharp, SharpOptions } from '#server/codec/sharp-setup';
import { payloadStartsWith, walkJpeg } from '#codec-core/index';
import { hasIntentTables, relativeToSrgb } from './relative-intent';
import { sharp } from '#server/codec/sharp-setup';

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
  // 8-bit inputs with a profile, and CMYK with a profile, are converted to sRGB by sharp itself.
  return pipeline.toColourspace('srgb');
}

/**
 * 8-bit values in the image's own colour space, for output that carries the image's ICC profile along (see
 * metadata-policy.ts keepsProfile: RGB profiles on colour images, grey ones on grey images without alpha): no
 * conversion, only 16 bits scaled to 8.
 */
export function toOwnSpace8(pipeline: Sharp, meta: Pick<Metadata, 'space' | 'hasAlpha'>): Sharp {
  return pipeline.keepIccProfile().toColourspace(isGrey(meta) && !meta.hasAlpha ? 'b-w' : 'srgb');
}

/**
 * True when a JPEG carries an Adobe APP14 segment. libjpeg-based decoders (libvips among them)
 * take that as the sign that CMYK samples are stored inverted and invert them back on decoding.
 */
export function hasAdobeMarker(jpeg: Buffer): boolean {
  const header = walkJpeg(jpeg, { header: true }) ?? [];
  return header.some((part) => part.marker === 0xee && part.end - part.start >= 14 && payloadStartsWith(jpeg, part, 'Adobe'));
}

/**
 * CMYK without an embedded profile, converted the way browsers show it. Chromium (Skia) and
 * Firefox read the four stored samples as Adobe-inverted CMYK and multiply, R = C'·K'/255 with
 * C' = 255 - C; they apply no press profile. libvips instead assumes a coated-press profile
 * (visibly lighter, butteraugli about 26 against the browser rendering on the corpus flower).
 * libvips has already undone the Adobe inversion when the APP14 marker is present, so the stored
 * samples are recovered first and then multiplied as browsers do.
 */
export function browserCmykToRgb(cmyk: Uint8Array, pixels: number, adobeInverted: boolean): Buffer {
  const rgb = Buffer.allocUnsafe(pixels * 3);
  for (let i = 0, p = 0, o = 0; i < pixels; i++, p += 4, o += 3) {
    // Stored samples as the browser sees them (255 = no ink after Adobe inversion).
    const c = adobeInverted ? 255 - cmyk[p]! : cmyk[p]!;
    const m = adobeInverted ? 255 - cmyk[p + 1]! : cmyk[p + 1]!;
    const y = adobeInverted ? 255 - cmyk[p + 2]! : cmyk[p + 2]!;
    const k = adobeInverted ? 255 - cmyk[p + 3]! : cmyk[p + 3]!;
    rgb[o] = Math.round((c * k) / 255);
    rgb[o + 1] = Math.round((m * k) / 255);
    rgb[o + 2] = Math.round((y * k) / 255);
  }
  return rgb;
}

export function isProfilelessCmyk(meta: Pick<Metadata, 'space' | 'hasProfile'>): boolean {
  return meta.space === 'cmyk' && !meta.hasProfile;
}

/**
 * An RGB image whose profile has intent tables, converted with the relative intent (relative-intent.ts): decoded
 * in its own space, then converted by LittleCMS. Undefined when LittleCMS cannot use the profile.
 */
async function byRelativeIntent(pipeline: Sharp, meta: Metadata): Promise<Sharp | undefined> {
  const { data, info } = await toOwnSpace8(pipeline, meta).raw().toBuffer({ resolveWithObject: true });
  const channels = info.channels === 4 ? 4 : 3;
  const rgb = await relativeToSrgb({ data, width: info.width, height: info.height, channels }, meta.icc!);
  return rgb && sharp(rgb, { raw: { width: info.width, height: info.height, channels } });
}

/**
 * Opens `input` as 8-bit sRGB (or grey) pixels ready to encode, with `options` (orientation, limits,
 * failOn) applied to the decode. Profile-less CMYK is decoded to its raw samples and converted here
 * (see browserCmykToRgb), and RGB with an intent-table profile by the relative intent (byRelativeIntent);
 * everything else goes through sharp's own conversion (toSrgb8). With `ownSpace` the pixels stay in the
 * space of the image's profile, which then goes along (toOwnSpace8).
 */
export async function openSrgb8(input: Buffer, meta: Metadata, options: SharpOptions, timeoutSeconds?: number, ownSpace = false): Promise<Sharp> {
  const open = () => {
    const pipeline = sharp(input, options);
    return timeoutSeconds === undefined ? pipeline : pipeline.timeout({ seconds: timeoutSeconds });
  };
  if (ownSpace) return toOwnSpace8(open(), meta);
  if (!isProfilelessCmyk(meta)) {
    const relative = !isGrey(meta) && hasIntentTables(meta.icc) ? await byRelativeIntent(open(), meta) : undefined;
    return relative ?? toSrgb8(open(), meta);
  }
  // The pipeline stays in CMYK so that sharp does not apply its default press profile.
  const { data, info } = await open().pipelineColourspace('cmyk').toColourspace('cmyk').raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`expected 4 CMYK channels, got ${info.channels}`);
  const rgb = browserCmykToRgb(data, info.width * info.height, hasAdobeMarker(input));
  return sharp(rgb, { raw: { width: info.width, height: info.height, channels: 3 } });
}
