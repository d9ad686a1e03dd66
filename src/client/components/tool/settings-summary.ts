// The settings card's one-line summary ("Quality 80 · Keep original · metadata removed · original size"): what the
// next upload will do, readable without opening the card.
import { FORMAT_LABELS, type MetadataPolicy } from '#contract/settings';
import { MODE_LABELS } from './control';
import type { CompressionSettings } from './settings';

const METADATA_SUMMARY: Record<MetadataPolicy, string> = { strip: 'metadata removed', keep: 'metadata kept without location', 'keep-all': 'all metadata kept' };

function qualityPart({ control, quality }: CompressionSettings): string {
  switch (control.mode) {
    case 'quality':
      return `Quality ${quality}`;
    case 'smart':
      return `Smart, at most quality ${quality}`;
    case 'size':
      return `Target size ${control.targetKb.trim() || '?'} KB`;
    default:
      return MODE_LABELS[control.mode];
  }
}

function formatPart({ format, autoFor }: CompressionSettings): string {
  if (format === 'auto') return autoFor === 'apps' ? 'Auto format (JPEG/PNG)' : 'Auto format';
  return format === 'original' ? 'Keep original format' : FORMAT_LABELS[format];
}

function sizePart({ control }: CompressionSettings): string {
  const w = control.maxWidth.trim();
  const h = control.maxHeight.trim();
  if (!w && !h) return 'original size';
  return `fit ${w || 'any'} × ${h || 'any'} px`;
}

/** The parts of the summary, in the card's order: quality, format, metadata, size. */
export function settingsSummary(settings: CompressionSettings, onDevice = false): string[] {
  return [qualityPart(settings), formatPart(settings), METADATA_SUMMARY[onDevice ? 'strip' : settings.control.metadata], sizePart(settings)];
}
