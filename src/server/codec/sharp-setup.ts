// Configures sharp once for the whole process before any image is opened. The only module that imports sharp: the
// rest of the codec takes it, and its types, from here, so no code path can open an image before this has run.
import sharp from 'sharp';

export type { Color, Metadata, Sharp, SharpOptions } from 'sharp';

// Parallelism comes from concurrent jobs: a second libvips thread inside one job barely helps
// (JPEG and PNG saving are sequential) and would fight the other jobs for the same cores.
sharp.concurrency(1);
// Every input is seen once; caching decoded operations only holds memory.
sharp.cache(false);
// Only JPEG, PNG, WebP, AVIF (with HEIC headers) and GIF may ever be decoded by libvips, whatever a file claims to
// be. Blocking the base loader class and unblocking five subtrees (file, buffer and source variants) keeps libvips's
// many other loaders (SVG, TIFF, PDF, ...) and their attack surface out of reach. The HEIF loader reads AVIF, and a HEIC's
// header and metadata; sharp's build has no HEVC decoder, so HEIC pixels come from libheif in WebAssembly
// (heic/decode-heic.ts, docs/decisions/0400-heic-input.md).
sharp.block({ operation: ['VipsForeignLoad'] });
// GIF is unblocked for GIF uploads, still and animated (docs/decisions/0402-animation.md): libvips reads GIF with
// libnsgif, a small decoder written for untrusted web content, and frame bombs are refused from the header first.
sharp.unblock({ operation: ['VipsForeignLoadJpeg', 'VipsForeignLoadPng', 'VipsForeignLoadWebp', 'VipsForeignLoadHeif', 'VipsForeignLoadNsgif'] });
// SVG is unblocked for SVG uploads only after sanitising (docs/decisions/0403-svg-input.md): librsvg is handed text
// with no scripts, no external references and no DOCTYPE (svg/sanitise-svg.ts), and never an upload as it came.
sharp.unblock({ operation: ['VipsForeignLoadSvg'] });

export { sharp };

/**
 * Truncated or corrupt image data is refused rather than decoded leniently. With failOn 'none'
 * libvips turns a half-downloaded photo into a picture whose lower part is flat grey, and the user
 * would get a "compressed" copy of a broken file with a success message. 'truncated' still lets
 * through what every browser shows fine: files with benign warnings such as a wrong chunk CRC or
 * stray bytes before a marker, which 'warning' (sharp's default) would reject.
 */
export const FAIL_ON = 'truncated' as const;

