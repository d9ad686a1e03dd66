// The "control" part of the compression settings (mode, target size, resize bounds, metadata) as the settings panel
// edits it: text as typed, checked field by field with the contract's rules, turned into the API's form fields, and
// remembered across visits like the format.
import {
  COMPRESSION_MODES,
  METADATA_POLICIES,
  SETTING_DEFAULTS,
  dimensionProblem,
  targetSizeProblem,
  type CompressionMode,
  type MetadataPolicy,
  type OutputFormat,
} from '#contract/settings';

export interface ControlSettings {
  mode: CompressionMode;
  /** Size mode's target, in kilobytes as typed (people think "under 200 KB"). */
  targetKb: string;
  allowResize: boolean;
  /** Resize bounds in pixels as typed; blank means no bound. */
  maxWidth: string;
  maxHeight: string;
  metadata: MetadataPolicy;
}

/** The contract's defaults; the size target is the panel's own suggestion (the API has none: it must be given). */
export const DEFAULT_CONTROL: ControlSettings = {
  mode: SETTING_DEFAULTS.mode,
  targetKb: '200',
  allowResize: SETTING_DEFAULTS.allowResize,
  maxWidth: '',
  maxHeight: '',
  metadata: SETTING_DEFAULTS.metadata,
};

export type ControlField = 'targetSize' | 'maxWidth' | 'maxHeight';

export const MODE_NOTES: Record<CompressionMode, string> = {
  quality: 'Uses the quality you set, as it is.',
  smart: 'The smallest file that still looks the same: per image, the lowest quality (at most the one set) that a perceptual metric cannot tell apart.',
  size: 'Finds the best quality that keeps each file under the size you give.',
  lossless: 'Keeps every pixel exactly; files shrink less.',
};

export const METADATA_NOTES: Record<MetadataPolicy, string> = {
  strip: 'Removes camera data, GPS location and editing history (recommended for the web).',
  keep: 'Keeps copyright, camera data and the colour profile; removes the GPS location.',
  'keep-all': 'Keeps all metadata, including the GPS location.',
};

export const MODE_LABELS: Record<CompressionMode, string> = { quality: 'Quality', smart: 'Smart', size: 'Target size', lossless: 'Lossless' };
/** Each mode in a few plain words, for the settings card's mode choice. */
export const MODE_HINTS: Record<CompressionMode, string> = {
  quality: 'you set the quality',
  smart: 'the smallest that still looks the same',
  size: 'under a file size',
  lossless: 'every pixel kept',
};
export const METADATA_LABELS: Record<MetadataPolicy, string> = { strip: 'Remove', keep: 'Keep, without location', 'keep-all': 'Keep all' };

const KB = 1024;
const parseWhole = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));

/** What is wrong with each field, in words for the panel (the server answers the same cases with 400). */
export function controlProblems(control: ControlSettings): Partial<Record<ControlField, string>> {
  const problems: Partial<Record<ControlField, string>> = {};
  if (control.mode === 'size') {
    const kb = parseWhole(control.targetKb);
    const bytes = kb === undefined || !Number.isFinite(kb) ? undefined : Math.round(kb * KB);
    if (targetSizeProblem(bytes) !== null || (kb !== undefined && !Number.isFinite(kb))) problems.targetSize = 'Enter a target size of at least 1 KB';
  }
  for (const name of ['maxWidth', 'maxHeight'] as const) {
    const problem = dimensionProblem(name, parseWhole(control[name]));
    if (problem) problems[name] = `${name === 'maxWidth' ? 'Width' : 'Height'} must be a whole number of pixels from 1 to 16,384`;
  }
  return problems;
}

/**
 * A mode and an output format that cannot go together, in words for the panel; null when they can. Lossless cannot
 * write a new JPEG (the codec refuses every such file after upload), so the panel says so before anything is sent.
 */
export function formatModeProblem(format: OutputFormat, mode: CompressionMode): string | null {
  if (mode === 'lossless' && format === 'jpeg') return 'Lossless cannot make a JPEG: choose PNG, WebP, AVIF or Auto as the format, or another mode';
  return null;
}

/**
 * Lossless, the upload's own format and a resize bound: a JPEG upload that the bound makes smaller fails (lossless
 * JPEG output is only the upload kept at its own size), a PNG, WebP or AVIF one does not. Whether a JPEG gets
 * smaller is known only once it is decoded, so this is said next to the resize fields rather than refused.
 */
export function losslessResizeNote(format: OutputFormat, control: Pick<ControlSettings, 'mode' | 'maxWidth' | 'maxHeight'>): string | null {
  if (control.mode !== 'lossless' || format !== 'original' || !(control.maxWidth.trim() || control.maxHeight.trim())) return null;
  return 'Lossless cannot resize a JPEG and keep it a JPEG: JPEG files larger than this will fail. Choose PNG, WebP or AVIF as the format to resize them';
}

/** A resize bound as the API takes it: blank is null (no bound; a re-tune removes one). */
const bound = (text: string): number | null => (text.trim() ? Number(text.trim()) : null);

/** The panel's control settings in the API's terms, the contract's field names and units. */
export interface ControlApiSettings {
  mode: CompressionMode;
  metadata: MetadataPolicy;
  targetSize?: number;
  allowResize?: boolean;
  maxWidth: number | null;
  maxHeight: number | null;
}

/**
 * The one mapping from the settings panel to the API's settings, for an upload (settings.ts) and for Adjust's
 * re-tune and estimate (adjust-dialog.tsx): kilobytes to bytes, typed text to numbers, blank bounds to null.
 */
export function apiSettings(control: ControlSettings): ControlApiSettings {
  return {
    mode: control.mode,
    metadata: control.metadata,
    ...(control.mode === 'size' ? { targetSize: Math.round(Number(control.targetKb) * KB), allowResize: control.allowResize } : {}),
    maxWidth: bound(control.maxWidth),
    maxHeight: bound(control.maxHeight),
  };
}

export const CONTROL_STORAGE_KEY = 'imagesqueeze.control';

export function loadStoredControl(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ControlSettings {
  try {
    const parsed = JSON.parse(storage?.getItem(CONTROL_STORAGE_KEY) ?? 'null') as Partial<ControlSettings> | null;
    if (!parsed) return DEFAULT_CONTROL;
    return {
      mode: (COMPRESSION_MODES as readonly string[]).includes(parsed.mode ?? '') ? parsed.mode! : DEFAULT_CONTROL.mode,
      targetKb: typeof parsed.targetKb === 'string' ? parsed.targetKb : DEFAULT_CONTROL.targetKb,
      allowResize: parsed.allowResize === true,
      maxWidth: typeof parsed.maxWidth === 'string' ? parsed.maxWidth : '',
      maxHeight: typeof parsed.maxHeight === 'string' ? parsed.maxHeight : '',
      metadata: (METADATA_POLICIES as readonly string[]).includes(parsed.metadata ?? '') ? parsed.metadata! : DEFAULT_CONTROL.metadata,
    };
  } catch {
    return DEFAULT_CONTROL; // storage blocked or damaged: defaults
  }
}

export function storeControl(control: ControlSettings, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(CONTROL_STORAGE_KEY, JSON.stringify(control));
  } catch {
    // Private mode or a full quota: the choice simply is not remembered.
  }
}
