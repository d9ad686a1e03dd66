// Where the private page finds libvips in WebAssembly: wasm-vips's own files, unmodified, in a folder named by its
// version (so a year's caching never serves an old build). The build copies them (scripts/wasm-vips-assets.ts).

/** The installed wasm-vips's version (a unit test holds it to package.json's). */
export const WASM_VIPS_VERSION = '0.0.19';

/** The folder, from the site's root, ending in a slash. */
export const WASM_VIPS_DIR = `/assets/wasm-vips-${WASM_VIPS_VERSION}/`;

/**
 * The module, libvips with JPEG, PNG (libimagequant, libspng) and WebP, and libheif with libaom for AVIF (loaded
 * only when an AVIF is read or may be written). The package's JPEG XL and SVG libraries are not shipped yet.
 */
export const WASM_VIPS_FILES = ['vips-es6.js', 'vips.wasm', 'vips-heif.wasm'] as const;
