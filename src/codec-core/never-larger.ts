// The one rule deciding when the upload itself is the result. docs/decisions/0201-never-larger-across-formats.md
// and 0301-one-codec-pipeline.md.
import { BROWSER_SHOWN_FORMATS, FORMAT_LABELS, INPUT_ONLY_LABELS, isInputOnlyFormat, type ImageFormat, type InputOnlyFormat, type OutputFormat } from '#contract/settings';
import type { CodecSettings, Size } from './engine';
import { boundsOf } from './geometry';

/**
 * The upload, as it would be passed on (its own bytes with only the metadata the settings keep), wins when it is
 * no larger than its rival: the best encoding made, or in size mode the target before anything is encoded. Ties go
 * to the upload: same size, no generation loss. `passedOn` is null when the upload cannot be the result (another
 * format or size was asked for, or its metadata cannot be removed without re-encoding); `rival` is null when
 * nothing was encoded (lossless JPEG: only the upload can be the result).
 */
export function uploadWins(passedOn: number | null, rival: number | null): boolean {
  return passedOn !== null && (rival === null || passedOn <= rival);
}

/** How much larger, said as people read it: "3% larger than", "4.2 times the size of". */
function largerThan(bytes: number, than: number): string {
  const ratio = bytes / than;
  if (ratio < 2) return `${Math.max(1, Math.ceil((ratio - 1) * 100))}% larger than`;
  return `${ratio < 10 ? ratio.toFixed(1) : Math.round(ratio)} times the size of`;
}

/**
 * The job's note when the upload is passed on because what was asked for came out larger (0585): names the format
 * asked for (or Auto's smallest) and the upload's, so the result's format is never a surprise.
 */
export function largerThanUploadNote(given: { asked: OutputFormat; made: ImageFormat; bytes: number; upload: ImageFormat | InputOnlyFormat; uploadBytes: number }): string {
  const { asked, made, bytes, upload, uploadBytes } = given;
  const label = isInputOnlyFormat(upload) ? INPUT_ONLY_LABELS[upload] : FORMAT_LABELS[upload];
  const what =
    asked === 'auto'
      ? `Every format Auto tried is larger than this ${label} upload (the smallest, ${FORMAT_LABELS[made]}, is ${largerThan(bytes, uploadBytes)} it)`
      : `${FORMAT_LABELS[made]} of this image is ${largerThan(bytes, uploadBytes)} the ${label} upload`;
  return `${what}, so the upload is returned as ${label}, as it came (with only the metadata your settings keep)`;
}

/** The note when a HEIC's conversion came out larger and the format `original` gives it was delivered instead (0585). */
export function readOnlyFallbackNote(given: { made: ImageFormat; bytes: number; upload: InputOnlyFormat; uploadBytes: number; instead: ImageFormat }): string {
  const { made, bytes, upload, uploadBytes, instead } = given;
  return `${FORMAT_LABELS[made]} of this image is ${largerThan(bytes, uploadBytes)} the ${INPUT_ONLY_LABELS[upload]} upload, which browsers other than Safari cannot show, so it is delivered as ${FORMAT_LABELS[instead]}, no larger than the upload`;
}

/**
 * The note on a result larger than the upload that is still given (0585): a JPEG XL or HEIC converted to be shown
 * (handing it back would undo the point), a resize, or formats the viewer named for Auto.
 */
export function givenLargerNote(given: { made: ImageFormat; bytes: number; upload: ImageFormat | InputOnlyFormat; uploadBytes: number }): string {
  const { made, bytes, upload, uploadBytes } = given;
  const label = isInputOnlyFormat(upload) ? INPUT_ONLY_LABELS[upload] : FORMAT_LABELS[upload];
  return `${FORMAT_LABELS[made]} of this image is ${largerThan(bytes, uploadBytes)} the ${label} upload, given as asked`;
}

/** An animation the pipeline writes as animated WebP from another format: a GIF, an APNG or a JPEG XL. */
export type AnimationUploadFormat = 'gif' | 'png' | 'jxl';

/**
 * Never larger, for an animation the pipeline writes as WebP from another format (0408, 0510, 0585), which it cannot
 * hand back itself (it opened frames, and GIF is no output format): how its upload, passed on with only the metadata
 * the policy keeps, may stand in for the WebP. `as-original` in `original` format (and for a GIF in Auto too, since
 * every browser shows GIF): no larger than the WebP, ties to the upload. `if-smaller` when WebP or Auto was asked for:
 * strictly smaller, said in the note, and only where every browser shows the upload (a GIF or APNG, not a JPEG XL)
 * and the formats the viewer named include it (0201). Null: the WebP is the result (a resize, or a format required).
 */
export function animationUploadRule(upload: { format: AnimationUploadFormat; size: Size }, settings: CodecSettings): 'as-original' | 'if-smaller' | null {
  const { format } = upload;
  if (boundsOf(upload.size, settings)) return null;
  if (settings.format === 'original') return 'as-original';
  // A format the client requires (Tinify's convert) is given even when larger (0585).
  if (settings.formatRequired) return null;
  if (format === 'gif' && settings.format === 'auto') return 'as-original';
  if (!BROWSER_SHOWN_FORMATS.includes(format)) return null;
  if (settings.format === 'auto' && settings.formats?.length && !(settings.formats as readonly string[]).includes(format)) return null;
  return 'if-smaller';
}

/** Whether the animation's upload, passed on as `uploadBytes`, stands in for its WebP by `rule`, with the note to give. */
export function animationUploadKept(
  rule: 'as-original' | 'if-smaller',
  given: { asked: OutputFormat; webpBytes: number; upload: AnimationUploadFormat; uploadBytes: number },
): { note: string | null } | null {
  const { asked, webpBytes, upload, uploadBytes } = given;
  if (rule === 'as-original') return uploadWins(uploadBytes, webpBytes) ? { note: null } : null;
  if (uploadBytes >= webpBytes) return null;
  return { note: largerThanUploadNote({ asked, made: 'webp', bytes: webpBytes, upload, uploadBytes }) };
}
