// Embedded RGB profiles with rendering-intent tables (A2B0/A2B1/A2B2: LUT-based profiles such as the ICC's sRGB v4
// "preference" profile) are converted with the relative colorimetric intent, the colours the profile measures. sharp
// always converts with the perceptual intent, which for such a profile means its perceptual table: a rendering
// preference (desaturated, lifted shadows) instead of the picture's colours. Matrix/curve profiles, nearly every
// camera's and screen's, have no intent tables and stay with sharp, where both intents give the same colours.
// See docs/decisions/0223-relative-intent-for-lut-profiles.md.
import { INTENT_RELATIVE_COLORIMETRIC, instantiate, TYPE_RGB_8, type Lcms } from 'lcms-wasm';

const INTENT_TABLES = new Set(['A2B0', 'A2B1', 'A2B2']);
const HEADER_BYTES = 128;
const TAG_ENTRY_BYTES = 12;

/** True for an RGB profile that carries any AToB (intent-specific) table, read from its tag table without trusting its counts. */
export function hasIntentTables(icc: Uint8Array | undefined): boolean {
  if (!icc || icc.length < HEADER_BYTES + 4) return false;
  const view = Buffer.from(icc.buffer, icc.byteOffset, icc.byteLength);
  if (view.toString('latin1', 16, 20) !== 'RGB ') return false;
  const declared = view.readUInt32BE(HEADER_BYTES);
  const count = Math.min(declared, Math.floor((view.length - HEADER_BYTES - 4) / TAG_ENTRY_BYTES));
  for (let i = 0; i < count; i++) {
    const at = HEADER_BYTES + 4 + i * TAG_ENTRY_BYTES;
    if (INTENT_TABLES.has(view.toString('latin1', at, at + 4))) return true;
  }
  return false;
}

let engine: Promise<Lcms> | undefined;
/** LittleCMS, compiled once per process on first use (most processes never meet such a profile). */
const lcms = () => (engine ??= instantiate());

/** Pixels converted in runs of this many, so the WebAssembly heap holds two strips, not two images. */
const STRIP_PIXELS = 1 << 18;

export interface InterleavedPixels {
  data: Buffer;
  width: number;
  height: number;
  /** 3 (RGB) or 4 (RGB and alpha, passed through). */
  channels: 3 | 4;
}

/**
 * The pixels, stored in the space of `icc`, converted in place to 8-bit sRGB with the relative colorimetric intent
 * (no second copy of the image); alpha is kept as it is. Undefined when LittleCMS cannot use the profile (the caller
 * then keeps sharp's conversion, which ignores a profile it cannot read, and must not use `pixels.data`).
 */
export async function relativeToSrgb(pixels: InterleavedPixels, icc: Uint8Array): Promise<Buffer | undefined> {
  try {
    return convert(await lcms(), pixels, icc);
  } catch {
    // A profile that makes LittleCMS fail (WebAssembly traps on what it cannot parse) may leave the instance
    // unusable: the next image gets a fresh one, and this one sharp's conversion.
    engine = undefined;
    return undefined;
  }
}

function convert(cms: Lcms, pixels: InterleavedPixels, icc: Uint8Array): Buffer | undefined {
  const input = cms.cmsOpenProfileFromMem(icc, icc.length);
  if (!input) return undefined;
  const output = cms.cmsCreate_sRGBProfile();
  const transform = cms.cmsCreateTransform(input, TYPE_RGB_8, output, TYPE_RGB_8, INTENT_RELATIVE_COLORIMETRIC, 0);
  try {
    if (!transform) return undefined;
    const { data, channels } = pixels;
    const total = pixels.width * pixels.height;
    const strip = new Uint8Array(Math.min(total, STRIP_PIXELS) * 3);
    for (let start = 0; start < total; start += STRIP_PIXELS) {
      const count = Math.min(STRIP_PIXELS, total - start);
      for (let i = 0; i < count; i++) {
        const p = (start + i) * channels;
        strip[i * 3] = data[p]!;
        strip[i * 3 + 1] = data[p + 1]!;
        strip[i * 3 + 2] = data[p + 2]!;
      }
      const converted = cms.cmsDoTransform(transform, strip.subarray(0, count * 3), count);
      for (let i = 0; i < count; i++) {
        const p = (start + i) * channels;
        data[p] = converted[i * 3]!;
        data[p + 1] = converted[i * 3 + 1]!;
        data[p + 2] = converted[i * 3 + 2]!;
      }
    }
    return data;
  } finally {
    if (transform) cms.cmsDeleteTransform(transform);
    cms.cmsCloseProfile(input);
    cms.cmsCloseProfile(output);
  }
}
