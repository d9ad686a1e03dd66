// Settings that cannot give what they ask for with this upload, known before anything is decoded: refused at upload
// (or at a re-tune) with the cause and what to choose instead, never left to fail after the upload as a job
// (docs/decisions/0586-misfits-refused-at-upload.md). One rule for every front door.
import { FORMAT_LABELS, INPUT_ONLY_LABELS, isInputOnlyFormat, ORIGINAL_OUTPUT_OF, type CompressionMode, type ImageFormat, type InputFormat, type OutputFormat } from '#contract/settings';

/** What is known of an upload before it is decoded: its format and how many frames it holds (1 for a still). */
export interface UploadShape {
  format: InputFormat;
  frames: number;
}

/** The formats an animation can come back in with every frame: animated WebP, or the upload itself (0402, 0513). */
const ANIMATION_KEEPING: readonly OutputFormat[] = ['original', 'webp', 'auto'];

const misfit = (field: Misfit['field'], message: string): Misfit => ({ field, message });

const labelOf = (format: InputFormat) => (isInputOnlyFormat(format) ? INPUT_ONLY_LABELS[format] : FORMAT_LABELS[format]);

/** The format `format` means for this upload when it names one (`original` resolved), or null for Auto. */
function askedFormat(upload: InputFormat, format: OutputFormat): ImageFormat | null {
  if (format === 'auto') return null;
  if (format !== 'original') return format;
  return isInputOnlyFormat(upload) ? ORIGINAL_OUTPUT_OF[upload] : upload;
}

/**
 * Why these settings cannot be honoured for this upload, said to its user, or null when they can:
 * - an animation asked for as a still format would lose its frames;
 * - lossless JPEG exists only as the JPEG upload itself;
 * - a HEIC is lossy-coded and not a format we can hand back, so a lossless copy in a format browsers show is
 *   always larger than the upload (never larger is kept on every path, 0585).
 */
/** Why, and the setting to change. */
export interface Misfit {
  field: 'format' | 'mode';
  message: string;
}

export function settingsMisfit(upload: UploadShape, settings: { format: OutputFormat; mode: CompressionMode }): Misfit | null {
  const { format, mode } = settings;
  const label = labelOf(upload.format);
  if (upload.frames > 1 && !ANIMATION_KEEPING.includes(format)) {
    return misfit('format', `This ${label} is an animation of ${upload.frames} frames, and saved as ${FORMAT_LABELS[format]} it would keep only one of them: choose Keep original, WebP or Auto to keep every frame (as animated WebP)`);
  }
  if (mode !== 'lossless') return null;
  if (upload.format === 'heic') {
    return misfit('mode', 'Lossless mode cannot make a HEIC smaller: HEIC photos are stored with lossy compression, so a pixel-identical copy in PNG, WebP, AVIF or JPEG XL is larger than the upload. Choose Quality or Smart mode');
  }
  if (askedFormat(upload.format, format) === 'jpeg' && upload.format !== 'jpeg') {
    return misfit('format', `Lossless JPEG output is only possible for a JPEG upload, not for this ${label}: choose PNG, WebP, AVIF or Auto for a lossless copy`);
  }
  return null;
}
