// Compression settings state (spec section 4): defaults, presets and the custom slider.
import type { CompressionType, Preset } from '../../../contract/api';
import { DEFAULT_COMPRESSION_TYPE, DEFAULT_QUALITY } from '../../../contract/limits';

export interface CompressionSettings {
  quality: number;
  type: CompressionType;
  custom: boolean;
}

export const DEFAULT_SETTINGS: CompressionSettings = {
  quality: DEFAULT_QUALITY,
  type: DEFAULT_COMPRESSION_TYPE,
  custom: false,
};

/** Moving the custom slider switches to custom mode with type standard. */
export const withCustomQuality = (quality: number): CompressionSettings => ({
  quality: Math.max(1, Math.min(100, Math.round(quality))),
  type: 'standard',
  custom: true,
});

/** Choosing a preset takes its quality and type and leaves custom mode. */
export const withPreset = (preset: Pick<Preset, 'quality' | 'type'>): CompressionSettings => ({
  quality: preset.quality,
  type: preset.type,
  custom: false,
});

/** Which preset the settings correspond to, if any. */
export const selectedPresetId = (settings: CompressionSettings, presets: readonly Preset[]): string | null =>
  settings.custom ? null : (presets.find((p) => p.quality === settings.quality && p.type === settings.type)?.id ?? null);
