// Compression settings state (spec section 4): defaults, presets and the custom slider, plus the output format,
// which is remembered across visits.
import type { CompressionType, Preset } from '#contract/api';
import { DEFAULT_COMPRESSION_TYPE, DEFAULT_QUALITY } from '#contract/limits';
import { DEFAULT_BACKGROUND, OUTPUT_FORMATS, parseColour, type OutputFormat, type SettingsRequest } from '#contract/settings';
import { DEFAULT_CONTROL, apiSettings, loadStoredControl, type ControlSettings } from './control';

/**
 * Where Auto's results go next: `web` lets it pick among the formats every current major browser shows (AVIF, WebP,
 * JPEG, PNG), whatever the uploader's own browser shows, since a website's visitors use all of them; JPEG XL only
 * when chosen as the format (docs/decisions/0551-auto-for-websites-by-audience.md). `apps` limits it to JPEG and PNG,
 * which every mail client, marketplace and older desktop app opens (sent as the API's `formats`:
 * docs/decisions/0426-one-settings-model.md).
 */
export type AutoTarget = 'web' | 'apps';
export const WEB_FORMATS = 'avif,webp,jpeg,png';
export const APPS_FORMATS = 'jpeg,png';

export interface CompressionSettings {
  /** Mode, target size, resize and metadata (control.ts), remembered across visits. */
  control: ControlSettings;
  quality: number;
  type: CompressionType;
  custom: boolean;
  format: OutputFormat;
  /** '#rrggbb' that transparency is flattened onto when the output is JPEG. */
  background: string;
  /** Auto's candidates: for websites (any shown format) or for email and apps (JPEG/PNG). */
  autoFor: AutoTarget;
}

export const DEFAULT_SETTINGS: CompressionSettings = {
  control: DEFAULT_CONTROL,
  quality: DEFAULT_QUALITY,
  type: DEFAULT_COMPRESSION_TYPE,
  custom: false,
  format: 'original',
  background: DEFAULT_BACKGROUND,
  autoFor: 'web',
};

/**
 * The settings card as the contract's typed request, handed to either job source: the quality and format, the control
 * settings in the API's terms, and Auto's candidates for where the files go.
 */
export function uploadSettings(settings: Pick<CompressionSettings, 'quality' | 'type' | 'format' | 'background' | 'control' | 'autoFor'>): SettingsRequest {
  const { quality, type, format, background, control, autoFor } = settings;
  return { quality, type, format, background, ...apiSettings(control), ...(format === 'auto' ? { formats: autoFor === 'apps' ? APPS_FORMATS : WEB_FORMATS } : {}) };
}

type QualityChoice = Pick<CompressionSettings, 'quality' | 'type' | 'custom'>;

/** Moving the custom slider switches to custom mode with type standard. */
export const withCustomQuality = (quality: number): QualityChoice => ({
  quality: Math.max(1, Math.min(100, Math.round(quality))),
  type: 'standard',
  custom: true,
});

/** Choosing a preset takes its quality and type and leaves custom mode. */
export const withPreset = (preset: Pick<Preset, 'quality' | 'type'>): QualityChoice => ({
  quality: preset.quality,
  type: preset.type,
  custom: false,
});

/** Which preset the settings correspond to, if any. */
export const selectedPresetId = (settings: QualityChoice, presets: readonly Preset[]): string | null =>
  settings.custom ? null : (presets.find((p) => p.quality === settings.quality && p.type === settings.type)?.id ?? null);

/** The format choice (and its background) survives visits; quality follows the spec's defaults on every visit. */
export const FORMAT_STORAGE_KEY = 'imagesqueeze.output-format';

interface StoredFormat {
  format: OutputFormat;
  background: string;
  autoFor?: AutoTarget;
}

export function loadStoredFormat(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): StoredFormat | null {
  try {
    const raw = storage?.getItem(FORMAT_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredFormat>;
    const format = (OUTPUT_FORMATS as readonly string[]).includes(parsed.format ?? '') ? (parsed.format as OutputFormat) : null;
    if (!format) return null;
    return { format, background: parseColour(parsed.background ?? '') ?? DEFAULT_BACKGROUND, autoFor: parsed.autoFor === 'apps' ? 'apps' : 'web' };
  } catch {
    return null; // storage blocked or damaged: defaults
  }
}

export function storeFormat(value: StoredFormat, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(FORMAT_STORAGE_KEY, JSON.stringify({ format: value.format, background: value.background, autoFor: value.autoFor ?? 'web' }));
  } catch {
    // Private mode or a full quota: the choice simply is not remembered.
  }
}

export function initialSettings(): CompressionSettings {
  return { ...DEFAULT_SETTINGS, ...loadStoredFormat(), control: loadStoredControl() };
}
