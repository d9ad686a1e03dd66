// Everything that reads or writes container bytes, on Uint8Array, for both engines (docs/decisions/0570).
export { ascii, concatBytes, crc32 } from './bytes';
export { EXIF_PREFIX, exifOrientation, minimalExif } from './exif-orientation';
export { heifCarriesMetadata, isMetadataItem, XMP_CONTENT_TYPE } from './heif-items';
export { findBox, isoBoxes, wholeBoxes, type IsoBox } from './iso-boxes';
export { jpegImageStart, jpegIsSubsampled, payloadStartsWith, walkJpeg, type JpegPart } from './jpeg-segments';
export { apngHeader, PNG_SIGNATURE, pngChunk, pngCrcHolds, walkPng, type ApngHeader, type PngChunk } from './png-chunks';
export { isAnimatedWebp, riffChunk, riffWebp, VP8X_EXIF, VP8X_XMP, walkWebp, withWebpMetadata, type RiffChunk, type WebpBlocks } from './riff';
export { isAvifSequence, isJxl, sniffImageFormat, sniffRasterFormat, SNIFF_BYTES } from './sniff';
export { jpegSegment, stripForPassOn, stripJpeg, stripPng, uploadOrientation, type PassOnHooks, type PassOnPolicy } from './strip';
