// The codec's public surface. Pure: no HTTP, database, queue or configuration in here.
export { compress, DEFAULT_TIMEOUT_SECONDS } from './compress';
export { sniffImageFormat, SNIFF_BYTES } from './sniff';
export { COMPRESSION_PRESETS } from './presets';
export * from './types';
