// A job's compression settings as row columns, and back: the row is the truth (queue messages carry only ids), so
// an upload writes its settings there, the runner reads them from there, and a re-tune starts from them.
import type { JobRow, NewJob } from '#server/db/schema';
import type { CompressSettings, CompressSettingsInput } from '#contract/settings-schema';
import { DEFAULT_CODEC_FIELDS } from '#contract/settings-schema';
import { IMAGE_FORMATS, OUTPUT_FORMATS, type ImageFormat, type OutputFormat } from '#contract/settings';
import type { CodecSettings } from '#server/codec/planning';

export type SettingsColumns = Pick<
  NewJob,
  | 'quality'
  | 'compression_type'
  | 'output_format'
  | 'background'
  | 'candidate_formats'
  | 'mode'
  | 'target_size'
  | 'allow_resize'
  | 'max_width'
  | 'max_height'
  | 'metadata'
>;

export function settingsColumns(settings: CompressSettings): SettingsColumns {
  return {
    quality: settings.quality,
    compression_type: settings.type,
    output_format: settings.format,
    background: settings.background,
    candidate_formats: settings.format === 'auto' && settings.formats ? settings.formats.join(',') : null,
    mode: settings.mode,
    // Only the size mode has a target; kept out of the row otherwise so the job never shows a stale one.
    target_size: settings.mode === 'size' ? (settings.targetSize ?? null) : null,
    allow_resize: settings.mode === 'size' && settings.allowResize ? 1 : 0,
    max_width: settings.maxWidth ?? null,
    max_height: settings.maxHeight ?? null,
    metadata: settings.metadata,
  };
}

/**
 * The row's settings as the codec takes them: the one settings value, whole. Values a row should never hold (an
 * unknown format, say) fall back to the contract's defaults rather than reaching the codec.
 */
export function codecSettingsOf(row: JobRow): CodecSettings {
  const defaults = DEFAULT_CODEC_FIELDS;
  const format = (OUTPUT_FORMATS as readonly string[]).includes(row.output_format) ? (row.output_format as OutputFormat) : defaults.format;
  const formats = row.candidate_formats?.split(',').filter((f): f is ImageFormat => (IMAGE_FORMATS as readonly string[]).includes(f));
  return {
    ...defaults,
    quality: row.quality,
    format,
    formats: formats?.length ? formats : undefined,
    background: row.background ?? defaults.background,
    ...controlOf(row),
  };
}

/** The row's mode, size target, resize bounds and metadata policy; unset ones absent, never null. */
function controlOf(row: JobRow) {
  return {
    mode: row.mode,
    targetSize: row.target_size ?? undefined,
    allowResize: row.allow_resize === 1,
    maxWidth: row.max_width ?? undefined,
    maxHeight: row.max_height ?? undefined,
    metadata: row.metadata,
  };
}

/** The row's settings as the settings schema takes them, so a re-tune changes only the fields it names. */
export function settingsInputOf(row: JobRow): CompressSettingsInput {
  return {
    quality: row.quality,
    type: row.compression_type,
    format: row.output_format,
    background: row.background ?? undefined,
    formats: row.candidate_formats ?? undefined,
    ...controlOf(row),
  };
}
