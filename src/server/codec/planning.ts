// The codec's second public entry: what the server process needs to plan and route compressions (sniffing, PNG
// header limits, time limits, memory costs, the protocol's types and errors) without loading the image libraries.
// The codec processes use index.ts, which brings the sharp engine. Nothing outside the codec imports other files.
export { sniffImageFormat, sniffInputFormat, SNIFF_BYTES } from './input/sniff';
export { PNG_HEADER_BYTES, pngDimensions, pngOverLimit } from './input/png-header';
export { AnimationCounter, animationOverLimit } from './input/animation-header';
export { heicDimensions } from './input/heic-header';
export { jxlDimensions } from './input/jxl-header';
export { decodedOverLimit, decodedSize } from './input/decoded-size';
export { uploadFrames } from './input/upload-frames';
export { unsupportedFeature } from './input/unsupported-features';
export { apngOverLimit } from './animation/apng';
export { apngHeader } from '#codec-core/index';
export { sniffSvg, SVG_DOCTYPE_MESSAGE, SVG_SNIFF_BYTES, svgOverLimit } from './svg/sniff-svg';
export { svgRemovalNote } from './svg/svg-removals';
export { autoSearchSeconds, codecTimeLimit, DEFAULT_TIMEOUT_SECONDS, encodedFormats, workingBytesPerPixel } from './time-limit';
export { smartMetricBytes, type CostControl } from './costs';
export { memoryLimitError, timeoutError } from './errors';
export { CodecError, MIME_TYPES, type CodecErrorKind, type CompressOptions, type CompressResult, type ImageFacts, type ImageFormat, type OutputFormat } from './types';
export type { Estimate, EstimateOptions, Region } from './index';
export type { CodecLimits, CodecSettings } from './types';
