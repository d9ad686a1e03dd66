// HEIC (HEVC-coded HEIF, what iPhones save) decoded with libheif in WebAssembly: sharp's prebuilt libvips reads the
// container but has no HEVC decoder (royalty-free codecs only), so the codec process decodes the primary image here
// and hands libvips its pixels. docs/decisions/0400-heic-input.md (licence and patents, why not heic-decode).
import type LibHeifModule from 'libheif-js/wasm-bundle';
import { CodecError, CORRUPT_MESSAGE, tooManyPixelsError } from '#codec-core/index';

type LibHeif = typeof LibHeifModule;

/** The primary image as libheif shows it: upright (its rotation and mirroring applied), 8-bit RGBA. */
export interface HeicPixels {
  width: number;
  height: number;
  /** RGBA, four bytes a pixel, rows without padding. */
  data: Buffer;
  hasAlpha: boolean;
}

// Loaded on the first HEIC only: the module is 2 MB of JavaScript around a 1.4 MB WebAssembly file that a process
// which never sees a HEIC should not pay for (about 0.3 s to instantiate).
// A literal dynamic import, so the codec process's bundle (sandbox/codec-entry.ts) addresses the package by path.
let loaded: Promise<LibHeif> | undefined;
function libheif(): Promise<LibHeif> {
  return (loaded ??= import('libheif-js/wasm-bundle').then((module) => module.default));
}

const failed = (value: object): value is { code: { value: number }; message: string } =>
  'code' in value && typeof (value as { code?: { value?: unknown } }).code?.value === 'number' && (value as { code: { value: number } }).code.value !== 0;

/** Reads the header, refuses an image over `maxPixels` before decoding a pixel, then decodes the primary image. */
export async function decodeHeic(input: Uint8Array, maxPixels: number): Promise<HeicPixels> {
  const lib = await libheif();
  const context = lib.heif_context_alloc();
  try {
    const read = lib.heif_context_read_from_memory(context, input);
    if (read.code.value !== lib.heif_error_code.heif_error_Ok.value) throw new CodecError('corrupt', CORRUPT_MESSAGE);
    const handle = lib.heif_js_context_get_primary_image_handle(context);
    if (failed(handle)) throw new CodecError('corrupt', CORRUPT_MESSAGE);
    try {
      // The handle's size is the displayed one (after rotation), known from the header alone.
      const width = lib.heif_image_handle_get_width(handle);
      const height = lib.heif_image_handle_get_height(handle);
      if (!width || !height) throw new CodecError('corrupt', CORRUPT_MESSAGE);
      if (width * height > maxPixels) throw tooManyPixelsError(width, height, maxPixels);
      const hasAlpha = lib.heif_image_handle_has_alpha_channel(handle) !== 0;
      const decoded = await lib.heif_js_decode_image2(handle, lib.heif_colorspace.heif_colorspace_RGB, lib.heif_chroma.heif_chroma_interleaved_RGBA);
      if (failed(decoded) || !('channels' in decoded)) throw new CodecError('corrupt', CORRUPT_MESSAGE);
      try {
        return { width, height, hasAlpha, data: packedRows(decoded.channels, lib, width, height) };
      } finally {
        lib.heif_image_release(decoded.image);
      }
    } finally {
      lib.heif_image_handle_release(handle);
    }
  } finally {
    lib.heif_context_free(context);
  }
}

/** The interleaved plane copied out of the WebAssembly heap, its row padding (stride) removed. */
function packedRows(channels: { id: { value: number }; width: number; height: number; stride: number; data: Uint8Array }[], lib: LibHeif, width: number, height: number): Buffer {
  const plane = channels.find((c) => c.id.value === lib.heif_channel.heif_channel_interleaved.value);
  if (!plane || plane.width !== width || plane.height !== height) throw new CodecError('corrupt', CORRUPT_MESSAGE);
  const row = width * 4;
  const out = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) out.set(plane.data.subarray(y * plane.stride, y * plane.stride + row), y * row);
  return out;
}
