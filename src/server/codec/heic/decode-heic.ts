// HEIC (HEVC-coded HEIF, what iPhones save) decoded with libheif in WebAssembly: sharp's prebuilt libvips reads the
// container but has no HEVC decoder (royalty-free codecs only), so the codec process decodes the primary image here
// and hands libvips its pixels. docs/decisions/0400-heic-input.md (licence and patents, why not heic-decode).
import type LibHeifModule from 'libheif-js/wasm-bundle';
import { CodecError, CORRUPT_MESSAGE, tooManyPixelsError } from '#codec-core/index';

type LibHeif = typeof LibHeifModule;

/** The primary image as libheif shows it: upright (its rotation and mirroring applied), 8-bit RGB or RGBA. */
export interface HeicPixels {
  width: number;
  height: number;
  /** 3 (RGB) or, with alpha, 4 (RGBA) bytes a pixel, rows without padding. */
  channels: 3 | 4;
  /**
   * The pixels, a view into libheif's memory where its rows have no padding (no copy of a 50-megapixel picture):
   * valid only while `use` runs.
   */
  data: Buffer;
  hasAlpha: boolean;
}

// A fresh instance for each decode: its WebAssembly memory grows to hold the picture (about 400 MB for 50 megapixels)
// and never shrinks, so an instance kept for the next HEIC would hold that memory for the life of the codec process.
// Dropped after the decode, the memory goes with the instance at the next garbage collection, which the caller asks
// for (releaseDecoderMemory) before the encoders need the room (docs/decisions/0587). About 0.3 s to instantiate.
// A literal dynamic import, so the codec process's bundle (sandbox/codec-entry.ts) addresses the package by path.
async function libheif(): Promise<LibHeif> {
  const { default: factory } = await import('libheif-js/libheif-wasm/libheif-bundle.js');
  return factory();
}

/**
 * Frees the memory of the decoders dropped since the last call, when the process allows it (the codec process runs
 * with --expose-gc); elsewhere the collector frees it in its own time.
 */
export function releaseDecoderMemory(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

const failed = (value: object): value is { code: { value: number }; message: string } =>
  'code' in value && typeof (value as { code?: { value?: unknown } }).code?.value === 'number' && (value as { code: { value: number } }).code.value !== 0;

/**
 * Reads the header, refuses an image over `maxPixels` before decoding a pixel, then decodes the primary image and
 * hands it to `use` before its memory is released. RGB unless the image has alpha: a camera's 50 megapixels as RGBA
 * would take 50 MB more in libheif and in every copy after it (memory plan, docs/decisions/0587).
 */
export async function decodeHeic<T>(input: Uint8Array, maxPixels: number, use: (pixels: HeicPixels) => Promise<T>): Promise<T> {
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
      const channels = hasAlpha ? 4 : 3;
      const chroma = hasAlpha ? lib.heif_chroma.heif_chroma_interleaved_RGBA : lib.heif_chroma.heif_chroma_interleaved_RGB;
      const decoded = await lib.heif_js_decode_image2(handle, lib.heif_colorspace.heif_colorspace_RGB, chroma);
      if (failed(decoded) || !('channels' in decoded)) throw new CodecError('corrupt', CORRUPT_MESSAGE);
      try {
        return await use({ width, height, channels, hasAlpha, data: packedRows(decoded.channels, lib, width, height, channels) });
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

/** The interleaved plane without row padding: a view of the WebAssembly heap when it has none, else a packed copy. */
function packedRows(channels: { id: { value: number }; width: number; height: number; stride: number; data: Uint8Array }[], lib: LibHeif, width: number, height: number, bytesPerPixel: number): Buffer {
  const plane = channels.find((c) => c.id.value === lib.heif_channel.heif_channel_interleaved.value);
  if (!plane || plane.width !== width || plane.height !== height) throw new CodecError('corrupt', CORRUPT_MESSAGE);
  const row = width * bytesPerPixel;
  if (plane.stride === row) return Buffer.from(plane.data.buffer, plane.data.byteOffset, row * height);
  const out = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) out.set(plane.data.subarray(y * plane.stride, y * plane.stride + row), y * row);
  return out;
}
