// The codec's public surface. Pure: no HTTP, database, queue or configuration in here.
export { compress, DEFAULT_TIMEOUT_SECONDS } from './compress';
export { sniffImageFormat, SNIFF_BYTES } from './sniff';
export { ENCODERS } from './encoders';
export { codecTimeLimit } from './time-limit';
export { makePreview, PREVIEW_MAX_EDGE } from './preview';
export { COMPRESSION_PRESETS } from './presets';
export * from './types';
