// Business constants from the spec (section 9), shared by server, client and the static pages.
export const GUEST_MAX_FILE_SIZE = 10 * 1024 * 1024; // 10 MB, stated to users as "10 MB"
export const GUEST_MAX_FILES = 10;
export const USER_MAX_FILES = 50;
/** Safety ceiling for signed-in users, who are told there is no size limit. */
export const USER_MAX_FILE_SIZE = 200 * 1024 * 1024;
/** Smaller than this, no JPEG, PNG, WebP or AVIF can hold even one pixel: refused as "File is smaller than N bytes". */
export const MIN_FILE_SIZE = 16;
/**
 * Decoded pixel cap (decompression bombs); 100 megapixels. An animation counts every frame (width × height ×
 * frames), so a small file with thousands of frames cannot exhaust a codec process (docs/decisions/0402).
 */
export const MAX_INPUT_PIXELS = 100_000_000;
/**
 * PNG images, read or written, at most 16 megapixels: the PNG path (palette search with a quality check, then
 * oxipng) costs about 25 bytes and 1 s of a core per 1.1 megapixels, so larger ones cannot finish in the time limit
 * within a codec process's memory bound. Refused at upload from the PNG header when the input is a PNG.
 */
export const MAX_PNG_PIXELS = 16_000_000;
/**
 * AVIF results at most 24 megapixels: libaom needs about 30 MB a megapixel besides the picture (measured on
 * 2026-11-28: 677 MB resident at 16 MP, 929 MB at 24, 1,168 MB at 32), so a larger AVIF cannot be made within a codec
 * process's memory bound. Auto leaves AVIF out above it; AVIF asked for fails at once, naming the limit (0587).
 */
export const MAX_AVIF_PIXELS = 24_000_000;
/** Resident memory one codec process may reach while compressing; past it the job fails (docs/decisions/0122). */
export const CODEC_MEMORY_LIMIT_BYTES = 1024 * 1024 * 1024;
export const MAX_CONCURRENT_JOBS = 3;
export const MAX_RETRIES = 3;
export const RETENTION_HOURS = 24;
export const DEFAULT_QUALITY = 80;
export const DEFAULT_COMPRESSION_TYPE = 'web';
/** HEIC is taken only while the server's HEIC_INPUT setting is on (the default); see docs/decisions/0400-heic-input.md. */
export const ACCEPTED_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/jxl', 'image/gif', 'image/heic', 'image/heif'] as const;
export const ACCEPTED_EXTENSIONS = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/avif': ['.avif'],
  'image/jxl': ['.jxl'],
  'image/gif': ['.gif'],
  'image/svg+xml': ['.svg'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
} as const;
