// How many frames a JPEG XL file holds. Its header says only whether it is an animation; the frames follow one after
// another, each with its own header and table of contents. libjxl's `jxlinfo` walks them without decoding a pixel
// (a few megabytes, milliseconds), so an animation is planned and limited by all its frames like a GIF or a WebP, not
// by its first (docs/decisions/0533-helper-processes-inside-the-memory-plan.md).
import { HelperFailed, runHelper } from '#server/codec/helper-process';

/** jxlinfo reads headers only: far less than a decoder needs. */
const JXLINFO_ADDRESS_SPACE_BYTES = 256 * 1024 ** 2;
/** A walk that takes longer than this is not of a file anyone needs compressed. */
const JXLINFO_SECONDS = 10;
/** Its listing is about 45 bytes a frame. */
const JXLINFO_OUTPUT_BYTES = 16 * 1024 * 1024;

/**
 * The frames of the JPEG XL file at `file` (1 for a still image; coalesced, as the decoder delivers them), or null
 * when they could not be counted (a damaged file, the tool missing, or over its limits): the codec then decides,
 * inside its own limits.
 */
export async function jxlFrameCount(file: string): Promise<number | null> {
  try {
    const info = await runHelper('jxlinfo', [file], {
      addressSpaceBytes: JXLINFO_ADDRESS_SPACE_BYTES,
      signal: AbortSignal.timeout(JXLINFO_SECONDS * 1000),
      maxStdoutBytes: JXLINFO_OUTPUT_BYTES,
    });
    return framesIn(info);
  } catch (error) {
    // Cut off after listing more frames than its output may hold: those at least are there, which is what a limit
    // needs (about 370,000 frames: over the pixel limit from a 16×17 canvas up).
    if (error instanceof HelperFailed && framesIn(error.stdout) > 1) return framesIn(error.stdout);
    return null;
  }
}

/** One line per frame of an animation, none for a still image. */
const framesIn = (info: string) => Math.max(1, info.match(/^frame:/gm)?.length ?? 0);
