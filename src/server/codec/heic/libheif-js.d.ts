// The part of libheif-js (libheif 1.23 with libde265, in WebAssembly; LGPL-3.0) that decode-heic.ts uses. The package
// ships Emscripten's own declarations for its internals only, not for the entry that bundles the .wasm.
declare module 'libheif-js/wasm-bundle' {
  interface EnumValue {
    value: number;
  }
  interface HeifError {
    code: EnumValue;
    message: string;
  }
  /** A handle of an image in the file; an error object when there is none. */
  type Handle = { readonly __handle: unique symbol } | (HeifError & { code: EnumValue });
  interface Channel {
    id: EnumValue;
    width: number;
    height: number;
    stride: number;
    data: Uint8Array;
  }
  interface Decoded {
    image: unknown;
    width: number;
    height: number;
    channels: Channel[];
  }
  interface LibHeif {
    heif_context_alloc(): unknown;
    heif_context_free(context: unknown): void;
    heif_context_read_from_memory(context: unknown, data: Uint8Array): HeifError;
    heif_js_context_get_primary_image_handle(context: unknown): Handle;
    heif_image_handle_get_width(handle: Handle): number;
    heif_image_handle_get_height(handle: Handle): number;
    heif_image_handle_has_alpha_channel(handle: Handle): number;
    heif_image_handle_release(handle: Handle): void;
    heif_js_decode_image2(handle: Handle, colourspace: EnumValue, chroma: EnumValue): Promise<Decoded | HeifError>;
    heif_image_release(image: unknown): void;
    heif_colorspace: { heif_colorspace_RGB: EnumValue };
    heif_chroma: { heif_chroma_interleaved_RGB: EnumValue; heif_chroma_interleaved_RGBA: EnumValue };
    heif_channel: { heif_channel_interleaved: EnumValue };
    heif_error_code: { heif_error_Ok: EnumValue };
  }
  const libheif: LibHeif;
  export default libheif;
}

// The factory the bundle entry above calls once: each call is a new instance with its own WebAssembly memory.
declare module 'libheif-js/libheif-wasm/libheif-bundle.js' {
  import type libheif from 'libheif-js/wasm-bundle';
  const factory: () => typeof libheif;
  export default factory;
}
