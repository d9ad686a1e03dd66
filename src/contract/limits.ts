// Business constants from the spec (section 9), shared by server, client and the static pages.
export const GUEST_MAX_FILE_SIZE = 10 * 1024 * 1024; // 10 MB, stated to users as "10 MB"
export const GUEST_MAX_FILES = 10;
export const USER_MAX_FILES = 50;
/** Safety ceiling for signed-in users, who are told there is no size limit. */
export const USER_MAX_FILE_SIZE = 200 * 1024 * 1024;
/** Decoded pixel cap (decompression bombs); 100 megapixels. */
export const MAX_INPUT_PIXELS = 100_000_000;
export const MAX_CONCURRENT_JOBS = 3;
export const MAX_RETRIES = 3;
export const RETENTION_HOURS = 24;
export const DEFAULT_QUALITY = 80;
export const DEFAULT_COMPRESSION_TYPE = 'web';
export const ACCEPTED_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const ACCEPTED_EXTENSIONS = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] } as const;
