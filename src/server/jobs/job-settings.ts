// A job's compression settings as row columns, and back: the row is the truth (queue messages carry only ids), so
// an upload writes its settings there, the runner reads them from there, and a re-tune starts from them.
import type { JobRow, NewJob } from '#server/db/schema';
import type { CompressSettings, CompressSettingsInput } from '#contract/settings-schema';
import type { ControlOptions } from '#server/sandbox/protocol';

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

/** The row's mode, resize bounds and metadata policy, as the codec takes them. */
export function controlOptionsOf(row: JobRow): ControlOptions {
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
    ...controlOptionsOf(row),
  };
}
