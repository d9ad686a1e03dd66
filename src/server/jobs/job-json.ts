// Row -> API Job. compressedPath is the download URL, never a filesystem path.
import type { CompressionType, FormatDecision, Job, JobStatus } from '#contract/api';
import { originalFormatNote, type OutputFormat } from '#contract/settings';
import { svgRemovalNote } from '#server/codec/planning';
import type { JobRow } from '#server/db/schema';

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

function parseDecision(json: string | null): FormatDecision | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as FormatDecision;
  } catch {
    return null;
  }
}

/**
 * An animated PNG or JPEG XL in `original` format comes out as animated WebP (docs/decisions/0408-animated-png.md,
 * 0513-animated-jpeg-xl.md) unless it was kept as it came: the card says why, as it does for the formats we only
 * read. Known only once the job completed (the frames are counted then).
 */
const ANIMATED_NOTES: Record<string, string> = {
  'image/png': 'Animated PNG converted to WebP: WebP keeps the animation in a smaller file, and nothing here writes animated PNG',
  'image/jxl': 'Animated JPEG XL converted to WebP: WebP keeps every frame and its timing, and nothing here writes animated JPEG XL',
};

function formatNoteOf(row: JobRow, completed: boolean): string | null {
  const asked = row.output_format as OutputFormat;
  const animated = completed && asked === 'original' && (row.animation_frames ?? 0) > 1 && row.output_mime_type === 'image/webp';
  const animatedNote = animated ? ANIMATED_NOTES[row.mime_type] : undefined;
  const formatNote = animatedNote ?? originalFormatNote(row.mime_type, asked, completed ? row.output_mime_type : null);
  // Then what the SVG sanitiser removed, by name, in whatever format the result is (docs/decisions/0500), and what
  // the codec left out or cut short (0515): one sentence each, in that order.
  const notes = [formatNote, completed ? svgRemovalNote(row.svg_removed) : null, completed ? row.result_note : null];
  const sentences = notes.filter((note): note is string => !!note).map((note) => note.replace(/\.$/, ''));
  return sentences.length ? sentences.join('. ') : null;
}

export function toJobJson(row: JobRow): Job {
  const completed = row.status === 'completed';
  return {
    id: row.id,
    filename: row.filename,
    status: row.status as JobStatus,
    originalSize: row.original_size,
    compressedSize: completed ? row.compressed_size : null,
    originalWidth: row.original_width,
    originalHeight: row.original_height,
    compressedWidth: completed ? row.compressed_width : null,
    compressedHeight: completed ? row.compressed_height : null,
    compressionQuality: row.quality,
    compressionType: row.compression_type as CompressionType,
    compressedPath: completed ? `/api/download/${row.id}` : null,
    // Versioned by completion time, so a re-run result gets a new URL and the old preview can be cached for good.
    previewPath: completed ? `/api/jobs/${row.id}/preview?v=${row.completed_at ?? 0}` : null,
    mimeType: row.mime_type,
    outputFormat: row.output_format as OutputFormat,
    outputMimeType: completed ? (row.output_mime_type ?? row.mime_type) : null,
    flattenedOnto: completed ? row.flattened_onto : null,
    animationFrames: completed ? (row.animation_frames ?? null) : null,
    formatNote: formatNoteOf(row, completed),
    formatDecision: completed ? parseDecision(row.format_decision) : null,
    mode: row.mode,
    targetSize: row.target_size,
    allowResize: row.allow_resize === 1,
    maxWidth: row.max_width,
    maxHeight: row.max_height,
    metadata: row.metadata,
    revision: row.revision,
    chosenQuality: completed ? row.chosen_quality : null,
    targetMet: completed && row.target_met !== null ? row.target_met === 1 : null,
    perceptualScore: completed ? row.perceptual_score : null,
    // A retryable failure keeps its last message on a pending row; only a failed job shows it.
    error: row.status === 'error' ? row.error : null,
    createdAt: iso(row.created_at)!,
    completedAt: iso(row.completed_at),
    expiresAt: iso(row.expires_at)!,
  };
}
