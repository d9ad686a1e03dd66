// The codec's public surface. Pure: no HTTP, database, queue or configuration in here.
export { compress } from './compress';
export { sniffImageFormat, SNIFF_BYTES } from './sniff';
export { ENCODERS } from './encoders';
export { codecTimeLimit, DEFAULT_TIMEOUT_SECONDS } from './time-limit';
export { makePreview, PREVIEW_MAX_EDGE } from './preview';
export * from './types';
