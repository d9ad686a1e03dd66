// The part of lcms-wasm (LittleCMS 2.16 in WebAssembly; the package ships no types) that relative-intent.ts uses.
declare module 'lcms-wasm' {
  /** A profile or transform handle: a pointer into the WebAssembly heap, 0 on failure. */
  type Handle = number;
  export interface Lcms {
    cmsOpenProfileFromMem(data: Uint8Array, size: number): Handle;
    cmsCreate_sRGBProfile(): Handle;
    cmsCloseProfile(profile: Handle): void;
    cmsCreateTransform(input: Handle, inputFormat: number, output: Handle, outputFormat: number, intent: number, flags: number): Handle;
    cmsDeleteTransform(transform: Handle): void;
    /** Converts `pixels` pixels; the result is a copy outside the heap. */
    cmsDoTransform(transform: Handle, input: Uint8Array, pixels: number): Uint8Array;
  }
  export function instantiate(options?: { locateFile?: (name: string) => string }): Promise<Lcms>;
  export const TYPE_RGB_8: number;
  export const INTENT_RELATIVE_COLORIMETRIC: number;
}
