// How many frames an upload holds, counted at upload without decoding, so settings that would drop all but one are
// refused there (docs/decisions/0586-misfits-refused-at-upload.md). 1 for a still image, or when nothing says more.
import { apngHeader } from '#codec-core/index';
import type { InputFormat } from '#contract/settings';
import type { AnimationSize } from './animation-header';
import { fileHead, type DecodedSize } from './decoded-size';

/** An APNG's `acTL` comes before its first image data; text, colour profile and other chunks may come first. */
const PNG_CHUNKS_BEFORE_IMAGE_BYTES = 1024 * 1024;

/**
 * The frames of the upload at `file`: a GIF's or WebP's as counted while it streamed in (`counted`), an APNG's from
 * its `acTL` chunk, a JPEG XL's as its planning counted them (`decoded`).
 */
export async function uploadFrames(format: InputFormat, file: string, counted: AnimationSize | null, decoded: DecodedSize | null): Promise<number> {
  if (format === 'gif' || format === 'webp') return counted?.frames ?? 1;
  if (format === 'png') return apngHeader(await fileHead(file, PNG_CHUNKS_BEFORE_IMAGE_BYTES))?.frames ?? 1;
  if (format === 'jxl') return decoded?.frames ?? 1;
  return 1;
}
