// The codec core's public entry: the rules that make our output what it is, in plain TypeScript with no platform in
// it (no node:*, no sharp, nothing of the server's), run by an Engine (./engine.ts). The server's codec processes
// run it with sharp; the browser's private mode with WebAssembly encoders.
export { compress, STRATEGIES } from './pipeline';
export { clampQuality } from './job';
export { estimate, estimateJson, ESTIMATE_SAMPLE_PIXELS, PREVIEW_MAX_SIDE, type Estimate, type UploadInstead } from './estimate';
export { FORMATS, type FormatDescriptor } from './formats';
export { boundsOf, fitInside, scaledBy } from './geometry';
export { anyTransparent, countsAsPhoto, planAutoCandidates, planLosslessCandidates, PHOTO_COLOUR_COUNT, type CandidatePlan } from './candidates';
export { animationUploadKept, animationUploadRule, givenLargerNote, largerThanUploadNote, type AnimationUploadFormat } from './never-larger';
export { settingsMisfit, type Misfit, type UploadShape } from './settings-fit';
export { ssimulacra2 } from './metrics/ssimulacra2';
export { proxyOf, type Region } from './pixels';
export { smartTarget, SMART_SCORED_PIXELS } from './modes/smart';
export { meetsTarget } from './modes/size';
export * from './errors';
export type * from './engine';
export { basePolicy } from './engine';
export type * from './result';
// What engines need to encode as the descriptors say (option mappings, JPEG's chroma choice).
export { avifLosslessOptions, avifOptions, type AvifSettings } from './formats/avif';
export { chooseChromaSubsampling, jpegOptions, type ChromaSubsampling, type JpegSettings } from './formats/jpeg';
export { webpLosslessOptions, webpOptions, type WebpSettings } from './formats/webp';
export { chromaDetail } from './metrics/chroma';
// PNG's palette climb, run by every engine with its own quantiser, decoder and optimiser filling the hooks.
export { encodePalettePng, fitsInPalette, type PaletteHooks, type PaletteRequest } from './formats/png-palette';
export type { RawImage } from './metrics/similarity';
export { paletteOptions } from './formats/png';
// Container bytes: the one sniffer, the walkers and writers, and the one strip policy for passing an upload on.
export * from './container';
